import { Effect } from 'effect';
import { describe, expect, it } from 'vitest';
import type { ClaimedSeats } from '../../core/inventory/ports.ts';
import { makeSeatClaims } from './seat-claims.ts';

const run = <A>(effect: Effect.Effect<A>) => Effect.runSync(effect);

describe('seat claims of reserve calls on one node', () => {
  it('never gives claimed seats to a second call; frees lost ones at once, held ones after a grace', () => {
    let now = 0;
    const claims = makeSeatClaims(() => now);
    const pickFree = (wanted: string[]) => (claimed: ClaimedSeats) => wanted.filter((k) => !claimed.has(k));
    expect(run(claims.claim(1, pickFree(['A-1', 'A-2'])))).toEqual(['A-1', 'A-2']);
    expect(run(claims.claim(1, pickFree(['A-1', 'A-2', 'A-3'])))).toEqual(['A-3']);
    expect(run(claims.claim(2, pickFree(['A-1'])))).toEqual(['A-1']); // another event
    run(claims.settle(1, ['A-3'], false));
    run(claims.settle(1, ['A-1', 'A-2'], true));
    expect(run(claims.claim(1, pickFree(['A-1', 'A-2', 'A-3'])))).toEqual(['A-3']);
    now += 3_001;
    expect(run(claims.claim(1, pickFree(['A-1', 'A-2'])))).toEqual(['A-1', 'A-2']);
  });

  it('lets a claim that was never settled lapse', () => {
    let now = 0;
    const claims = makeSeatClaims(() => now);
    run(claims.claim(1, () => ['B-1']));
    now += 30_001;
    expect(run(claims.claim(1, (claimed) => (claimed.has('B-1') ? [] : ['B-1'])))).toEqual(['B-1']);
  });
});
