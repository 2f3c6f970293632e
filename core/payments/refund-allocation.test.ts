import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateCredit,
  allocateRefund,
  checkRefund,
  creditOwed,
  refundableOf,
  type RefundSource,
} from './refund-allocation.ts';

// An order's payments: ids in order, each with some of it maybe given back already.
const sourcesArb = fc
  .array(
    fc
      .integer({ min: 0, max: 50_000 })
      .chain((amount) =>
        fc.record({ amount: fc.constant(amount), refunded: fc.integer({ min: 0, max: amount }) }),
      ),
    { maxLength: 6 },
  )
  .map((rows) => rows.map((r, i): RefundSource => ({ paymentId: 100 + i, ...r })));

const totalRefundable = (sources: readonly RefundSource[]) =>
  sources.reduce((sum, s) => sum + refundableOf(s), 0);

const sum = (lines: readonly { amount: number }[]) => lines.reduce((s, l) => s + l.amount, 0);

describe('the automatic selection', () => {
  it('places exactly the amount, never more than a payment has left, or refuses when they have too little', () => {
    fc.assert(
      fc.property(sourcesArb, fc.integer({ min: 0, max: 400_000 }), (sources, amount) => {
        const result = allocateRefund(sources, amount);
        if (amount > totalRefundable(sources)) {
          expect(result).toMatchObject({ ok: false, refusal: { code: 'MoreThanRefundable' } });
          return;
        }
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(sum(result.lines)).toBe(amount);
        for (const line of result.lines) {
          const source = sources.find((s) => s.paymentId === line.paymentId)!;
          expect(line.amount).toBeGreaterThan(0);
          expect(line.amount).toBeLessThanOrEqual(refundableOf(source));
        }
      }),
    );
  });

  it('takes the first payment with something left first, capped at what is needed, then the next in order', () => {
    fc.assert(
      fc.property(sourcesArb, fc.integer({ min: 1, max: 400_000 }), (sources, amount) => {
        const result = allocateRefund(sources, amount);
        if (!result.ok) return;
        // The lines follow the payments' order, and every payment before the last line gave all it had.
        const positions = result.lines.map((l) => sources.findIndex((s) => s.paymentId === l.paymentId));
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
        const last = positions[positions.length - 1]!;
        for (const [i, source] of sources.entries()) {
          if (i >= last) break;
          const line = result.lines.find((l) => l.paymentId === source.paymentId);
          expect(line?.amount ?? 0).toBe(refundableOf(source));
        }
        const first = sources.find((s) => refundableOf(s) > 0)!;
        expect(result.lines[0]).toEqual({
          paymentId: first.paymentId,
          amount: Math.min(refundableOf(first), amount),
        });
      }),
    );
  });

  it('an amount that is not whole positive minor units is refused', () => {
    for (const amount of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(allocateRefund([{ paymentId: 1, amount: 100, refunded: 0 }], amount)).toMatchObject({
        ok: false,
        refusal: { code: 'NotWholeAmount' },
      });
  });
});

describe('the credit owed', () => {
  it('is the negative of the balance due, never below 0', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (balance) => {
        expect(creditOwed(balance)).toBe(balance < 0 ? -balance : 0);
      }),
    );
  });

  it("allocating 'credit' refunds all the credit owed, or refuses it whole", () => {
    fc.assert(
      fc.property(sourcesArb, fc.integer({ min: -400_000, max: 50_000 }), (sources, balanceDue) => {
        const result = allocateCredit(sources, balanceDue, 'credit');
        const owed = creditOwed(balanceDue);
        if (owed === 0) expect(result).toEqual({ ok: true, lines: [] });
        else if (owed > totalRefundable(sources)) expect(result.ok).toBe(false);
        else expect(result.ok && sum(result.lines)).toBe(owed);
      }),
    );
  });

  it('an amount above the credit owed is refused whatever the payments have left', () => {
    fc.assert(
      fc.property(
        sourcesArb,
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 1, max: 1000 }),
        (sources, owed, over) => {
          expect(allocateCredit(sources, -owed, owed + over)).toMatchObject({
            ok: false,
            refusal: { code: owed === 0 ? 'NothingOwed' : 'MoreThanOwed' },
          });
        },
      ),
    );
  });
});

describe('an entered refund', () => {
  const linesArb = (sources: readonly RefundSource[]) =>
    fc.array(
      fc.record({
        paymentId: sources.length
          ? fc.oneof(fc.constantFrom(...sources.map((s) => s.paymentId)), fc.constant(999))
          : fc.constant(999),
        amount: fc.integer({ min: -10, max: 60_000 }),
      }),
      { maxLength: 4 },
    );

  it('passes exactly when every line is whole, known, once, within its payment, and the total within the credit', () => {
    fc.assert(
      fc.property(
        sourcesArb.chain((sources) =>
          fc.record({
            sources: fc.constant(sources),
            lines: linesArb(sources),
            balanceDue: fc.integer({ min: -200_000, max: 10_000 }),
          }),
        ),
        ({ sources, lines, balanceDue }) => {
          const result = checkRefund(sources, balanceDue, lines);
          const ids = lines.map((l) => l.paymentId);
          const valid =
            lines.every((l) => l.amount > 0) &&
            new Set(ids).size === ids.length &&
            lines.every((l) => {
              const source = sources.find((s) => s.paymentId === l.paymentId);
              return source !== undefined && l.amount <= refundableOf(source);
            }) &&
            sum(lines) <= creditOwed(balanceDue);
          expect(result.ok).toBe(valid);
          if (result.ok) expect(result.lines).toEqual(lines);
        },
      ),
    );
  });

  it('says which payment and how much it has left when a line takes too much', () => {
    const sources = [
      { paymentId: 1, amount: 5000, refunded: 0 },
      { paymentId: 2, amount: 3000, refunded: 1000 },
    ];
    expect(checkRefund(sources, -6000, [{ paymentId: 2, amount: 2500 }])).toEqual({
      ok: false,
      refusal: { code: 'MoreThanRefundable', paymentId: 2, refundable: 2000 },
    });
    expect(checkRefund(sources, -1000, [{ paymentId: 1, amount: 1500 }])).toEqual({
      ok: false,
      refusal: { code: 'MoreThanOwed', owed: 1000 },
    });
    expect(checkRefund(sources, 0, [{ paymentId: 1, amount: 1 }])).toMatchObject({
      ok: false,
      refusal: { code: 'NothingOwed' },
    });
  });
});
