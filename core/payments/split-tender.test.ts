import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  balanceDue,
  decideFirstPayment,
  decidePayment,
  REFUSAL_FIELDS,
  REFUSAL_MESSAGES,
} from './split-tender.ts';

const TYPES = ['Cash', 'Check', 'Comp', 'Custom', 'CreditCard'] as const;
const total = fc.integer({ min: 1, max: 10_000_000 });
const payment = fc.record({
  paymentType: fc.constantFrom(...TYPES),
  amount: fc.option(fc.integer({ min: 0, max: 20_000_000 }), { nil: null }),
  tendered: fc.option(fc.integer({ min: 0, max: 30_000_000 }), { nil: null }),
});

describe('split tender', () => {
  it('a sequence of payments never over- or under-pays; the balance after each is total - sum', () => {
    fc.assert(
      fc.property(total, fc.array(payment, { maxLength: 12 }), (orderTotal, payments) => {
        const applied: number[] = [];
        for (const p of payments) {
          const balance = balanceDue(orderTotal, applied);
          const decision = decidePayment({
            balance,
            ...p,
            tendered: p.paymentType === 'Cash' ? p.tendered : null,
          });
          if (!decision.ok) continue;
          applied.push(decision.applied);
          expect(decision.applied).toBeGreaterThan(0);
          expect(decision.applied).toBeLessThanOrEqual(balance);
          expect(decision.balanceAfter).toBe(orderTotal - applied.reduce((a, b) => a + b, 0));
          expect(decision.balanceAfter).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(decision.applied) && Number.isInteger(decision.change)).toBe(true);
        }
        // Paying the whole balance at the end always settles it.
        const left = balanceDue(orderTotal, applied);
        const last = decidePayment({ balance: left, paymentType: 'Check', amount: null, tendered: null });
        if (left > 0) expect(last).toMatchObject({ ok: true, applied: left, balanceAfter: 0 });
        else expect(last).toEqual({ ok: false, refusal: 'NothingDue' });
        expect(left).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('anything but cash above the balance is refused; a payment of 0 while something is due too', () => {
    fc.assert(
      fc.property(
        total,
        fc.constantFrom('Check', 'Comp', 'Custom', 'CreditCard'),
        fc.integer({ min: 1, max: 1000 }),
        (balance, paymentType, over) => {
          expect(decidePayment({ balance, paymentType, amount: balance + over, tendered: null })).toEqual({
            ok: false,
            refusal: 'AmountAboveBalance',
          });
          expect(decidePayment({ balance, paymentType, amount: 0, tendered: null })).toEqual({
            ok: false,
            refusal: 'AmountNotPositive',
          });
        },
      ),
    );
  });

  it('nothing is taken from an order that owes nothing; only a free order’s first payment is 0', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TYPES),
        fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null }),
        (paymentType, amount) => {
          expect(decidePayment({ balance: 0, paymentType, amount, tendered: null })).toEqual({
            ok: false,
            refusal: 'NothingDue',
          });
          expect(
            decideFirstPayment({ invoice: false, balance: 0, paymentType, amount, tendered: null }),
          ).toMatchObject({ ok: true, applied: 0, balanceAfter: 0 });
        },
      ),
    );
  });

  it('an invoice takes nothing and leaves the whole total due; otherwise the first payment is any payment', () => {
    fc.assert(
      fc.property(total, payment, (orderTotal, p) => {
        expect(decideFirstPayment({ invoice: true, balance: orderTotal, ...p })).toEqual({
          ok: true,
          applied: 0,
          tendered: null,
          change: 0,
          balanceAfter: orderTotal,
        });
        expect(decideFirstPayment({ invoice: false, balance: orderTotal, ...p })).toEqual(
          decidePayment({ balance: orderTotal, ...p }),
        );
      }),
    );
  });
});

describe('cash change', () => {
  it('change = tendered - amount applied, never negative; the excess over the balance is change', () => {
    fc.assert(
      fc.property(
        total,
        fc.option(fc.integer({ min: 1, max: 20_000_000 }), { nil: null }),
        fc.option(fc.integer({ min: 0, max: 30_000_000 }), { nil: null }),
        (balance, amount, tendered) => {
          const decision = decidePayment({ balance, paymentType: 'Cash', amount, tendered });
          const applied = Math.min(amount ?? balance, balance);
          const handed = tendered ?? amount ?? balance;
          if (handed < applied) {
            expect(decision).toEqual({ ok: false, refusal: 'TenderedBelowAmount' });
            return;
          }
          expect(decision).toEqual({
            ok: true,
            applied,
            tendered: handed,
            change: handed - applied,
            balanceAfter: balance - applied,
          });
        },
      ),
    );
  });

  it('a cash payment is refused when the cash handed over does not cover it', () => {
    expect(decidePayment({ balance: 5000, paymentType: 'Cash', amount: null, tendered: 4999 })).toEqual({
      ok: false,
      refusal: 'TenderedBelowAmount',
    });
    expect(decidePayment({ balance: 5000, paymentType: 'Cash', amount: 2000, tendered: 2000 })).toMatchObject(
      {
        ok: true,
        change: 0,
        balanceAfter: 3000,
      },
    );
  });

  it('every refusal has words and names a field', () => {
    for (const refusal of Object.keys(REFUSAL_MESSAGES) as (keyof typeof REFUSAL_MESSAGES)[]) {
      expect(REFUSAL_MESSAGES[refusal].length).toBeGreaterThan(0);
      expect(REFUSAL_FIELDS[refusal].length).toBeGreaterThan(0);
    }
  });
});
