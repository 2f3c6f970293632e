import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { money } from './money.ts';
import { moneyFromDecimal, moneyToDecimal, moneyToMajor } from './money-decimal.ts';

describe('decimal money', () => {
  it('reads decimal text and JSON numbers into exact minor units', () => {
    expect(moneyFromDecimal('12.50', 'usd')).toEqual({ ok: true, value: money(1250, 'USD') });
    expect(moneyFromDecimal(12.34, 'USD')).toEqual({ ok: true, value: money(1234, 'USD') });
    expect(moneyFromDecimal('7', 'GBP')).toEqual({ ok: true, value: money(700, 'GBP') });
    expect(moneyFromDecimal('-0.05', 'EUR')).toEqual({ ok: true, value: money(-5, 'EUR') });
    expect(moneyFromDecimal(0.1 + 0.2, 'EUR').ok).toBe(false); // 0.30000000000000004 is not a price
  });

  it('rejects more than two decimals, separators, exponents and junk', () => {
    for (const bad of ['1.005', '1,000.00', '1e3', '', '.5', '12.', 'abc', '--1']) {
      expect(moneyFromDecimal(bad, 'USD')).toEqual({
        ok: false,
        error: { code: 'MONEY_BAD_DECIMAL', value: bad },
      });
    }
    expect(moneyFromDecimal('12.50', 'dollars').ok).toBe(false);
  });

  it('writes plain decimal text', () => {
    expect(moneyToDecimal(money(1250, 'USD'))).toBe('12.50');
    expect(moneyToDecimal(money(-5, 'USD'))).toBe('-0.05');
    expect(moneyToDecimal(money(0, 'USD'))).toBe('0.00');
  });

  it('round-trips every safe amount through text and through a JSON number', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (a) => {
        const m = money(a, 'SGD');
        expect(moneyFromDecimal(moneyToDecimal(m), 'SGD')).toEqual({ ok: true, value: m });
      }),
    );
    // Doubles hold every cent amount exactly up to about 2^53 / 100 in major units.
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (a) => {
        const m = money(a, 'SGD');
        expect(moneyFromDecimal(moneyToMajor(m), 'SGD')).toEqual({ ok: true, value: m });
      }),
    );
  });
});
