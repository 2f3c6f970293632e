import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '../accounts/staff/permissions.ts';
import { tenderPermission } from '../orders/checkout/buyer.ts';
import {
  COUNTER_TENDERS,
  counterTenderPermission,
  isCounterTender,
  mayTakeTender,
  mayUseCounter,
  tenderFieldProblems,
  type CounterCaller,
} from './tenders.ts';

const staff = fc
  .subarray([...PERMISSIONS])
  .map((p): CounterCaller => ({ kind: 'staff', permissions: new Set<Permission>(p) }));
const caller: fc.Arbitrary<CounterCaller> = fc.oneof(
  staff,
  fc.constant({ kind: 'customer' } as const),
  fc.constant({ kind: 'guest' } as const),
);
const tender = fc.constantFrom(...COUNTER_TENDERS);

describe('who may take a counter tender', () => {
  it('only staff whose role may sell, and holds the tender’s permission; never a customer or guest', () => {
    fc.assert(
      fc.property(caller, tender, (c, t) => {
        const allowed = mayTakeTender(c, t);
        if (c.kind !== 'staff') expect(allowed).toBe(false);
        else expect(allowed).toBe(c.permissions.has('sell') && c.permissions.has(counterTenderPermission(t)));
        expect(mayUseCounter(c)).toBe(c.kind === 'staff' && c.permissions.has('sell'));
      }),
    );
  });

  it('the card terminal needs terminalPayment; the others what core/orders/checkout/buyer.ts says', () => {
    expect(counterTenderPermission('CreditCard')).toBe('terminalPayment');
    for (const t of ['Cash', 'Check', 'Comp', 'Custom'] as const)
      expect(counterTenderPermission(t)).toBe(tenderPermission(t));
    expect([counterTenderPermission('Cash'), counterTenderPermission('Custom')]).toEqual([
      'customPayment',
      'customPayment',
    ]);
    expect(counterTenderPermission('Check')).toBe('checkPayment');
    expect(counterTenderPermission('Comp')).toBe('comp');
  });

  it('the web’s own payment types are not counter tenders', () => {
    for (const t of ['SavedCard', 'ApplePay', 'PayPal', 'Afterpay', 'WorldPay', 'Invoice'])
      expect(isCounterTender(t)).toBe(false);
  });
});

describe('what each tender must say', () => {
  const blank = {
    paymentMethodId: null,
    paymentIntentId: null,
    checkIssuer: null,
    checkNumber: null,
    compTypeId: null,
    amountTendered: null,
  };
  it('names the missing fields', () => {
    expect(tenderFieldProblems({ ...blank, paymentType: 'Cash' })).toEqual([]);
    expect(tenderFieldProblems({ ...blank, paymentType: 'Check', checkIssuer: ' ' })).toEqual([
      'CheckIssuer',
      'CheckNumber',
    ]);
    expect(tenderFieldProblems({ ...blank, paymentType: 'Comp' })).toEqual(['CompTypeId']);
    expect(tenderFieldProblems({ ...blank, paymentType: 'Custom' })).toEqual(['PaymentMethodId']);
    expect(tenderFieldProblems({ ...blank, paymentType: 'CreditCard' })).toEqual(['PaymentIntentId']);
    // Checked before the terminal is started, the card has no intent yet.
    expect(tenderFieldProblems({ ...blank, paymentType: 'CreditCard' }, true)).toEqual([]);
    expect(tenderFieldProblems({ ...blank, paymentType: 'Check' }, true)).toEqual([
      'CheckIssuer',
      'CheckNumber',
    ]);
    expect(tenderFieldProblems({ ...blank, paymentType: 'PayPal' })).toEqual(['PaymentType']);
  });
  it('cash handed over is for cash only', () => {
    fc.assert(
      fc.property(tender, fc.integer({ min: 0, max: 1_000_000 }), (t, amountTendered) => {
        const problems = tenderFieldProblems({
          ...blank,
          paymentType: t,
          paymentMethodId: 1,
          paymentIntentId: 'pi_1',
          checkIssuer: 'Bank',
          checkNumber: '1',
          compTypeId: 1,
          amountTendered,
        });
        expect(problems).toEqual(t === 'Cash' ? [] : ['AmountTendered']);
      }),
    );
  });
});
