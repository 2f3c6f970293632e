import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { localDateTime } from '../catalogue/local-time.ts';
import { zoneName, zoneWords } from './time-zone-name.ts';
import { instantWords, localTimeWords } from './time-zone-words.ts';

const zones = ['America/New_York', 'Europe/London', 'Asia/Tokyo', 'Australia/Sydney', 'Asia/Kolkata', 'UTC'];

describe('a time zone in words', () => {
  it("is the zone's place name", () => {
    expect(zoneName('America/New_York')).toBe('New York');
    expect(zoneName('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(zoneName('Europe/London')).toBe('London');
    expect(zoneName('UTC')).toBe('UTC');
    expect(zoneWords('America/Los_Angeles')).toBe('Los Angeles time');
  });

  it('writes a wall-clock time as the day, the hour on a 12-hour clock, and the zone', () => {
    expect(localTimeWords('2026-12-05T19:30:00', 'America/New_York')).toBe(
      '2026-12-05 7:30 PM New York time',
    );
    expect(localTimeWords('2026-12-05T00:05', 'Europe/London')).toBe('2026-12-05 12:05 AM London time');
    expect(localTimeWords('2026-12-05T12:00:59', 'Asia/Tokyo')).toBe('2026-12-05 12:00 PM Tokyo time');
    expect(() => localTimeWords('12-05-2026 19:30', 'UTC')).toThrow(RangeError);
  });

  it("writes an instant on the zone's clock", () => {
    expect(instantWords(new Date('2026-12-06T00:30:00Z'), 'America/New_York')).toBe(
      '2026-12-05 7:30 PM New York time',
    );
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2060-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...zones),
        (instant, zone) => {
          const words = instantWords(instant, zone);
          expect(words).toBe(localTimeWords(localDateTime(instant, zone), zone));
          expect(words).toMatch(/^\d{4}-\d\d-\d\d (1[0-2]|[1-9]):[0-5]\d [AP]M .+ time$/);
        },
      ),
    );
  });
});
