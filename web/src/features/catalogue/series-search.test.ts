import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampSeatQty,
  searchForEvent,
  searchForSeries,
  validateSeriesSearch,
  viewOf,
  withoutPromotion,
  withPromotion,
  withStartDate,
  type SeriesSearch,
} from './series-search.ts';
import { anyDay } from './test-arbitraries.ts';

const everything: SeriesSearch = {
  startDate: '12-01-2026',
  promo: 'SAVE10',
  groupCode: 'GRP-ABC234',
  planCode: 'FLEX',
  slotId: 12,
  isPaired: true,
  view: 'list',
  seatQty: 4,
  persistparam: 'utm',
  orderId: 991,
};

const value = fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean());
const anySearch: fc.Arbitrary<SeriesSearch> = fc.record(
  {
    startDate: value,
    promo: value,
    groupCode: value,
    planCode: value,
    slotId: value,
    isPaired: value,
    view: value,
    seatQty: value,
    persistparam: value,
    orderId: value,
  },
  { requiredKeys: [] },
);

describe('the series query', () => {
  it('keeps the series query’s parameters as the router parsed them and drops the rest', () => {
    expect(validateSeriesSearch({ ...everything, utm_source: 'mail', nested: { a: 1 } })).toEqual(everything);
  });

  it('carries every parameter to a date’s seat selection, with startDate moved to that date', () => {
    const carried = searchForEvent(everything, { year: 2027, month: 1, day: 9 }, 10);
    expect(carried).toEqual({ ...everything, startDate: '01-09-2027' });
  });

  it('never loses a parameter on the way to a date, whatever the buyer came with', () => {
    fc.assert(
      fc.property(anySearch, anyDay, fc.integer({ min: 1, max: 20 }), (search, day, limit) => {
        const carried = searchForEvent(search, day, limit);
        for (const [key, v] of Object.entries(search)) {
          if (key === 'startDate' || key === 'seatQty' || v === '') continue;
          expect(carried[key as keyof SeriesSearch]).toEqual(v);
        }
        expect(carried.startDate).toMatch(/^\d{2}-\d{2}-\d{4}$/);
      }),
    );
  });

  it('clamps seatQty into 1..limit and drops what is not a whole number', () => {
    expect(clampSeatQty('3', 10)).toBe(3);
    expect(clampSeatQty(40, 10)).toBe(10);
    expect(clampSeatQty('0', 10)).toBe(1);
    for (const bad of ['two', '-2', '2.5', '', true, undefined])
      expect(clampSeatQty(bad, 10)).toBeUndefined();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 1, max: 50 }), (qty, limit) => {
        const clamped = clampSeatQty(String(qty), limit)!;
        expect(clamped).toBeGreaterThanOrEqual(1);
        expect(clamped).toBeLessThanOrEqual(limit);
      }),
    );
  });

  it('reads view, falling back to the series’ own default', () => {
    expect(viewOf({ view: 'list' }, true)).toBe('list');
    expect(viewOf({ view: 'Calendar' }, false)).toBe('calendar');
    expect(viewOf({ view: 'grid' }, true)).toBe('calendar');
    expect(viewOf({}, false)).toBe('list');
  });

  it('clearing a promotion removes promo and groupCode and nothing else', () => {
    fc.assert(
      fc.property(anySearch, (search) => {
        const cleared = withoutPromotion(search);
        expect('promo' in cleared || 'groupCode' in cleared).toBe(false);
        const { promo: _p, groupCode: _g, ...rest } = search;
        expect(cleared).toEqual(rest);
      }),
    );
  });

  it('applying a code replaces the old one and its group code', () => {
    expect(withPromotion(everything, 'EARLYBIRD')).toEqual({
      ...withoutPromotion(everything),
      promo: 'EARLYBIRD',
    });
    expect(withPromotion({}, 'GROUPS', 'GRP-XYZ234')).toEqual({ promo: 'GROUPS', groupCode: 'GRP-XYZ234' });
  });

  it('keeps startDate in step with the selected day and opens another season without it', () => {
    expect(withStartDate({ view: 'calendar' }, { year: 2026, month: 12, day: 24 })).toEqual({
      view: 'calendar',
      startDate: '12-24-2026',
    });
    expect(searchForSeries(everything, null)).not.toHaveProperty('startDate');
    expect(searchForSeries(everything, { year: 2026, month: 9, day: 1 }).startDate).toBe('09-01-2026');
  });
});
