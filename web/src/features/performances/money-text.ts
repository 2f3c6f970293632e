import { currencyLocaleFor } from '../../../../core/i18n/currency-locales.ts';
import { readTypedAmount } from '../../../../core/shared/typed-amount.ts';

// Amounts in the price grid's boxes: written the venue's way without the symbol ('12.50',
// '12,50'), and read back in any way a person types them (core/shared/typed-amount.ts).

/** Minor units as a box shows them: '1234.50' or '1234,50' (no grouping: easy to retype). */
export const amountText = (minor: number, currencyLocale: string): string => {
  const locale = currencyLocaleFor(currencyLocale);
  const digits = String(minor).padStart(locale.digits + 1, '0');
  if (locale.digits === 0) return digits;
  return `${digits.slice(0, -locale.digits)}${locale.decimalSeparator}${digits.slice(-locale.digits)}`;
};

/** What a box holds: nothing (no price), minor units, or unreadable. */
export const readAmountBox = (
  text: string,
  currencyLocale: string,
): { empty: true } | { amount: number } | null => {
  if (text.trim() === '') return { empty: true };
  const amount = readTypedAmount(text, currencyLocaleFor(currencyLocale).digits);
  return amount === null ? null : { amount };
};

/** '2.5' -> 250 basis points; null when it is not a percentage from 0 to 100. */
export const readPercent = (text: string): number | null => {
  if (text.trim() === '') return 0;
  const bp = readTypedAmount(text, 2);
  return bp === null || bp > 10_000 ? null : bp;
};

export const percentText = (bp: number): string =>
  bp % 100 === 0 ? String(bp / 100) : (bp / 100).toFixed(2);
