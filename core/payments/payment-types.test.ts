import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  consumerPaymentMethods,
  gatewaySlotOf,
  orderPaymentMethods,
  type PaymentMethod,
} from './payment-types.ts';

const TYPES = ['CreditCard', 'Cash', 'Check', 'Comp', 'PayPal', 'ApplePay', 'WorldPay', 'Custom', 'Afterpay'];

const methodsArb = fc
  .uniqueArray(fc.constantFrom(...TYPES), { minLength: 0, maxLength: TYPES.length })
  .chain((types) =>
    fc.tuple(
      fc.constant(types),
      fc.array(fc.integer({ min: 0, max: 20 }), { minLength: types.length, maxLength: types.length }),
    ),
  )
  .map(([types, orders]) =>
    types.map((paymentType, i): PaymentMethod => ({
      id: i + 1,
      paymentType,
      name: paymentType,
      consumerVisible: true,
      displayOrder: orders[i]!,
    })),
  );

describe('payment type order', () => {
  test('the default order is CreditCard, Cash, Check, Comp', () => {
    const ordered = orderPaymentMethods(
      ['Comp', 'Check', 'Cash', 'CreditCard'].map((paymentType, i) => ({
        id: i,
        paymentType,
        displayOrder: 0,
      })),
    );
    expect(ordered.map((m) => m.paymentType)).toEqual(['CreditCard', 'Cash', 'Check', 'Comp']);
  });

  test('PayPal comes right after the credit card when there are more than 2 methods', () => {
    fc.assert(
      fc.property(methodsArb, (methods) => {
        const ordered = orderPaymentMethods(methods).map((m) => m.paymentType);
        expect([...ordered].sort()).toEqual(methods.map((m) => m.paymentType).sort());
        const card = ordered.indexOf('CreditCard');
        const paypal = ordered.indexOf('PayPal');
        if (methods.length > 2 && card >= 0 && paypal >= 0) expect(paypal).toBe(card + 1);
        // The four defaults keep their relative order.
        const defaults = ordered.filter((t) => ['CreditCard', 'Cash', 'Check', 'Comp'].includes(t));
        expect(defaults).toEqual(['CreditCard', 'Cash', 'Check', 'Comp'].filter((t) => defaults.includes(t)));
      }),
    );
  });

  test('with 2 methods or fewer PayPal keeps its place after the defaults', () => {
    const ordered = orderPaymentMethods([
      { id: 1, paymentType: 'PayPal', displayOrder: 0 },
      { id: 2, paymentType: 'Cash', displayOrder: 9 },
    ]);
    expect(ordered.map((m) => m.paymentType)).toEqual(['Cash', 'PayPal']);
  });

  test('consumers see only visible methods whose gateway is configured', () => {
    fc.assert(
      fc.property(
        methodsArb,
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (methods, stripe, paypal, worldpay) => {
          const offered = consumerPaymentMethods(methods, {
            card: stripe ? 'Stripe' : 'Offline',
            paypal,
            worldpay,
          }).map((m) => m.paymentType);
          for (const type of offered) expect(gatewaySlotOf(type)).not.toBeNull();
          if (!paypal) expect(offered).not.toContain('PayPal');
          if (!worldpay) expect(offered).not.toContain('WorldPay');
          if (!stripe) expect(offered).not.toContain('Afterpay');
          if (methods.some((m) => m.paymentType === 'ApplePay')) expect(offered).toContain('ApplePay');
          if (methods.some((m) => m.paymentType === 'CreditCard')) expect(offered).toContain('CreditCard');
        },
      ),
    );
  });
});
