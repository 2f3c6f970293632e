import { Effect } from 'effect';
import fc from 'fast-check';
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
    run(claims.recordHoldOutcome(1, ['A-3'], false));
    run(claims.recordHoldOutcome(1, ['A-1', 'A-2'], true));
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

describe('the claims a read may not show', () => {
  const notShown = (claims: ReturnType<typeof makeSeatClaims>, eventId: number, readStartedAt: number) => {
    let seen: string[] = [];
    run(
      claims.claim(eventId, (claimed) => {
        seen = [...claimed.notShownBy(readStartedAt)].sort();
        return [];
      }),
    );
    return seen;
  };

  it('are the seats still being held and those held since the read began', () => {
    let now = 1_000;
    const claims = makeSeatClaims(() => now);
    run(claims.claim(1, () => ['A-1', 'A-2', 'A-3', 'A-4']));
    now = 1_100;
    run(claims.recordHoldOutcome(1, ['A-1'], true)); // held before a read at 1,200 began: the read shows it
    now = 1_300;
    run(claims.recordHoldOutcome(1, ['A-2'], true)); // held after
    run(claims.recordHoldOutcome(1, ['A-3'], false)); // lost: not claimed at all
    expect(notShown(claims, 1, 1_200)).toEqual(['A-2', 'A-4']);
    expect(notShown(claims, 1, 1_000)).toEqual(['A-1', 'A-2', 'A-4']);
    expect(notShown(claims, 1, 1_400)).toEqual(['A-4']);
    expect(notShown(claims, 2, 0)).toEqual([]);
    // Every held claim still counts as claimed, whatever the read; a lost one does not.
    run(
      claims.claim(1, (claimed) => {
        expect(['A-1', 'A-2', 'A-3', 'A-4'].filter((key) => claimed.has(key))).toEqual(['A-1', 'A-2', 'A-4']);
        return [];
      }),
    );
  });

  it('keep to the times they were held even when the clock goes back', () => {
    let now = 5_000;
    const claims = makeSeatClaims(() => now);
    run(claims.claim(1, () => ['B-1', 'B-2']));
    run(claims.recordHoldOutcome(1, ['B-1'], true));
    now = 4_000; // the clock stepped back
    run(claims.recordHoldOutcome(1, ['B-2'], true));
    expect(notShown(claims, 1, 4_500)).toEqual(['B-1', 'B-2']);
    expect(notShown(claims, 1, 5_001)).toEqual([]);
  });

  it('always include what a read began before holding could miss (random runs)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            step: fc.integer({ min: 0, max: 400 }),
            seat: fc.integer({ min: 1, max: 12 }),
            outcome: fc.constantFrom('held', 'lost', 'pending'),
          }),
          { maxLength: 60 },
        ),
        fc.integer({ min: 0, max: 20_000 }),
        (calls, readOffset) => {
          let now = 10_000;
          const claims = makeSeatClaims(() => now);
          // What must be left out of a read that began at readStartedAt: held at or after it
          // and still claimed, or still being held.
          const heldAt = new Map<string, number>();
          const pending = new Set<string>();
          for (const call of calls) {
            now += call.step;
            const key = `S-${call.seat}`;
            const got = run(claims.claim(1, (claimed) => (claimed.has(key) ? [] : [key])));
            if (got.length === 0) continue;
            pending.add(key);
            if (call.outcome === 'pending') continue;
            run(claims.recordHoldOutcome(1, [key], call.outcome === 'held'));
            pending.delete(key);
            if (call.outcome === 'held') heldAt.set(key, now);
            else heldAt.delete(key);
          }
          const readStartedAt = 10_000 + readOffset;
          const must = [...pending].concat(
            [...heldAt].filter(([, at]) => at >= readStartedAt && at + 3_000 > now).map(([k]) => k),
          );
          const given = new Set(notShown(claims, 1, readStartedAt));
          for (const key of must) expect(given).toContain(key);
        },
      ),
    );
  });
});
