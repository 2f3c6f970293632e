// How money owed back to a customer is spread over the payments that brought it in. Pure: the
// server judges a refund with these under the order row's lock (adapters/postgres/orders/
// refunds.ts) and the web refund dialog suggests with the same functions.
//
// The rules:
// - only credit owed goes back: the refunds together never exceed -balanceDue (a negative balance
//   due is credit; nothing is owed when the balance is 0 or more);
// - a payment never gives back more than it brought in less what it already gave back;
// - the automatic choice takes the payments in their order (oldest first), the first with
//   something refundable first, each capped at what is still needed, until the amount is placed.

/** A payment as the refund rules see it. */
export interface RefundSource {
  readonly paymentId: number;
  /** What the payment brought in, minor units. */
  readonly amount: number;
  /** Already given back (pending or succeeded refunds). */
  readonly refunded: number;
}

/** One payment's share of a refund. */
export interface RefundLine {
  readonly paymentId: number;
  readonly amount: number;
}

/**
 * Why a refund is refused:
 * - NotWholeAmount: an amount is not a positive whole number of minor units
 * - NothingOwed: the order owes no credit (balance due 0 or more)
 * - MoreThanOwed: the total asked is more than the credit owed (`owed`)
 * - UnknownPayment: a line names a payment that is not one of this order's refundable ones
 * - MoreThanRefundable: a line takes more from its payment than it has left (`refundable`)
 * - DuplicatePayment: two lines name the same payment
 */
export type RefundRefusalCode =
  | 'NotWholeAmount'
  | 'NothingOwed'
  | 'MoreThanOwed'
  | 'UnknownPayment'
  | 'MoreThanRefundable'
  | 'DuplicatePayment';

export interface RefundRefusal {
  readonly code: RefundRefusalCode;
  readonly paymentId?: number;
  readonly owed?: number;
  readonly refundable?: number;
}

export type Allocation =
  | { readonly ok: true; readonly lines: readonly RefundLine[] }
  | { readonly ok: false; readonly refusal: RefundRefusal };

/** What a payment may still give back. */
export const refundableOf = (source: RefundSource): number => Math.max(0, source.amount - source.refunded);

/** The credit an order owes its customer: the negative of its balance due, 0 when none. */
export const creditOwed = (balanceDue: number): number => Math.max(0, -balanceDue);

const isWholePositive = (amount: number) => Number.isSafeInteger(amount) && amount > 0;

/**
 * The automatic selection: `amount` placed over the payments in their order, each giving at most
 * what it has left. Refused when the payments together have less than `amount` left.
 */
export const allocateRefund = (sources: readonly RefundSource[], amount: number): Allocation => {
  if (amount === 0) return { ok: true, lines: [] };
  if (!isWholePositive(amount)) return { ok: false, refusal: { code: 'NotWholeAmount' } };
  const lines: RefundLine[] = [];
  let needed = amount;
  for (const source of sources) {
    if (needed === 0) break;
    const share = Math.min(refundableOf(source), needed);
    if (share <= 0) continue;
    lines.push({ paymentId: source.paymentId, amount: share });
    needed -= share;
  }
  if (needed > 0)
    return {
      ok: false,
      refusal: { code: 'MoreThanRefundable', refundable: amount - needed },
    };
  return { ok: true, lines };
};

/**
 * Checks refund lines a clerk entered against the credit owed and each payment's refundable
 * amount. The lines come back unchanged when they pass.
 */
export const checkRefund = (
  sources: readonly RefundSource[],
  balanceDue: number,
  lines: readonly RefundLine[],
): Allocation => {
  const owed = creditOwed(balanceDue);
  for (const line of lines)
    if (!isWholePositive(line.amount))
      return { ok: false, refusal: { code: 'NotWholeAmount', paymentId: line.paymentId } };
  const seen = new Set<number>();
  for (const line of lines) {
    if (seen.has(line.paymentId))
      return { ok: false, refusal: { code: 'DuplicatePayment', paymentId: line.paymentId } };
    seen.add(line.paymentId);
    const source = sources.find((s) => s.paymentId === line.paymentId);
    if (!source) return { ok: false, refusal: { code: 'UnknownPayment', paymentId: line.paymentId } };
    const refundable = refundableOf(source);
    if (line.amount > refundable)
      return {
        ok: false,
        refusal: { code: 'MoreThanRefundable', paymentId: line.paymentId, refundable },
      };
  }
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  if (total > 0 && owed === 0) return { ok: false, refusal: { code: 'NothingOwed', owed: 0 } };
  if (total > owed) return { ok: false, refusal: { code: 'MoreThanOwed', owed } };
  return { ok: true, lines };
};

/**
 * A refund of `amount` (or of all the credit owed) spread automatically: the amount is judged
 * against the credit first, then placed over the payments.
 */
export const allocateCredit = (
  sources: readonly RefundSource[],
  balanceDue: number,
  amount: number | 'credit',
): Allocation => {
  const owed = creditOwed(balanceDue);
  const wanted = amount === 'credit' ? owed : amount;
  if (wanted === 0) return { ok: true, lines: [] };
  if (!isWholePositive(wanted)) return { ok: false, refusal: { code: 'NotWholeAmount' } };
  if (owed === 0) return { ok: false, refusal: { code: 'NothingOwed', owed: 0 } };
  if (wanted > owed) return { ok: false, refusal: { code: 'MoreThanOwed', owed } };
  return allocateRefund(sources, wanted);
};
