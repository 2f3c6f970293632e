import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromZonedTime } from 'date-fns-tz';
import {
  isCalendarDate,
  isoDay,
  localCalendarDate,
  localDateTime,
  localDay,
  startOfLocalDay,
} from './local-time.ts';

const zones = ['America/New_York', 'Europe/London', 'Asia/Tokyo', 'Australia/Sydney', 'Asia/Kolkata', 'UTC'];
const instant = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2060-12-31T23:59:59Z'),
  noInvalidDate: true,
});
const zone = fc.constantFrom(...zones);
const calendarDate = fc.record({
  year: fc.integer({ min: 2000, max: 2060 }),
  month: fc.integer({ min: 1, max: 12 }),
  day: fc.integer({ min: 1, max: 28 }),
});

describe('local date and time of an instant in a venue time zone', () => {
  it('reads the wall clock of the venue, without an offset', () => {
    const curtain = new Date('2026-12-02T00:30:00Z');
    expect(localDateTime(curtain, 'America/New_York')).toBe('2026-12-01T19:30:00');
    expect(localDateTime(curtain, 'Europe/London')).toBe('2026-12-02T00:30:00');
    expect(localDay(curtain, 'America/New_York')).toBe('2026-12-01');
  });

  it('follows daylight saving time', () => {
    expect(localDateTime(new Date('2026-07-01T23:30:00Z'), 'America/New_York')).toBe('2026-07-01T19:30:00');
    expect(localDateTime(new Date('2026-07-01T18:30:00Z'), 'Europe/London')).toBe('2026-07-01T19:30:00');
  });

  it('formats as YYYY-MM-DDTHH:mm:ss and reads back to the same wall clock', () => {
    fc.assert(
      fc.property(instant, zone, (at, tz) => {
        const local = localDateTime(at, tz);
        expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
        expect(localDateTime(fromZonedTime(local, tz), tz)).toBe(local);
        expect(local.startsWith(localDay(at, tz))).toBe(true);
      }),
    );
  });

  it('the local day begins at or before the instant and less than a day before it', () => {
    fc.assert(
      fc.property(instant, zone, (at, tz) => {
        const start = startOfLocalDay(localCalendarDate(at, tz), tz);
        expect(start.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(at.getTime() - start.getTime()).toBeLessThan(25 * 3_600_000);
        expect(localDateTime(start, tz)).toBe(`${localDay(at, tz)}T00:00:00`);
      }),
    );
  });

  it('starts a day at the first instant of that day even where midnight is skipped', () => {
    // Santiago springs forward at midnight: 2026-09-06 begins at 01:00 local.
    const start = startOfLocalDay({ year: 2026, month: 9, day: 6 }, 'America/Santiago');
    expect(localDay(start, 'America/Santiago')).toBe('2026-09-06');
    expect(localDay(new Date(start.getTime() - 1), 'America/Santiago')).toBe('2026-09-05');
  });

  it('knows real calendar days', () => {
    expect(isCalendarDate({ year: 2028, month: 2, day: 29 })).toBe(true);
    expect(isCalendarDate({ year: 2026, month: 2, day: 29 })).toBe(false);
    expect(isCalendarDate({ year: 2026, month: 4, day: 31 })).toBe(false);
    expect(isCalendarDate({ year: 2026, month: 13, day: 1 })).toBe(false);
    fc.assert(
      fc.property(calendarDate, (d) => {
        expect(isCalendarDate(d)).toBe(true);
      }),
    );
  });

  it('writes a calendar day as YYYY-MM-DD', () => {
    fc.assert(
      fc.property(calendarDate, (d) => {
        expect(isoDay(d)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(isoDay(d).split('-').map(Number)).toEqual([d.year, d.month, d.day]);
      }),
    );
  });
});
