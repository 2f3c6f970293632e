// Failed sign-ins are counted per account and per network address over a sliding hour. Past the
// limit, sign-in is refused, even with the right password, until failures age out of the window:
// a password guesser gets at most `perAccount` tries an hour at one account.
export const THROTTLE_WINDOW_MS = 60 * 60 * 1000;
export const FAILURES_PER_ACCOUNT = 100;
// An office or a school shares one address: many people mistyping there must not lock it out.
export const FAILURES_PER_ADDRESS = 500;

export interface ThrottleLimits {
  readonly windowMs: number;
  readonly perAccount: number;
  readonly perAddress: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = {
  windowMs: THROTTLE_WINDOW_MS,
  perAccount: FAILURES_PER_ACCOUNT,
  perAddress: FAILURES_PER_ADDRESS,
};

/** Failures (their times, ms) still inside the window that ends now. */
export const failuresInWindow = (failureTimes: readonly number[], now: number, windowMs: number): number =>
  failureTimes.filter((t) => t > now - windowMs && t <= now).length;

export type ThrottleDecision =
  { readonly allowed: true } | { readonly allowed: false; readonly retryAt: number };

/**
 * May a sign-in be tried now? `account` and `address` are the failure times recorded for the
 * e-mail typed and for the caller's address. When refused, `retryAt` is when the oldest failure
 * that keeps the count at the limit leaves the window.
 */
export const mayTrySignIn = (
  account: readonly number[],
  address: readonly number[],
  now: number,
  limits: ThrottleLimits = DEFAULT_THROTTLE,
): ThrottleDecision => {
  const retryFor = (times: readonly number[], limit: number): number | null => {
    const live = times.filter((t) => t > now - limits.windowMs && t <= now).sort((a, b) => b - a);
    if (live.length < limit) return null;
    // The limit-th newest failure must age out before the count drops below the limit.
    return live[limit - 1]! + limits.windowMs;
  };
  const waits = [retryFor(account, limits.perAccount), retryFor(address, limits.perAddress)].filter(
    (t): t is number => t !== null,
  );
  return waits.length === 0 ? { allowed: true } : { allowed: false, retryAt: Math.max(...waits) };
};
