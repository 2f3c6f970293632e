import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { localDateTime, localDay } from './local-time.ts';
import { monthOf, monthRange, nextMonth, parseRequestedTime } from './month-range.ts';

const zones = ['America/New_York', 'Europe/London', 'Asia/Tokyo', 'Australia/Sydney', 'Asia/Kolkata', 'UTC'];
const zone = fc.constantFrom(...zones);
const instant = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2060-12-31T23:59:59Z'),
  noInvalidDate: true,
});

describe('the month of a requested time in a venue time zone', () => {
  it('reads local days, MM-DD-YYYY, and instants with an offset', () => {
    expect(parseRequestedTime('2026-12-01')).toEqual({
      kind: 'local',
      date: { year: 2026, month: 12, day: 1 },
    });
    expect(parseRequestedTime('12-01-2026')).toEqual({
      kind: 'local',
      date: { year: 2026, month: 12, day: 1 },
    });
    expect(parseRequestedTime('2026-12-01T19:30:00')).toEqual({
      kind: 'local',
      date: { year: 2026, month: 12, day: 1 },
    });
    expect(parseRequestedTime('2026-12-01T02:00:00Z')).toEqual({
      kind: 'instant',
      at: new Date('2026-12-01T02:00:00Z'),
    });
    expect(parseRequestedTime('2026-12-01T02:00:00.000+01:00')?.kind).toBe('instant');
  });

  it('refuses what is not a date', () => {
    for (const text of [
      '',
      'soon',
      '2026-13-01',
      '2026-02-30',
      '2026-12-01T25:00:00',
      '12-32-2026',
      '2026-12-01Tfoo',
    ])
      expect(parseRequestedTime(text)).toBeNull();
  });

  it('reads an instant in the venue time zone: 02:00 UTC on 1 December is still November in New York', () => {
    const requested = parseRequestedTime('2026-12-01T02:00:00Z')!;
    expect(monthOf(requested, 'America/New_York')).toEqual({ year: 2026, month: 11 });
    expect(monthOf(requested, 'Europe/London')).toEqual({ year: 2026, month: 12 });
  });

  it('spans from the first local midnight of the month to the first of the next', () => {
    const { start, end } = monthRange({ year: 2026, month: 11 }, 'America/New_York');
    expect(start.toISOString()).toBe('2026-11-01T04:00:00.000Z'); // EDT until 1 November 02:00
    expect(end.toISOString()).toBe('2026-12-01T05:00:00.000Z');
  });

  it('holds every instant of its month and nothing else', () => {
    fc.assert(
      fc.property(instant, zone, (at, tz) => {
        const month = monthOf({ kind: 'instant', at }, tz);
        const { start, end } = monthRange(month, tz);
        expect(start.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(at.getTime()).toBeLessThan(end.getTime());
        const prefix = `${String(month.year).padStart(4, '0')}-${String(month.month).padStart(2, '0')}`;
        expect(localDateTime(start, tz)).toBe(`${prefix}-01T00:00:00`);
        expect(localDay(new Date(end.getTime() - 1), tz).startsWith(prefix)).toBe(true);
        expect(monthOf({ kind: 'instant', at: end }, tz)).toEqual(nextMonth(month));
      }),
    );
  });

  it('consecutive months tile time without gaps or overlaps', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 2060 }),
        fc.integer({ min: 1, max: 12 }),
        zone,
        (year, month, tz) => {
          expect(monthRange({ year, month }, tz).end).toEqual(
            monthRange(nextMonth({ year, month }), tz).start,
          );
        },
      ),
    );
  });
});
