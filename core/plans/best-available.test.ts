import { Effect } from 'effect';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planBestAvailable, type PlanSlotRef } from './best-available.ts';

/** Slots, each with how many seats together its search finds at most. */
const plan = fc
  .array(fc.integer({ min: 0, max: 8 }), { minLength: 0, maxLength: 6 })
  .map((together) => together.map((most, i) => ({ slot: { slotId: i + 1, eventId: 50 + i }, most })));

describe('best available across a plan', () => {
  it('gives every slot exactly the party, or names the first slot that cannot and proposes nothing', () => {
    fc.assert(
      fc.property(plan, fc.integer({ min: 1, max: 8 }), (slots, party) => {
        const searched: number[] = [];
        const find = (slot: PlanSlotRef, size: number) =>
          Effect.sync(() => {
            searched.push(slot.slotId);
            const most = slots.find((s) => s.slot.slotId === slot.slotId)!.most;
            return Array.from({ length: Math.min(most, size) }, (_, i) => `${slot.eventId}:${i}`);
          });
        const answer = Effect.runSync(
          planBestAvailable(
            slots.map((s) => s.slot),
            party,
            find,
          ),
        );
        const firstShort = slots.find((s) => s.most < party);
        if (firstShort === undefined) {
          expect(answer.ok).toBe(true);
          if (answer.ok) {
            expect(answer.picks.map((p) => p.slotId)).toEqual(slots.map((s) => s.slot.slotId));
            for (const pick of answer.picks) expect(pick.seats).toHaveLength(party);
          }
        } else {
          expect(answer).toEqual({ ok: false, slotId: firstShort.slot.slotId, found: firstShort.most });
          expect(answer).not.toHaveProperty('picks');
          // The search stops at the slot that failed: later slots are not searched.
          expect(searched.at(-1)).toBe(firstShort.slot.slotId);
        }
      }),
    );
  });

  it('does not take a search that found more seats than the party as a pick', () => {
    const tooMany = () => Effect.succeed(['a', 'b', 'c']);
    const answer = Effect.runSync(planBestAvailable([{ slotId: 7, eventId: 1 }], 2, tooMany));
    expect(answer).toEqual({ ok: false, slotId: 7, found: 3 });
  });

  it('takes a party that is not a whole number of 1 or more as a programming fault, searching nothing', () => {
    let searched = 0;
    const find = () =>
      Effect.sync(() => {
        searched += 1;
        return ['a'];
      });
    for (const party of [0, -1, 1.5])
      expect(Effect.runSyncExit(planBestAvailable([{ slotId: 1, eventId: 1 }], party, find))._tag).toBe(
        'Failure',
      );
    expect(searched).toBe(0);
  });

  it('passes on the search failing', () => {
    const failing = () => Effect.fail('inventory unavailable' as const);
    const exit = Effect.runSyncExit(planBestAvailable([{ slotId: 1, eventId: 1 }], 2, failing));
    expect(exit._tag).toBe('Failure');
  });
});
