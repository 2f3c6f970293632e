import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  balanceOf,
  decideRedeem,
  keyProblem,
  MAX_GIFT_CERTIFICATE_AMOUNT,
  signedAmount,
  type GiftLedgerEntry,
} from './gift-certificates.ts';

const amount = fc.integer({ min: 1, max: 50_000 });
const movement = fc.record({ kind: fc.constantFrom('redeem' as const, 'refund' as const), amount });

describe('the gift certificate ledger', () => {
  it('keeps the balance the sum of its entries and never below zero, whatever is asked', () => {
    fc.assert(
      fc.property(amount, fc.array(movement, { maxLength: 40 }), (issued, moves) => {
        const ledger: GiftLedgerEntry[] = [{ kind: 'issue', amount: signedAmount('issue', issued) }];
        let spent = 0;
        let refunded = 0;
        for (const m of moves) {
          const before = balanceOf(ledger);
          if (m.kind === 'refund') {
            ledger.push({ kind: 'refund', amount: signedAmount('refund', m.amount) });
            refunded += m.amount;
            continue;
          }
          const decision = decideRedeem(before, m.amount);
          expect(decision.ok).toBe(m.amount <= before);
          if (decision.ok) {
            ledger.push({ kind: 'redeem', amount: signedAmount('redeem', m.amount) });
            spent += m.amount;
            expect(decision.balance).toBe(balanceOf(ledger));
          } else expect(decision.shortBy).toBe(m.amount - before);
          expect(balanceOf(ledger)).toBeGreaterThanOrEqual(0);
        }
        expect(balanceOf(ledger)).toBe(issued + refunded - spent);
      }),
    );
  });

  it('redeems the whole balance exactly, and not one minor unit more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (balance) => {
        expect(decideRedeem(balance, balance)).toEqual({ ok: true, balance: 0 });
        expect(decideRedeem(balance, balance + 1)).toEqual({ ok: false, balance, shortBy: 1 });
      }),
    );
  });

  it('moves only whole positive amounts up to the limit', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -10, max: 2_000_000 }), fc.double({ noNaN: false })), (a) => {
        const fine = Number.isInteger(a) && a >= 1 && a <= MAX_GIFT_CERTIFICATE_AMOUNT;
        expect(amountProblem(a) === null).toBe(fine);
      }),
    );
    expect(amountProblem(0)).toBe(
      'The amount must be a whole number of minor units above 0 (1.00 is 100); got 0.',
    );
  });

  it('needs a key of 1 to 200 characters', () => {
    expect(keyProblem('attempt-1')).toBeNull();
    expect(keyProblem(' ')).toMatch(/1 to 200 characters/);
    expect(keyProblem('k'.repeat(201))).toMatch(/1 to 200 characters/);
  });
});
