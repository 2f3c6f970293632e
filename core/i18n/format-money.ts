import { currencyLocaleFor } from './currency-locales.ts';

const groupThousands = (digits: string, separator: string): string => {
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return groups.join(separator);
};

/**
 * An amount in minor units as the locale table writes it: '$1,234.50', '1 234,50 €', '£12.00',
 * negatives with a leading minus ('-$5.00'). Built by hand from the table rather than with Intl so
 * the text is the same on every runtime and ICU version. An unknown locale key falls back like
 * `currencyLocaleFor` (en-us).
 */
export const formatMoney = (minor: number, localeKey?: string | null): string => {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Money must be integer minor units, got ${minor}`);
  const locale = currencyLocaleFor(localeKey);
  const digits = String(Math.abs(minor)).padStart(locale.digits + 1, '0');
  const whole = digits.slice(0, digits.length - locale.digits);
  const fraction = digits.slice(digits.length - locale.digits);
  const number =
    groupThousands(whole, locale.thousandsSeparator) +
    (locale.digits > 0 ? locale.decimalSeparator + fraction : '');
  const withSymbol =
    locale.symbolPosition === 'before'
      ? locale.symbol + locale.symbolSpacing + number
      : number + locale.symbolSpacing + locale.symbol;
  return minor < 0 ? `-${withSymbol}` : withSymbol;
};
