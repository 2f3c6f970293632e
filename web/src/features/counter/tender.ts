import { readTypedAmount } from '../../../../core/shared/typed-amount.ts';

// The counter's tender rules, in integer minor units: reading an amount the clerk typed, the
// part of the balance a payment covers (less than the balance is a split tender), cash handed
// over and the change due, and what each payment type sends. Pure.

/** '12.50' or '12,50' -> 1250; null for anything that is not an amount of 0 or more (core/shared/typed-amount.ts). */
export const parseAmount = (text: string): number | null => readTypedAmount(text);

/** 1250 -> '12.50': how an amount is put back in a field. */
export const amountText = (minor: number): string => {
  const digits = String(Math.abs(minor)).padStart(3, '0');
  return `${minor < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

export type PartCheck =
  | { readonly ok: true; readonly amount: number; readonly split: boolean }
  | { readonly ok: false; readonly problem: 'invalid' | 'zero' | 'overBalance' };

/** The part of the balance this payment covers: more than 0, at most the balance; less is a split. */
export const checkPart = (amount: number | null, balance: number): PartCheck => {
  if (amount === null) return { ok: false, problem: 'invalid' };
  if (amount <= 0) return { ok: false, problem: 'zero' };
  if (amount > balance) return { ok: false, problem: 'overBalance' };
  return { ok: true, amount, split: amount < balance };
};

export type CashCheck =
  | { readonly ok: true; readonly tendered: number; readonly change: number }
  | { readonly ok: false; readonly problem: 'invalid' | 'short'; readonly short?: number };

/**
 * Cash handed over for a payment of `amount`: it must cover the amount (to pay part in cash,
 * lower the amount: the rest is a further payment); the excess is the change due.
 */
export const checkCash = (tendered: number | null, amount: number): CashCheck => {
  if (tendered === null) return { ok: false, problem: 'invalid' };
  if (tendered < amount) return { ok: false, problem: 'short', short: amount - tendered };
  return { ok: true, tendered, change: tendered - amount };
};

/** The balance left after payments against a total (never below 0: cash change is not a credit). */
export const balanceAfter = (total: number, payments: readonly { readonly Amount: number }[]): number =>
  Math.max(0, total - payments.reduce((sum, p) => sum + p.Amount, 0));

/** A fresh key per payment attempt, kept for its retries (one order, one payment). */
export const newIdempotencyKey = (): string => `counter-${crypto.randomUUID()}`;

/** The payment types a counter takes (POST /api/checkout/pos): no PayPal or wallets at the counter. */
export const COUNTER_PAYMENT_TYPES = ['CreditCard', 'Cash', 'Check', 'Comp', 'Custom'] as const;
export type CounterPaymentType = (typeof COUNTER_PAYMENT_TYPES)[number];

export const isCounterPaymentType = (type: string): type is CounterPaymentType =>
  (COUNTER_PAYMENT_TYPES as readonly string[]).includes(type);
