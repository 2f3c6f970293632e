// How one payment at the counter meets an order's balance due (split tender, an invoice paid
// later). Pure; money in integer minor units.
//
// - `Amount` is what the payment puts toward the order; absent, the whole balance due.
// - A payment never over-pays: an amount above the balance is refused, except cash, where the
//   excess handed over is change (applied = the balance, change = tendered - applied).
// - Cash: AmountTendered (default: the amount) is what the customer handed over. It must cover
//   the amount applied: a clerk taking part of the balance in cash says so with Amount, never by
//   short tendering; change = tendered - applied, never negative.
// - A payment of nothing is refused while something is due, and any payment when nothing is due;
//   only the first payment of an order of total 0 is a payment of 0 (decideFirstPayment).

export type PaymentRefusal =
  /** Amount is more than the balance due (not cash). */
  | 'AmountAboveBalance'
  /** Cash handed over is less than the amount applied. */
  | 'TenderedBelowAmount'
  /** A payment of 0 while something is due. */
  | 'AmountNotPositive'
  /** The order owes nothing. */
  | 'NothingDue';

export interface PaymentRequest {
  /** What the order still owes before this payment. */
  readonly balance: number;
  readonly paymentType: string;
  /** This payment's amount; null: the whole balance. */
  readonly amount: number | null;
  /** Cash handed over; null: the amount. Only cash has it. */
  readonly tendered: number | null;
}

export type PaymentDecision =
  | {
      readonly ok: true;
      /** What goes toward the order (the payment's amount as stored). */
      readonly applied: number;
      /** Cash handed over (null for other tenders). */
      readonly tendered: number | null;
      /** Cash given back (0 for other tenders). */
      readonly change: number;
      /** What the order owes after this payment. */
      readonly balanceAfter: number;
    }
  | { readonly ok: false; readonly refusal: PaymentRefusal };

const refused = (refusal: PaymentRefusal): PaymentDecision => ({ ok: false, refusal });

export const decidePayment = ({
  balance,
  paymentType,
  amount,
  tendered,
}: PaymentRequest): PaymentDecision => {
  const wanted = amount ?? balance;
  if (balance <= 0) return refused('NothingDue');
  if (wanted <= 0) return refused('AmountNotPositive');
  if (paymentType !== 'Cash') {
    if (wanted > balance) return refused('AmountAboveBalance');
    return { ok: true, applied: wanted, tendered: null, change: 0, balanceAfter: balance - wanted };
  }
  const applied = Math.min(wanted, balance);
  const handed = tendered ?? wanted;
  if (handed < applied) return refused('TenderedBelowAmount');
  return { ok: true, applied, tendered: handed, change: handed - applied, balanceAfter: balance - applied };
};

/**
 * The first payment of an order: as decidePayment, but an order of total 0 (every ticket free) is
 * placed with a payment of 0, as the consumer checkout places it; an invoice takes nothing.
 */
export const decideFirstPayment = (
  request: PaymentRequest & { readonly invoice: boolean },
): PaymentDecision =>
  request.invoice || request.balance === 0
    ? { ok: true, applied: 0, tendered: null, change: 0, balanceAfter: request.balance }
    : decidePayment(request);

/** What an order of `total` owes after these payments (amounts applied). */
export const balanceDue = (total: number, applied: readonly number[]): number =>
  applied.reduce((left, amount) => left - amount, total);

/** Words for the clerk. */
export const REFUSAL_MESSAGES: Readonly<Record<PaymentRefusal, string>> = {
  AmountAboveBalance: 'The amount is more than the balance due.',
  TenderedBelowAmount: 'The cash handed over is less than the amount to pay.',
  AmountNotPositive: 'The amount must be more than 0.',
  NothingDue: 'This order has nothing left to pay.',
};

/** The request field a refusal is about. */
export const REFUSAL_FIELDS: Readonly<Record<PaymentRefusal, string>> = {
  AmountAboveBalance: 'Amount',
  TenderedBelowAmount: 'AmountTendered',
  AmountNotPositive: 'Amount',
  NothingDue: 'OrderId',
};
