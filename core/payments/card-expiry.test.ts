import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { MAX_EXPIRY_YEARS_AHEAD, checkExpiry, formatExpiryInput } from './card-expiry.ts';

const at = (iso: string) => new Date(iso);
const typed = fc.string({ unit: fc.constantFrom(...'0123456789/ -a'), maxLength: 9 });

describe('formatting the expiry as it is typed', () => {
  it('prefixes a first digit other than 0 or 1 with 0 and adds the slash', () => {
    expect(formatExpiryInput('4')).toBe('04/');
    expect(formatExpiryInput('9')).toBe('09/');
    expect(formatExpiryInput('427')).toBe('04/27');
  });

  it('prefixes exactly the first digits 2 to 9', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), (digit) => {
        expect(formatExpiryInput(String(digit))).toBe(digit >= 2 ? `0${digit}/` : String(digit));
      }),
    );
  });

  it('waits for the second digit after 0 or 1, then adds the slash', () => {
    expect(formatExpiryInput('')).toBe('');
    expect(formatExpiryInput('0')).toBe('0');
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('12')).toBe('12/');
    expect(formatExpiryInput('122')).toBe('12/2');
    expect(formatExpiryInput('1227')).toBe('12/27');
    expect(formatExpiryInput('122799')).toBe('12/27');
  });

  it('reads a typed slash and a pasted long year', () => {
    expect(formatExpiryInput('1/')).toBe('01/');
    expect(formatExpiryInput('3/28')).toBe('03/28');
    expect(formatExpiryInput('12 / 27')).toBe('12/27');
    expect(formatExpiryInput('12/2027')).toBe('12/27');
    expect(formatExpiryInput('/5')).toBe('05/');
  });

  it('ignores anything but digits and the slash', () => {
    expect(formatExpiryInput('1a2b')).toBe('12/');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(typed, (raw) => {
        const once = formatExpiryInput(raw);
        expect(formatExpiryInput(once)).toBe(once);
      }),
    );
  });

  it('always yields a prefix of the MM/YY shape', () => {
    fc.assert(
      fc.property(typed, (raw) => {
        expect(formatExpiryInput(raw)).toMatch(/^(|[01]|\d\d\/\d{0,2})$/);
      }),
    );
  });

  it('turns the digits of a month and year typed in full into MM/YY', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 99 }), (month, year) => {
        const mm = String(month).padStart(2, '0');
        const yy = String(year).padStart(2, '0');
        expect(formatExpiryInput(`${mm}${yy}`)).toBe(`${mm}/${yy}`);
        expect(formatExpiryInput(`${month}/${yy}`)).toBe(`${mm}/${yy}`);
      }),
    );
  });
});

describe('checking the expiry', () => {
  const now = at('2026-05-15T12:00:00Z');

  it('accepts this month and later', () => {
    expect(checkExpiry('05/26', now)).toEqual({ ok: true, month: 5, year: 2026 });
    expect(checkExpiry('01/27', now)).toEqual({ ok: true, month: 1, year: 2027 });
    expect(checkExpiry('12/2030', now)).toEqual({ ok: true, month: 12, year: 2030 });
  });

  it('flags an empty or partial expiry as incomplete', () => {
    for (const text of ['', '0', '05/', '05/2', '0526', 'ab/cd']) {
      expect(checkExpiry(text, now)).toEqual({ ok: false, code: 'incomplete_expiry' });
    }
  });

  it('flags month 00 and 13', () => {
    expect(checkExpiry('00/27', now)).toEqual({ ok: false, code: 'invalid_expiry_month' });
    expect(checkExpiry('13/27', now)).toEqual({ ok: false, code: 'invalid_expiry_month' });
  });

  it('flags a past year, and a past month of this year', () => {
    expect(checkExpiry('12/25', now)).toEqual({ ok: false, code: 'invalid_expiry_year_past' });
    expect(checkExpiry('04/26', now)).toEqual({ ok: false, code: 'invalid_expiry_month_past' });
  });

  it('flags a year implausibly far ahead', () => {
    expect(checkExpiry('01/46', now)).toEqual({ ok: true, month: 1, year: 2046 });
    expect(checkExpiry('01/47', now)).toEqual({ ok: false, code: 'invalid_expiry_year' });
  });

  it('uses the UTC month of `now`', () => {
    expect(checkExpiry('04/26', at('2026-04-30T23:59:59Z')).ok).toBe(true);
    expect(checkExpiry('04/26', at('2026-05-01T00:00:00Z')).ok).toBe(false);
  });

  it('accepts a card exactly when its month is not before the current one and within the horizon', () => {
    fc.assert(
      fc.property(
        fc.date({ min: at('2000-01-01T00:00:00Z'), max: at('2090-12-31T23:59:59Z'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: -5, max: MAX_EXPIRY_YEARS_AHEAD + 5 }),
        (today, month, yearsAhead) => {
          const year = today.getUTCFullYear() + yearsAhead;
          const text = `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
          const monthIndex = year * 12 + month;
          const currentIndex = today.getUTCFullYear() * 12 + today.getUTCMonth() + 1;
          const expected = monthIndex >= currentIndex && yearsAhead <= MAX_EXPIRY_YEARS_AHEAD;
          const result = checkExpiry(text, today);
          expect(result.ok).toBe(expected);
          if (result.ok) expect(result).toEqual({ ok: true, month, year });
        },
      ),
    );
  });
});
