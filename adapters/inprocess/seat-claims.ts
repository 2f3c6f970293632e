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

export const makeSeatClaims = (now: () => number = Date.now) => {
  const byEvent = new Map<number, { claims: Map<string, number>; sweptAt: number }>();
  const liveClaims = (eventId: number): Map<string, number> => {
    let entry = byEvent.get(eventId);
    if (!entry) {
      entry = { claims: new Map(), sweptAt: -Infinity };
      byEvent.set(eventId, entry);
    }
    const t = now();
    if (t - entry.sweptAt >= SWEEP_MS) {
      entry.sweptAt = t;
      for (const [key, until] of entry.claims) if (until <= t) entry.claims.delete(key);
    }
    return entry.claims;
  };
  return {
    claim: (eventId: number, pick: (claimed: ClaimedSeats) => readonly string[]) =>
      Effect.sync(() => {
        const claims = liveClaims(eventId);
        // A view, not a copy: an on-sale keeps thousands of seats claimed.
        const keys = pick({
          has: (key) => claims.has(key),
          size: claims.size,
          [Symbol.iterator]: () => claims.keys(),
        });
        const until = now() + PENDING_MS;
        for (const key of keys) claims.set(key, until);
        return keys;
      }),
    settle: (eventId: number, keys: readonly string[], held: boolean) =>
      Effect.sync(() => {
        const claims = liveClaims(eventId);
        const until = now() + HELD_GRACE_MS;
        for (const key of keys)
          if (held) claims.set(key, until);
          else claims.delete(key);
        if (claims.size === 0) byEvent.delete(eventId);
      }),
  };
};

export const InProcessSeatClaims = () => Layer.succeed(SeatClaims, makeSeatClaims());
