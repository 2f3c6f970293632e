import {
  checkRefund,
  creditOwed,
  refundableOf,
  type RefundRefusal,
  type RefundSource,
} from '../../../../core/payments/refund-allocation.ts';
import { parseAmount } from '../counter/tender.ts';

// The refund dialog's lines: one amount per payment, typed by the clerk, judged as they type by
// the rules the server applies (core/payments/refund-allocation.ts): a payment gives back at most
// what it has left, and together the lines give back at most the credit owed. Pure.

export type { RefundSource };

export type LineProblem = 'invalid' | 'overPayment';
export type TotalProblem = 'nothing' | 'overCredit' | 'nothingOwed';

export interface RefundCheck {
  /** Per payment id: why its amount cannot be given back, when it cannot. */
  readonly lines: ReadonlyMap<number, LineProblem>;
  readonly total: number;
  readonly totalProblem: TotalProblem | null;
  /** The calls to make, one per payment with an amount (in the payments' order). */
  readonly refunds: readonly { readonly paymentId: number; readonly amount: number }[];
  readonly ok: boolean;
}

const totalProblemOf = (refusal: RefundRefusal): TotalProblem | null =>
  refusal.code === 'MoreThanOwed' ? 'overCredit' : refusal.code === 'NothingOwed' ? 'nothingOwed' : null;

/** Checks what the clerk typed (`texts` by payment id; empty is nothing) against the order's balance due. */
export const checkRefundLines = (
  sources: readonly RefundSource[],
  texts: ReadonlyMap<number, string>,
  balanceDue: number,
): RefundCheck => {
  const lines = new Map<number, LineProblem>();
  const refunds: { paymentId: number; amount: number }[] = [];
  let total = 0;
  for (const source of sources) {
    const text = (texts.get(source.paymentId) ?? '').trim();
    if (text === '') continue;
    const amount = parseAmount(text);
    if (amount === null) {
      lines.set(source.paymentId, 'invalid');
      continue;
    }
    if (amount > refundableOf(source)) lines.set(source.paymentId, 'overPayment');
    if (amount > 0) refunds.push({ paymentId: source.paymentId, amount });
    total += amount;
  }
  let totalProblem: TotalProblem | null = null;
  if (refunds.length === 0) totalProblem = 'nothing';
  else if (lines.size === 0) {
    const judged = checkRefund(sources, balanceDue, refunds);
    if (!judged.ok) totalProblem = totalProblemOf(judged.refusal) ?? 'overCredit';
  } else if (total > creditOwed(balanceDue)) totalProblem = 'overCredit';
  return { lines, total, totalProblem, refunds, ok: lines.size === 0 && totalProblem === null };
};
