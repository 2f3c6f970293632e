import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  outcomeFor,
  seatAfter,
  SKIP_REASONS,
  summarize,
  targetOf,
  type HoldAction,
  type SeatNow,
} from './hold-action.ts';

const subclassId = fc.integer({ min: 1, max: 4 });
const seat: fc.Arbitrary<SeatNow> = fc.oneof(
  fc.record({
    status: fc.constantFrom('Open' as const, 'Sold' as const, 'Inquiry' as const, 'Reserved' as const),
    holdSubclassId: fc.constant(null),
    liveBasketHold: fc.boolean(),
  }),
  fc.record({
    status: fc.constant('Hold' as const),
    holdSubclassId: subclassId,
    liveBasketHold: fc.boolean(),
  }),
);
const action: fc.Arbitrary<HoldAction> = fc.oneof(
  fc.record({ kind: fc.constant('hold' as const), subclassId }),
  fc.record({ kind: fc.constant('move' as const), subclassId }),
  fc.constant({ kind: 'release' as const }),
);
const seatKey = fc.stringMatching(/^[A-C]-[1-3]-[1-9]$/);

describe('what an apply of the Holds page does to a seat', () => {
  it('never touches a seat in a live basket, sold, or Inquiry/Reserved', () => {
    fc.assert(
      fc.property(seat, action, (s, a) => {
        const outcome = outcomeFor(s, a);
        if (s.liveBasketHold) expect(outcome).toEqual({ apply: false, reason: 'inBasket' });
        else if (s.status === 'Sold') expect(outcome).toEqual({ apply: false, reason: 'sold' });
        else if (s.status === 'Inquiry' || s.status === 'Reserved')
          expect(outcome).toEqual({ apply: false, reason: 'reserved' });
        if (!outcome.apply) expect(seatAfter(s, a)).toBe(s);
      }),
    );
  });

  it('leaves an applied seat on the target (held on the subclass, or open), basket untouched', () => {
    fc.assert(
      fc.property(seat, action, (s, a) => {
        if (!outcomeFor(s, a).apply) return;
        const after = seatAfter(s, a);
        const target = targetOf(a);
        expect(after.holdSubclassId).toBe(target);
        expect(after.status).toBe(target === null ? 'Open' : 'Hold');
        expect(after.liveBasketHold).toBe(false);
      }),
    );
  });

  it('applies only what changes something: a second apply of the same action applies nothing', () => {
    fc.assert(
      fc.property(seat, action, (s, a) => {
        const once = seatAfter(s, a);
        const again = outcomeFor(once, a);
        expect(again.apply).toBe(false);
        if (outcomeFor(s, a).apply)
          expect(again).toEqual({ apply: false, reason: a.kind === 'release' ? 'notHeld' : 'alreadyThere' });
      }),
    );
  });

  it('moves only held seats; holds open and otherwise-held seats; releases only held seats', () => {
    fc.assert(
      fc.property(seat, action, (s, a) => {
        const free = !s.liveBasketHold && (s.status === 'Open' || s.status === 'Hold');
        const expected =
          free &&
          (a.kind === 'release'
            ? s.status === 'Hold'
            : a.kind === 'hold'
              ? s.holdSubclassId !== a.subclassId
              : s.status === 'Hold' && s.holdSubclassId !== a.subclassId);
        expect(outcomeFor(s, a).apply).toBe(expected);
      }),
    );
  });
});

describe('the answer to an apply', () => {
  it('names every seat asked for once: applied, or skipped with its reason; unknown seats skipped', () => {
    fc.assert(
      fc.property(
        fc.array(seatKey, { maxLength: 30 }),
        fc.dictionary(seatKey, seat),
        action,
        (requested, states, a) => {
          const found = new Map(Object.entries(states));
          const summary = summarize(requested, found, a);
          const skipped = summary.skipped.flatMap((g) => g.keys);
          expect([...summary.applied, ...skipped].sort()).toEqual([...new Set(requested)].sort());
          for (const key of summary.applied) expect(outcomeFor(found.get(key)!, a).apply).toBe(true);
          for (const group of summary.skipped) {
            expect(group.keys.length).toBeGreaterThan(0);
            for (const key of group.keys) {
              const s = found.get(key);
              expect(s === undefined ? 'unknownSeat' : outcomeFor(s, a)).toEqual(
                s === undefined ? group.reason : { apply: false, reason: group.reason },
              );
            }
          }
          const order = summary.skipped.map((g) => SKIP_REASONS.indexOf(g.reason));
          expect(order).toEqual([...order].sort((x, y) => x - y));
        },
      ),
    );
  });
});
