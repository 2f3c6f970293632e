import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isoDay, isSearchProblem, likePattern, parseDay, parseSellSearch, usDay } from './sell-search.ts';

const dayArb = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2990-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }));

describe('the clerk search', () => {
  test('a real day reads back from MM-DD-YYYY, MM/DD/YYYY and YYYY-MM-DD', () => {
    fc.assert(
      fc.property(dayArb, (day) => {
        expect(parseDay(usDay(day))).toEqual(day);
        expect(parseDay(usDay(day).replaceAll('-', '/'))).toEqual(day);
        expect(parseDay(isoDay(day))).toEqual(day);
      }),
    );
  });

  test('days that do not exist are not days', () => {
    for (const text of ['02-30-2027', '13-01-2027', '00-10-2027', '02-29-2027', 'hamlet', '2027-1-32'])
      expect(parseDay(text)).toBeNull();
    expect(parseDay('02-29-2028')).toEqual({ year: 2028, month: 2, day: 29 });
  });

  test('a date typed in the box searches by date; other text by name or code', () => {
    fc.assert(
      fc.property(dayArb, (day) => {
        expect(parseSellSearch(usDay(day), undefined)).toEqual({ text: null, day });
      }),
    );
    expect(parseSellSearch('  Hamlet   at  night ', undefined)).toEqual({
      text: 'Hamlet at night',
      day: null,
    });
    expect(parseSellSearch('', '12-05-2026')).toEqual({ text: null, day: { year: 2026, month: 12, day: 5 } });
  });

  test('a problem names its field', () => {
    const bad = parseSellSearch('x', '02-31-2026');
    expect(isSearchProblem(bad) && bad.field).toBe('date');
    const long = parseSellSearch('x'.repeat(101), undefined);
    expect(isSearchProblem(long) && long.field).toBe('q');
    const clash = parseSellSearch('12-05-2026', '12-06-2026');
    expect(isSearchProblem(clash) && clash.field).toBe('date');
  });

  test('LIKE wildcards typed by the clerk match themselves', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const pattern = likePattern(text);
        const body = pattern.slice(1, -1);
        // Every % or _ in the body is escaped.
        expect(/(^|[^\\])(\\\\)*[%_]/.test(body)).toBe(false);
        expect(body.replace(/\\(.)/g, '$1')).toBe(text);
      }),
    );
  });
});
