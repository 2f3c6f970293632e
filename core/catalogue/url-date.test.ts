import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatUrlDate, parseUrlDate } from './url-date.ts';
import { daysInMonth } from './local-time.ts';

const realDay = fc
  .record({ year: fc.integer({ min: 1, max: 9999 }), month: fc.integer({ min: 1, max: 12 }) })
  .chain(({ year, month }) =>
    fc.integer({ min: 1, max: daysInMonth(year, month) }).map((day) => ({ year, month, day })),
  );

describe('MM-DD-YYYY in storefront URLs', () => {
  it('reads month, day, year', () => {
    expect(parseUrlDate('12-01-2026')).toEqual({ year: 2026, month: 12, day: 1 });
    expect(parseUrlDate(' 02-29-2028 ')).toEqual({ year: 2028, month: 2, day: 29 });
  });

  it('refuses what is not a real day or not that shape', () => {
    for (const text of [
      '02-29-2026',
      '13-01-2026',
      '00-10-2026',
      '04-31-2026',
      '2026-12-01',
      '1-1-2026',
      '12/01/2026',
      '',
    ])
      expect(parseUrlDate(text)).toBeNull();
  });

  it('round-trips every real day', () => {
    fc.assert(
      fc.property(realDay, (d) => {
        const text = formatUrlDate(d);
        expect(text).toMatch(/^\d{2}-\d{2}-\d{4}$/);
        expect(parseUrlDate(text)).toEqual(d);
      }),
    );
  });

  it('never accepts arbitrary text that is not MM-DD-YYYY', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parseUrlDate(text);
        if (parsed) expect(formatUrlDate(parsed)).toBe(text.trim());
      }),
    );
  });
});
