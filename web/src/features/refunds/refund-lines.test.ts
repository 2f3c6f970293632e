import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateCredit } from '../../../../core/payments/refund-allocation.ts';
import { amountText } from '../counter/tender.ts';
import { checkRefundLines, type RefundSource } from './refund-lines.ts';

// Payment 1 brought in 30.00, payment 2 brought in 60.00 of which 10.00 went back already.
const sources: RefundSource[] = [
  { paymentId: 1, amount: 3000, refunded: 0 },
  { paymentId: 2, amount: 6000, refunded: 1000 },
];
const typed = (entries: [number, string][]) => new Map(entries);

describe('the refund dialog lines', () => {
  it('accepts amounts within each payment and within the credit owed', () => {
    const check = checkRefundLines(
      sources,
      typed([
        [1, '30.00'],
        [2, '10'],
      ]),
      -4000,
    );
    expect(check.ok).toBe(true);
    expect(check.refunds).toEqual([
      { paymentId: 1, amount: 3000 },
      { paymentId: 2, amount: 1000 },
    ]);
  });

  it('refuses more than a payment can still give back, naming that payment', () => {
    const check = checkRefundLines(sources, typed([[2, '50.01']]), -9000);
    expect(check.ok).toBe(false);
    expect(check.lines.get(2)).toBe('overPayment');
    expect(check.lines.has(1)).toBe(false);
  });

  it('refuses more than the credit owed in all, nothing at all, and any refund when nothing is owed', () => {
    expect(
      checkRefundLines(
        sources,
        typed([
          [1, '20'],
          [2, '20.01'],
        ]),
        -4000,
      ).totalProblem,
    ).toBe('overCredit');
    expect(checkRefundLines(sources, typed([]), -4000).totalProblem).toBe('nothing');
    expect(checkRefundLines(sources, typed([[1, '1']]), 0).totalProblem).toBe('nothingOwed');
  });

  it('refuses what is not an amount', () => {
    for (const text of ['abc', '-5', '1.234'])
      expect(checkRefundLines(sources, typed([[2, text]]), -9000).lines.get(2)).toBe('invalid');
  });

  it('accepts the suggestion of the allocation rules for any credit the payments can cover', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8000 }), (credit) => {
        const suggested = allocateCredit(sources, -credit, 'credit');
        if (!suggested.ok) throw new Error('the payments cover the credit');
        const texts = typed(suggested.lines.map((l) => [l.paymentId, amountText(l.amount)]));
        const check = checkRefundLines(sources, texts, -credit);
        expect(check.ok).toBe(true);
        expect(check.total).toBe(credit);
      }),
    );
  });

  it('is ok exactly when every line is within its payment and the sum within the credit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 2, maxLength: 2 }),
        fc.integer({ min: -20_000, max: 20_000 }),
        (amounts, balanceDue) => {
          const texts = typed(amounts.map((a, i) => [i + 1, amountText(a)]));
          const check = checkRefundLines(sources, texts, balanceDue);
          const sum = amounts[0]! + amounts[1]!;
          const within = amounts.every((a, i) => a <= sources[i]!.amount - sources[i]!.refunded);
          expect(check.total).toBe(sum);
          expect(check.ok).toBe(within && sum > 0 && sum <= Math.max(0, -balanceDue));
        },
      ),
    );
  });
});
