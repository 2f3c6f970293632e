import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  compareMonths,
  dayInTimeZone,
  dayOfLocal,
  formatStartDate,
  isoDay,
  monthsBetween,
  parseStartDate,
  weekdayOf,
} from './calendar-month.ts';
import { anyDay, anyMonth } from './test-arbitraries.ts';

describe('calendar months and days', () => {
  it('reads the venue’s wall-clock day from a local date-time, whatever the reader’s zone', () => {
    expect(dayOfLocal('2026-12-31T23:30:00')).toEqual({ year: 2026, month: 12, day: 31 });
    expect(dayOfLocal('2027-02-29T10:00:00')).toBeNull();
    expect(dayOfLocal('soon')).toBeNull();
  });

  it('moves across years month by month and back', () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2027, month: 1 }, -1)).toEqual({ year: 2026, month: 12 });
    fc.assert(
      fc.property(anyMonth, fc.integer({ min: -240, max: 240 }), (m, n) => {
        const moved = addMonths(m, n);
        expect(moved.month).toBeGreaterThanOrEqual(1);
        expect(moved.month).toBeLessThanOrEqual(12);
        expect(compareMonths(moved, m)).toBe(n);
        expect(addMonths(moved, -n)).toEqual(m);
      }),
    );
  });

  it('lists every month between two, in order, both ends included', () => {
    fc.assert(
      fc.property(anyMonth, fc.integer({ min: 0, max: 60 }), (first, span) => {
        const months = monthsBetween(first, addMonths(first, span));
        expect(months).toHaveLength(span + 1);
        months.forEach((m, i) => expect(m).toEqual(addMonths(first, i)));
      }),
    );
    expect(monthsBetween({ year: 2027, month: 1 }, { year: 2026, month: 12 })).toEqual([]);
  });

  it('steps day by day with the weekday turning once a day', () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: -400, max: 400 }), (d, n) => {
        const moved = addDays(d, n);
        expect(dayOfLocal(isoDay(moved))).toEqual(moved);
        expect(weekdayOf(moved)).toBe((((weekdayOf(d) + n) % 7) + 7) % 7);
        expect(addDays(moved, -n)).toEqual(d);
      }),
    );
  });

  it('writes startDate as MM-DD-YYYY and reads it back; refuses anything else', () => {
    expect(formatStartDate({ year: 2026, month: 12, day: 1 })).toBe('12-01-2026');
    fc.assert(
      fc.property(anyDay, (d) => {
        expect(parseStartDate(formatStartDate(d))).toEqual(d);
      }),
    );
    for (const text of ['2026-12-01', '02-30-2026', '13-01-2026', '1-1-2026', '', 12012026, null])
      expect(parseStartDate(text)).toBeNull();
  });

  it('knows the venue’s today, which may differ from the reader’s', () => {
    const instant = new Date('2026-11-22T02:30:00Z');
    expect(dayInTimeZone(instant, 'America/New_York')).toEqual({ year: 2026, month: 11, day: 21 });
    expect(dayInTimeZone(instant, 'Europe/London')).toEqual({ year: 2026, month: 11, day: 22 });
    expect(dayInTimeZone(instant, 'Not/AZone')).toEqual({ year: 2026, month: 11, day: 22 });
  });
});
