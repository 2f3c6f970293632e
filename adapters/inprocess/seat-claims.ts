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

/**
 * A read that began this long after a hold was settled shows that hold: the margin covers the
 * clock being set back a little between the two (both are Date.now on this node).
 */
const READ_AFTER_HOLD_MARGIN_MS = 50;

interface Claim {
  until: number;
  /** When the hold was settled as held; null while the reserve call is still holding. */
  heldAt: number | null;
}

export const makeSeatClaims = (now: () => number = Date.now) => {
  const byEvent = new Map<number, { claims: Map<string, Claim>; sweptAt: number }>();
  const liveClaims = (eventId: number): Map<string, Claim> => {
    let entry = byEvent.get(eventId);
    if (!entry) {
      entry = { claims: new Map(), sweptAt: -Infinity };
      byEvent.set(eventId, entry);
    }
    const t = now();
    if (t - entry.sweptAt >= SWEEP_MS) {
      entry.sweptAt = t;
      for (const [key, claim] of entry.claims) if (claim.until <= t) entry.claims.delete(key);
    }
    return entry.claims;
  };
  return {
    claim: (eventId: number, pick: (claimed: ClaimedSeats) => readonly string[], readStartedAt?: number) =>
      Effect.sync(() => {
        const claims = liveClaims(eventId);
        const shownBefore =
          readStartedAt === undefined ? -Infinity : readStartedAt - READ_AFTER_HOLD_MARGIN_MS;
        // Held before the read began: the read shows the seat held, no need to say so again.
        const counts = (claim: Claim | undefined) =>
          claim !== undefined && (claim.heldAt === null || claim.heldAt >= shownBefore);
        // A view, not a copy: an on-sale keeps thousands of seats claimed.
        const keys = pick({
          has: (key) => counts(claims.get(key)),
          get size() {
            let n = 0;
            for (const claim of claims.values()) if (counts(claim)) n++;
            return n;
          },
          *[Symbol.iterator]() {
            for (const [key, claim] of claims) if (counts(claim)) yield key;
          },
        });
        const until = now() + PENDING_MS;
        for (const key of keys) claims.set(key, { until, heldAt: null });
        return keys;
      }),
    settle: (eventId: number, keys: readonly string[], held: boolean) =>
      Effect.sync(() => {
        const claims = liveClaims(eventId);
        const t = now();
        for (const key of keys)
          if (held) claims.set(key, { until: t + HELD_GRACE_MS, heldAt: t });
          else claims.delete(key);
        if (claims.size === 0) byEvent.delete(eventId);
      }),
  };
};

export const InProcessSeatClaims = () => Layer.succeed(SeatClaims, makeSeatClaims());
