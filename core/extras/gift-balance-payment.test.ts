import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { giftBalanceAmount } from './gift-balance-payment.ts';
import { amountProblem } from './gift-certificates.ts';

describe("what a gift certificate pays of an order's balance", () => {
  it('never more than the balance due nor the certificate; none asked: all it can pay', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: -100, max: 2_000_000 }), { nil: null }),
        fc.integer({ min: -1000, max: 2_000_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        (asked, due, certificate) => {
          const decided = giftBalanceAmount(asked, due, certificate);
          if (decided.ok) {
            expect(decided.amount).toBeGreaterThan(0);
            expect(decided.amount).toBeLessThanOrEqual(due);
            expect(decided.amount).toBeLessThanOrEqual(certificate);
            expect(amountProblem(decided.amount)).toBeNull();
            if (asked === null) expect(decided.amount).toBe(Math.min(due, certificate));
            else expect(decided.amount).toBe(asked);
          } else if (due <= 0) expect(decided.problem).toBe('nothingDue');
          else if (asked !== null && asked > due && amountProblem(asked) === null)
            expect(decided.problem).toBe('overDue');
        },
      ),
    );
  });

  it('an amount the certificate does not hold is refused as too little on it', () => {
    expect(giftBalanceAmount(3000, 5000, 1000)).toMatchObject({ ok: false, problem: 'overCertificate' });
    expect(giftBalanceAmount(null, 5000, 0)).toMatchObject({ ok: false, problem: 'overCertificate' });
    expect(giftBalanceAmount(null, 3000, 5000)).toEqual({ ok: true, amount: 3000 });
  });
});
