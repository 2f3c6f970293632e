import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inventoryOf, web } from '../../inventory/best-available/best-available.fixtures.ts';
import type { LiveSeat, SearchInventory } from '../../inventory/best-available/best-available.ts';
import { inventoryArb, requestArb } from '../../inventory/best-available/test-venues.ts';
import { isSellable, type EventSeatStatus } from '../../inventory/seat-status.ts';
import { pairedBestAvailable } from './paired-best-available.ts';

// A paired plan's parts share one seat map and differ in what each has sold: the search must
// propose the same seats in every part, each free there, or nothing.

const stateArb = fc.record({
  status: fc.constantFrom<EventSeatStatus>('Open', 'Open', 'Open', 'Sold', 'Hold'),
  liveBasketHold: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
  priceLevelId: fc.constantFrom(1, 2),
});

/** The first part and 1-2 more on the same layout, each with its own sales and holds. */
const partsArb: fc.Arbitrary<SearchInventory[]> = inventoryArb.chain((first) =>
  fc
    .array(fc.array(stateArb, { minLength: first.seats.length, maxLength: first.seats.length }), {
      minLength: 1,
      maxLength: 2,
    })
    .map((others) => [
      first,
      ...others.map((states): SearchInventory => ({
        ...first,
        seats: first.seats.map((seat, i): LiveSeat => ({
          ...seat,
          ...states[i]!,
          holdSubclassId: states[i]!.status === 'Hold' ? (seat.holdSubclassId ?? 1) : null,
        })),
      })),
    ]),
);

const sellableIn = (part: SearchInventory, key: string, viewer: Parameters<typeof isSellable>[1]) => {
  const seat = part.seats.find((s) => s.key === key);
  const rules = new Map(part.holdSubclasses.map((r) => [r.id, r]));
  return seat !== undefined && isSellable(seat, viewer, rules);
};

describe('best available for a paired plan', () => {
  it('proposes the same seats in every part, each free there, or nothing in any part', () => {
    fc.assert(
      fc.property(partsArb, requestArb, (parts, request) => {
        const answers = pairedBestAvailable(parts, request);
        expect(answers).toHaveLength(parts.length);
        const found = answers.map((a) => a.stage !== null);
        expect(new Set(found).size).toBe(1);
        if (!found[0]) return;
        const keys = answers[0]!.seats.map((s) => s.key);
        for (const [p, answer] of answers.entries()) {
          expect(answer.seats.map((s) => s.key)).toEqual(keys);
          for (const key of keys) expect(sellableIn(parts[p]!, key, request.viewer)).toBe(true);
          const live = new Map(parts[p]!.seats.map((s) => [s.key, s.priceLevelId]));
          for (const seat of answer.seats) expect(seat.priceLevelId).toBe(live.get(seat.key));
        }
      }),
    );
  });

  it('finds seats whenever enough ordinary seats are free in every part', () => {
    fc.assert(
      fc.property(partsArb, fc.integer({ min: 1, max: 6 }), (parts, quantity) => {
        const request = { quantity, viewer: web };
        const ordinary = parts[0]!.layout.seats.filter(
          (seat) =>
            (seat.adaType === null || seat.adaType === 'AisleTransfer') &&
            parts.every((part) => sellableIn(part, seat.key, web)),
        );
        const answers = pairedBestAvailable(parts, request);
        expect(answers[0]!.stage !== null).toBe(ordinary.length >= quantity);
      }),
    );
  });

  it('passes over the best pair of one part when the other part has sold it', () => {
    // Part One has sold the front row, Part Two the middle: only row C is free in both.
    const partOne = inventoryOf(`
      S A xxxxxx
      S B ......
      S C ......`);
    const partTwo = inventoryOf(`
      S A ......
      S B xxxxxx
      S C ......`);
    const [one, two] = pairedBestAvailable([partOne, partTwo], { quantity: 2, viewer: web });
    expect(one!.seats.map((s) => s.key)).toEqual(['S-C-3', 'S-C-4']);
    expect(two!.seats.map((s) => s.key)).toEqual(['S-C-3', 'S-C-4']);
  });

  it('offers places of a GA section only as many as every part has left', () => {
    const ga = (left: number) => [
      { key: 'FLOOR', name: 'Standing floor', priceLevelId: 3, maxAvailable: left },
    ];
    const full = `S A xx`;
    const enough = pairedBestAvailable([inventoryOf(full, ga(10)), inventoryOf(full, ga(3))], {
      quantity: 3,
      viewer: web,
    });
    expect(enough.map((a) => a.ga?.key)).toEqual(['FLOOR', 'FLOOR']);
    const short = pairedBestAvailable([inventoryOf(full, ga(10)), inventoryOf(full, ga(2))], {
      quantity: 3,
      viewer: web,
    });
    expect(short.map((a) => a.stage)).toEqual([null, null]);
  });
});
