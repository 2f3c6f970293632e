import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THROTTLE, failuresInWindow, mayTrySignIn, type ThrottleLimits } from './login-throttle.ts';

const HOUR = 60 * 60 * 1000;
const NOW = 1_800_000_000_000;
const limits: ThrottleLimits = { windowMs: HOUR, perAccount: 5, perAddress: 8 };
// Failure times within the last two hours.
const times = fc.array(fc.integer({ min: NOW - 2 * HOUR, max: NOW }), { maxLength: 20 });

describe('the sign-in throttle', () => {
  it('allows a try exactly when both the account and the address are under their limits this hour', () => {
    fc.assert(
      fc.property(times, times, (account, address) => {
        const decision = mayTrySignIn(account, address, NOW, limits);
        const under =
          failuresInWindow(account, NOW, HOUR) < limits.perAccount &&
          failuresInWindow(address, NOW, HOUR) < limits.perAddress;
        expect(decision.allowed).toBe(under);
      }),
    );
  });

  it('when refusing, names the moment a try is allowed again: not before, and at that moment yes', () => {
    fc.assert(
      fc.property(times, times, (account, address) => {
        const decision = mayTrySignIn(account, address, NOW, limits);
        if (decision.allowed) return;
        expect(decision.retryAt).toBeGreaterThan(NOW);
        expect(decision.retryAt).toBeLessThanOrEqual(NOW + HOUR);
        expect(mayTrySignIn(account, address, decision.retryAt - 1, limits).allowed).toBe(false);
        expect(mayTrySignIn(account, address, decision.retryAt, limits).allowed).toBe(true);
      }),
    );
  });

  it('forgets failures older than the window and ignores the order they come in', () => {
    fc.assert(
      fc.property(times, (account) => {
        const recent = account.filter((t) => t > NOW - HOUR);
        const old = account.filter((t) => t <= NOW - HOUR);
        expect(mayTrySignIn(account, [], NOW, limits)).toEqual(mayTrySignIn(recent, [], NOW, limits));
        expect(mayTrySignIn([...recent].reverse(), [], NOW, limits)).toEqual(
          mayTrySignIn(recent, [], NOW, limits),
        );
        expect(mayTrySignIn(old, [], NOW, limits).allowed).toBe(true);
      }),
    );
  });

  it('by default refuses the 101st try at one account within the hour and allows the 100th', () => {
    const failures = (n: number) => Array.from({ length: n }, (_, i) => NOW - i * 1000);
    expect(mayTrySignIn(failures(99), [], NOW).allowed).toBe(true);
    expect(mayTrySignIn(failures(100), [], NOW).allowed).toBe(false);
    expect(DEFAULT_THROTTLE.perAddress).toBeGreaterThan(DEFAULT_THROTTLE.perAccount);
  });
});
