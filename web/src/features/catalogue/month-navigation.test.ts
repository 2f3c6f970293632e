import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, compareMonths, type Month } from './calendar-month.ts';
import { initialMonth, monthChoices, seriesRangeOf, stepMonth, type Chain } from './month-navigation.ts';
import { anyDay, anyMonth } from './test-arbitraries.ts';

const range = { first: { year: 2026, month: 11 }, last: { year: 2027, month: 2 } };
const hamlet: Chain = { range, pastCode: 'HAMLET-PREV', futureCode: null, hasOrder: false };
const today = { year: 2026, month: 11, day: 22 };

describe('moving between months and seasons in the calendar', () => {
  it('reads the template’s range from its first and last show days', () => {
    expect(seriesRangeOf({ FirstSeriesCodeDates: '2026-11-22', LastSeriesCodeDates: '2027-02-19' })).toEqual(
      range,
    );
    expect(seriesRangeOf({ FirstSeriesCodeDates: null, LastSeriesCodeDates: null })).toBeNull();
  });

  it('loads months inside the range', () => {
    expect(stepMonth({ year: 2026, month: 12 }, 1, hamlet)).toEqual({
      kind: 'load',
      month: { year: 2027, month: 1 },
    });
    expect(stepMonth({ year: 2026, month: 12 }, -1, hamlet)).toEqual({ kind: 'load', month: range.first });
  });

  it('calls the past or future season instead of loading outside the range', () => {
    expect(stepMonth(range.first, -1, hamlet)).toEqual({ kind: 'past', code: 'HAMLET-PREV' });
    expect(stepMonth(range.last, 1, hamlet)).toEqual({ kind: 'none' });
    expect(stepMonth(range.last, 1, { ...hamlet, futureCode: 'HAMLET-NEXT' })).toEqual({
      kind: 'future',
      code: 'HAMLET-NEXT',
    });
  });

  it('with an orderId in the URL, loads any month and never leaves the series', () => {
    fc.assert(
      fc.property(anyMonth, fc.integer({ min: -24, max: 24 }), (month, delta) => {
        expect(stepMonth(month, delta, { ...hamlet, hasOrder: true })).toEqual({
          kind: 'load',
          month: addMonths(month, delta),
        });
      }),
    );
  });

  it('never loads a month outside the range without an order', () => {
    fc.assert(
      fc.property(anyMonth, fc.integer({ min: -24, max: 24 }), (month, delta) => {
        const step = stepMonth(month, delta, hamlet);
        if (step.kind !== 'load') return;
        expect(compareMonths(step.month, range.first)).toBeGreaterThanOrEqual(0);
        expect(compareMonths(step.month, range.last)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('offers every month of the range in the dropdown, plus the shown one', () => {
    expect(monthChoices(range, { year: 2026, month: 12 })).toHaveLength(4);
    const outside: Month = { year: 2027, month: 5 };
    expect(monthChoices(range, outside).at(-1)).toEqual(outside);
  });

  it('opens on the startDate’s month when the series plays then, else on the next performance', () => {
    const base = { range, today, hasOrder: false, nextPerformance: '2026-11-23T19:30:00' };
    expect(initialMonth({ ...base, startDay: { year: 2027, month: 1, day: 9 } })).toEqual({
      year: 2027,
      month: 1,
    });
    expect(initialMonth({ ...base, startDay: { year: 2030, month: 1, day: 9 } })).toEqual({
      year: 2026,
      month: 11,
    });
    expect(initialMonth({ ...base, startDay: { year: 2030, month: 1, day: 9 }, hasOrder: true })).toEqual({
      year: 2030,
      month: 1,
    });
    expect(initialMonth({ ...base, startDay: null, nextPerformance: null })).toEqual(range.last);
    expect(initialMonth({ ...base, startDay: null, nextPerformance: null, range: null })).toEqual({
      year: 2026,
      month: 11,
    });
  });

  it('always opens inside the range when there is no order and no valid startDate in it', () => {
    fc.assert(
      fc.property(fc.option(anyDay, { nil: null }), (startDay) => {
        const month = initialMonth({ startDay, nextPerformance: null, range, today, hasOrder: false });
        expect(compareMonths(month, range.first)).toBeGreaterThanOrEqual(0);
        expect(compareMonths(month, range.last)).toBeLessThanOrEqual(0);
      }),
    );
  });
});
