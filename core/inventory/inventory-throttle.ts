/**
 * Inventory throttle: inventory requests are blocked with a simulated status 429 when 5
 * requests fall within 250 ms (4 timestamps are kept), so one client cannot flood the inventory
 * calls of an on-sale. Pure, so the web uses it in front of its inventory calls and the server
 * per client, each keeping its own state.
 *
 * The rule, exactly: the state holds the times of the last (up to) 4 requests that went
 * through. A new request at `now` is blocked when those 4 and it would lie within 250 ms, i.e.
 * `now - oldest < 250`. Blocked requests are not recorded: they were never sent, and counting
 * them would keep a client that retries quickly blocked for ever. Hence no 250 ms window (half
 * open, [t, t + 250)) ever holds more than 4 allowed requests, and requests at least
 * 250 / 4 = 62.5 ms apart are never blocked.
 */
export const INVENTORY_THROTTLE_WINDOW_MS = 250;
export const INVENTORY_THROTTLE_KEPT = 4;

export interface InventoryThrottleState {
  /** Times (ms) of the last allowed requests, oldest first, at most 4. */
  readonly sent: readonly number[];
}

export type InventoryThrottleDecision =
  | { readonly allowed: true; readonly state: InventoryThrottleState }
  | {
      readonly allowed: false;
      readonly status: 429;
      /** How long until a request would go through, for a Retry-After answer. */
      readonly retryAfterMs: number;
      readonly state: InventoryThrottleState;
    };

export const emptyInventoryThrottle: InventoryThrottleState = { sent: [] };

/**
 * Decides whether an inventory request at `now` (ms, any steady clock) may go out. Times later
 * than `now` are dropped first: they can only come from a clock that was set back, and keeping
 * them would block every request until the clock caught up again.
 */
export const throttleInventoryRequest = (
  state: InventoryThrottleState,
  now: number,
): InventoryThrottleDecision => {
  const sent = state.sent.filter((time) => time <= now).slice(-INVENTORY_THROTTLE_KEPT);
  const oldest = sent[0];
  if (
    sent.length === INVENTORY_THROTTLE_KEPT &&
    oldest !== undefined &&
    now - oldest < INVENTORY_THROTTLE_WINDOW_MS
  ) {
    return {
      allowed: false,
      status: 429,
      retryAfterMs: oldest + INVENTORY_THROTTLE_WINDOW_MS - now,
      state: { sent },
    };
  }
  return { allowed: true, state: { sent: [...sent, now].slice(-INVENTORY_THROTTLE_KEPT) } };
};
