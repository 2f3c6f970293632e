import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCY_LOCALES } from '../i18n/currency-locales.ts';
import { chooseHouseCurrency, DEFAULT_HOUSE_CURRENCY } from './house-currency.ts';

const SUPPORTED = Intl.supportedValuesOf('currency');
const written = CURRENCY_LOCALES.map((l) => l.currency);
const tableLocale = fc.constantFrom(...CURRENCY_LOCALES);
const spacedCase = (code: string) =>
  fc
    .tuple(fc.boolean(), fc.constantFrom('', ' ', '  '))
    .map(([lower, pad]) => `${pad}${lower ? code.toLowerCase() : code}${pad}`);

describe('choosing the house currency', () => {
  it('defaults to US dollars written as en-us', () => {
    expect(DEFAULT_HOUSE_CURRENCY).toEqual({ isoCurrencyCode: 'USD', currencyLocale: 'en-us' });
  });

  it('takes any code the locale table writes, in any case, with a locale that writes it', () => {
    fc.assert(
      fc.property(
        tableLocale.chain((l) => spacedCase(l.currency).map((typed) => [l, typed] as const)),
        ([locale, typed]) => {
          const chosen = chooseHouseCurrency(typed, null, SUPPORTED);
          expect(chosen.ok).toBe(true);
          if (!chosen.ok) return;
          expect(chosen.currency.isoCurrencyCode).toBe(locale.currency);
          const writer = CURRENCY_LOCALES.find((l) => l.key === chosen.currency.currencyLocale);
          expect(writer?.currency).toBe(locale.currency);
        },
      ),
    );
  });

  it('keeps the locale named when it writes that currency, and refuses one that writes another', () => {
    fc.assert(
      fc.property(tableLocale, tableLocale, (code, named) => {
        const chosen = chooseHouseCurrency(code.currency, named.key.toUpperCase(), SUPPORTED);
        if (named.currency === code.currency)
          expect(chosen).toEqual({
            ok: true,
            currency: { isoCurrencyCode: code.currency, currencyLocale: named.key },
          });
        else expect(chosen).toMatchObject({ ok: false, problem: { code: 'LocaleMismatch' } });
      }),
    );
  });

  it('refuses anything that is not an ISO 4217 code the runtime knows', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), (typed) => {
        fc.pre(!SUPPORTED.includes(typed.trim().toUpperCase()));
        expect(chooseHouseCurrency(typed, null, SUPPORTED)).toMatchObject({
          ok: false,
          problem: { code: 'UnknownCurrency' },
        });
      }),
    );
    expect(chooseHouseCurrency('XYZ', null, SUPPORTED)).toMatchObject({ ok: false });
  });

  it('refuses a real currency no locale of the table writes, naming those it does', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SUPPORTED.filter((c) => !written.includes(c))), (code) => {
        const chosen = chooseHouseCurrency(code, null, SUPPORTED);
        expect(chosen).toMatchObject({ ok: false, problem: { code: 'NoLocale' } });
        if (!chosen.ok) expect(chosen.problem.message).toContain('GBP');
      }),
    );
  });
});
