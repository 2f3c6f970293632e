/**
 * Money: integer minor units plus an ISO 4217 currency code, never floats (a float cannot hold
 * 0.10 exactly, and sums of prices would drift by fractions of a cent).
 * Currency digits 2, so one minor unit is a cent, penny or centime.
 *
 * Invalid money (a float amount, an unsafe integer, mixed currencies) is a programming fault and
 * throws; input from outside goes through `tryMoney` (or `moneyFromDecimal`) and gets a result.
 */
export interface Money {
  /** Integer minor units; negative for refunds and credits. */
  readonly amount: number;
  /** ISO 4217 code, upper case ('USD', 'EUR'). */
  readonly currency: string;
}

export type MoneyError =
  | { readonly code: 'MONEY_NOT_SAFE_INTEGER'; readonly amount: number }
  | { readonly code: 'MONEY_BAD_CURRENCY'; readonly currency: string };

export type MoneyResult =
  { readonly ok: true; readonly value: Money } | { readonly ok: false; readonly error: MoneyError };

const CURRENCY_CODE = /^[A-Z]{3}$/;

/** Parses an amount in minor units and a currency code from outside; never throws. */
export const tryMoney = (amount: number, currency: string): MoneyResult => {
  if (!Number.isSafeInteger(amount)) return { ok: false, error: { code: 'MONEY_NOT_SAFE_INTEGER', amount } };
  const code = currency.toUpperCase();
  if (!CURRENCY_CODE.test(code)) return { ok: false, error: { code: 'MONEY_BAD_CURRENCY', currency } };
  // -0 would make equal amounts compare unequal under Object.is (and in test matchers).
  return { ok: true, value: { amount: amount === 0 ? 0 : amount, currency: code } };
};

/** Builds money the code itself computed; a float or a bad code here is a bug, so it throws. */
export const money = (amount: number, currency: string): Money => {
  const result = tryMoney(amount, currency);
  if (!result.ok) throw new RangeError(`Invalid money: ${JSON.stringify(result.error)}`);
  return result.value;
};

export const zeroMoney = (currency: string): Money => money(0, currency);

const assertSameCurrency = (a: Money, b: Money): void => {
  if (a.currency !== b.currency) throw new TypeError(`Currency mismatch: ${a.currency} and ${b.currency}`);
};

const assertSafeInteger = (value: number, what: string): void => {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a safe integer, got ${value}`);
};

export const addMoney = (a: Money, b: Money): Money => {
  assertSameCurrency(a, b);
  return money(a.amount + b.amount, a.currency);
};

export const subtractMoney = (a: Money, b: Money): Money => {
  assertSameCurrency(a, b);
  return money(a.amount - b.amount, a.currency);
};

export const negateMoney = (m: Money): Money => money(-m.amount, m.currency);

/** Price times a ticket quantity; the quantity is a whole number of items. */
export const multiplyMoney = (m: Money, quantity: number): Money => {
  assertSafeInteger(quantity, 'Quantity');
  return money(m.amount * quantity, m.currency);
};

/**
 * `basisPoints` / 10000 of the amount (250 bp = 2.5 %), for percentage fees and discounts.
 * Rounding: half up on the magnitude to the nearest minor unit (0.5 cent becomes 1 cent, -0.5
 * cent becomes -1 cent), so the fee on a refund mirrors the fee on the charge. Computed with
 * BigInt so large amounts round exactly.
 */
export const percentOfMoney = (m: Money, basisPoints: number): Money => {
  assertSafeInteger(basisPoints, 'Basis points');
  const magnitude = (BigInt(Math.abs(m.amount)) * BigInt(Math.abs(basisPoints)) + 5000n) / 10000n;
  const negative = m.amount < 0 !== basisPoints < 0;
  return money(Number(negative ? -magnitude : magnitude), m.currency);
};

/**
 * Splits money in proportion to non-negative integer weights without losing a cent: each part
 * is the exact share rounded down, and the cents left over go one each to the parts with the
 * largest remainders (earlier parts first on a tie). Parts sum to the whole, each part is within
 * one minor unit of its exact share, and a zero weight gets nothing.
 */
export const allocateMoney = (m: Money, weights: readonly number[]): Money[] => {
  if (weights.length === 0) throw new RangeError('Allocation needs at least one weight');
  for (const w of weights) {
    assertSafeInteger(w, 'Weight');
    if (w < 0) throw new RangeError(`Weight must not be negative, got ${w}`);
  }
  const total = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  if (total === 0n) throw new RangeError('Allocation weights must not all be zero');

  const whole = BigInt(Math.abs(m.amount));
  const shares = weights.map((w, index) => ({
    index,
    floor: (whole * BigInt(w)) / total,
    remainder: (whole * BigInt(w)) % total,
  }));
  let leftover = whole - shares.reduce((sum, s) => sum + s.floor, 0n);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  const extra = new Set<number>();
  for (const share of byRemainder) {
    if (leftover === 0n) break;
    extra.add(share.index);
    leftover -= 1n;
  }
  const sign = m.amount < 0 ? -1 : 1;
  return shares.map((s) => money(sign * Number(s.floor + (extra.has(s.index) ? 1n : 0n)), m.currency));
};

/** Splits money into `parts` near-equal parts (differing by at most one minor unit, larger first). */
export const splitMoney = (m: Money, parts: number): Money[] => {
  assertSafeInteger(parts, 'Parts');
  if (parts < 1) throw new RangeError(`Parts must be at least 1, got ${parts}`);
  return allocateMoney(
    m,
    Array.from({ length: parts }, () => 1),
  );
};

/** Sum of a list; the currency is named because an empty list has none of its own. */
export const sumMoney = (items: readonly Money[], currency: string): Money =>
  items.reduce((total, item) => addMoney(total, item), zeroMoney(currency));

export const isNegativeMoney = (m: Money): boolean => m.amount < 0;

export const isZeroMoney = (m: Money): boolean => m.amount === 0;

/** -1, 0 or 1, for sorting; only amounts of the same currency are comparable. */
export const compareMoney = (a: Money, b: Money): -1 | 0 | 1 => {
  assertSameCurrency(a, b);
  return a.amount < b.amount ? -1 : a.amount > b.amount ? 1 : 0;
};

/** Same amount and currency; amounts in different currencies are simply not equal. */
export const equalMoney = (a: Money, b: Money): boolean => a.currency === b.currency && a.amount === b.amount;
