import { Effect, Layer } from 'effect';
import { SeatClaims } from '../../core/inventory/ports.ts';

// Seats reserve calls on this node are holding, or held a moment ago. A held seat stays claimed
// for HELD_GRACE_MS: long enough that any inventory read started before the hold committed is
// no longer in use. A claim never settled (a crashed call) lapses after PENDING_MS. Other nodes
// do not see these claims; the hold statement settles races between nodes.
const HELD_GRACE_MS = 3_000;
const PENDING_MS = 30_000;

export const makeSeatClaims = (now: () => number = Date.now) => {
  const byEvent = new Map<number, Map<string, number>>();
  const liveClaims = (eventId: number): Map<string, number> => {
    let claims = byEvent.get(eventId);
    if (!claims) {
      claims = new Map();
      byEvent.set(eventId, claims);
    }
    const t = now();
    for (const [key, until] of claims) if (until <= t) claims.delete(key);
    return claims;
  };
  return {
    claim: (eventId: number, pick: (claimed: ReadonlySet<string>) => readonly string[]) =>
      Effect.sync(() => {
        const claims = liveClaims(eventId);
        const keys = pick(new Set(claims.keys()));
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
