import { tryMoney } from './money.ts';
import type { Money, MoneyError } from './money.ts';

/** Currency digits 2 (every currency in the locale table). */
export const MINOR_UNIT_DIGITS = 2;

export type DecimalMoneyResult =
  | { readonly ok: true; readonly value: Money }
  | {
      readonly ok: false;
      readonly error: MoneyError | { readonly code: 'MONEY_BAD_DECIMAL'; readonly value: string };
    };

// At most two decimals: '12', '12.5', '-0.05'. No exponent, no thousands separators.
const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Reads a major-unit amount ('12.50' or the JSON number 12.5) into minor units exactly, from its
 * decimal text rather than by multiplying a float (12.34 * 100 is 1233.9999999999998).
 */
export const moneyFromDecimal = (value: number | string, currency: string): DecimalMoneyResult => {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, error: { code: 'MONEY_BAD_DECIMAL', value: text } };
  const [, sign = '', whole = '0', fraction = ''] = match;
  const minor = Number(`${sign}${whole}${fraction.padEnd(MINOR_UNIT_DIGITS, '0')}`);
  return tryMoney(minor, currency);
};

/** '12.50', '-0.05': the plain decimal text of an amount, for APIs that speak major units. */
export const moneyToDecimal = (m: Money): string => {
  const digits = String(Math.abs(m.amount)).padStart(MINOR_UNIT_DIGITS + 1, '0');
  const text = `${digits.slice(0, -MINOR_UNIT_DIGITS)}.${digits.slice(-MINOR_UNIT_DIGITS)}`;
  return m.amount < 0 ? `-${text}` : text;
};

/** The amount as a JSON number in major units (1250 -> 12.5), the nearest double to the decimal. */
export const moneyToMajor = (m: Money): number => m.amount / 10 ** MINOR_UNIT_DIGITS;
