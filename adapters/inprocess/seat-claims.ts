import { Effect, Layer } from 'effect';
import { SeatClaims, type ClaimedSeats } from '../../core/inventory/ports.ts';

// Seats reserve calls on this node are holding, or held a moment ago. A held seat stays claimed
// for HELD_GRACE_MS: long enough that any inventory read started before the hold committed is
// no longer in use. A claim never settled (a crashed call) lapses after PENDING_MS. Other nodes
// do not see these claims; the hold statement settles races between nodes.
const HELD_GRACE_MS = 3_000;
const PENDING_MS = 30_000;

/** Expired claims are swept at most this often; one a moment past its time only lowers contention. */
const SWEEP_MS = 100;

interface EventClaims {
  /** Key -> when the claim lapses: pending (being held) and held a moment ago. */
  readonly claims: Map<string, number>;
  /** Keys being held now (their calls have not settled). */
  readonly pending: Set<string>;
  /**
   * Held seats in the order they were settled, with when: a read that began at t shows every
   * seat settled before t, so only the tail from t is looked at (notShownBy).
   */
  readonly heldKeys: string[];
  readonly heldAt: number[];
  /** heldKeys before this index have lapsed. */
  head: number;
  sweptAt: number;
}

/** The first index at or after `head` whose time is >= t (times ascend). */
const firstAtOrAfter = (times: readonly number[], head: number, t: number) => {
  let lo = head;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

export const makeSeatClaims = (now: () => number = Date.now) => {
  const byEvent = new Map<number, EventClaims>();
  const liveClaims = (eventId: number): EventClaims => {
    let entry = byEvent.get(eventId);
    if (!entry) {
      entry = {
        claims: new Map(),
        pending: new Set(),
        heldKeys: [],
        heldAt: [],
        head: 0,
        sweptAt: -Infinity,
      };
      byEvent.set(eventId, entry);
    }
    const t = now();
    if (t - entry.sweptAt >= SWEEP_MS) {
      entry.sweptAt = t;
      for (const [key, until] of entry.claims)
        if (until <= t) {
          entry.claims.delete(key);
          entry.pending.delete(key);
        }
      while (entry.head < entry.heldAt.length && entry.heldAt[entry.head]! + HELD_GRACE_MS <= t) entry.head++;
      if (entry.head > 1024 && entry.head * 2 > entry.heldAt.length) {
        entry.heldKeys.splice(0, entry.head);
        entry.heldAt.splice(0, entry.head);
        entry.head = 0;
      }
    }
    return entry;
  };
  return {
    claim: (eventId: number, pick: (claimed: ClaimedSeats) => readonly string[]) =>
      Effect.sync(() => {
        const entry = liveClaims(eventId);
        const { claims, pending, heldKeys, heldAt } = entry;
        // A view, not a copy: an on-sale keeps thousands of seats claimed.
        const keys = pick({
          has: (key) => claims.has(key),
          notShownBy: (readStartedAt) => {
            const keys = Array.from(pending);
            for (let i = firstAtOrAfter(heldAt, entry.head, readStartedAt); i < heldKeys.length; i++)
              keys.push(heldKeys[i]!);
            return keys;
          },
        });
        const until = now() + PENDING_MS;
        for (const key of keys) {
          claims.set(key, until);
          pending.add(key);
        }
        return keys;
      }),
    recordHoldOutcome: (eventId: number, keys: readonly string[], held: boolean) =>
      Effect.sync(() => {
        const entry = liveClaims(eventId);
        const { claims, pending, heldKeys, heldAt } = entry;
        // Times in the log never go back, even if the clock does.
        const at = Math.max(now(), heldAt[heldAt.length - 1] ?? -Infinity);
        for (const key of keys) {
          pending.delete(key);
          if (held) {
            claims.set(key, at + HELD_GRACE_MS);
            heldKeys.push(key);
            heldAt.push(at);
          } else claims.delete(key);
        }
        if (claims.size === 0) byEvent.delete(eventId);
      }),
  };
};

export const InProcessSeatClaims = () => Layer.succeed(SeatClaims, makeSeatClaims());
