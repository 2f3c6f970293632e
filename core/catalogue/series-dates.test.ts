import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { seriesDates, type ShowRange } from './series-dates.ts';

const instant = fc.date({
  min: new Date('2020-01-01T00:00:00Z'),
  max: new Date('2040-12-31T00:00:00Z'),
  noInvalidDate: true,
});
const range = (seriesId: number) =>
  fc.tuple(instant, instant, fc.integer({ min: 0, max: 6 * 3_600_000 })).map(([a, b, length]): ShowRange => {
    const [first, last] = a <= b ? [a, b] : [b, a];
    return { seriesId, firstStart: first, lastStart: last, lastEnd: new Date(last.getTime() + length) };
  });

describe('first and last dates of a series', () => {
  it('reads its own shows in the venue time zone, and the season chain for the outer dates', () => {
    const current: ShowRange = {
      seriesId: 2,
      firstStart: new Date('2026-11-22T00:30:00Z'), // 21 Nov 19:30 in New York
      lastStart: new Date('2027-02-19T00:30:00Z'),
      lastEnd: new Date('2027-02-19T03:25:00Z'),
    };
    const previous: ShowRange = {
      seriesId: 1,
      firstStart: new Date('2026-08-22T23:30:00Z'),
      lastStart: new Date('2026-11-07T23:30:00Z'),
      lastEnd: new Date('2026-11-08T02:25:00Z'),
    };
    expect(seriesDates(2, [previous, current], 'America/New_York')).toEqual({
      FirstShowStartDate: '2026-08-22T19:30:00',
      LastShowEndDate: '2027-02-18T22:25:00',
      CurrentTemplateFirstShowStartDate: '2026-11-21T19:30:00',
      CurrentTemplateLastShowEndDate: '2027-02-18T22:25:00',
      FirstSeriesCodeDates: '2026-11-21',
      LastSeriesCodeDates: '2027-02-18',
    });
  });

  it('is all null for a series without shows', () => {
    expect(Object.values(seriesDates(1, [], 'UTC')).every((v) => v === null)).toBe(true);
  });

  it('the chain dates enclose the current template dates', () => {
    fc.assert(
      fc.property(range(1), fc.array(range(2), { maxLength: 3 }), (current, others) => {
        const dates = seriesDates(1, [...others, current], 'UTC');
        expect(dates.FirstShowStartDate! <= dates.CurrentTemplateFirstShowStartDate!).toBe(true);
        expect(dates.LastShowEndDate! >= dates.CurrentTemplateLastShowEndDate!).toBe(true);
        expect(dates.FirstSeriesCodeDates! <= dates.LastSeriesCodeDates!).toBe(true);
        expect(dates.CurrentTemplateFirstShowStartDate!.startsWith(dates.FirstSeriesCodeDates!)).toBe(true);
      }),
    );
  });
});
