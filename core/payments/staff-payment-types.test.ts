import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS, type Permission } from '../accounts/staff/permissions.ts';
import {
  houseSeatPaymentMethods,
  listedPaymentMethods,
  staffPaymentMethods,
  staffTenderPermission,
  type CardProcessor,
  type StaffPaymentMethod,
} from './staff-payment-types.ts';

const TYPES = ['CreditCard', 'Cash', 'Check', 'Comp', 'PayPal', 'ApplePay', 'WorldPay', 'Custom', 'Afterpay'];
const COUNTER_TYPES = new Set(['CreditCard', 'Cash', 'Check', 'Comp', 'Custom']);

const methodArb = (id: number) =>
  fc.record({
    id: fc.constant(id),
    paymentType: fc.constantFrom(...TYPES),
    name: fc.string({ maxLength: 8 }),
    consumerVisible: fc.boolean(),
    displayOrder: fc.integer({ min: 0, max: 20 }),
    requiresPartner: fc.boolean(),
    houseSeats: fc.boolean(),
    isActive: fc.boolean(),
  });

const methodsArb = fc
  .integer({ min: 0, max: 12 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => methodArb(i + 1))))
  .map((ms): StaffPaymentMethod[] => ms);

const permissionsArb = fc.subarray([...PERMISSIONS]).map((ps) => new Set<Permission>(ps));
const processorArb = fc.constantFrom<CardProcessor>('Stripe', 'Offline');
const contextArb = fc.record({
  processor: processorArb,
  installationProcessor: processorArb,
  permissions: permissionsArb,
  allowPartner: fc.boolean(),
});

const DEFAULT_ORDER = ['CreditCard', 'Cash', 'Check', 'Comp'];
const method = (
  id: number,
  paymentType: string,
  extra: Partial<StaffPaymentMethod> = {},
): StaffPaymentMethod => ({
  id,
  paymentType,
  name: paymentType,
  consumerVisible: false,
  displayOrder: 0,
  requiresPartner: false,
  houseSeats: false,
  isActive: true,
  ...extra,
});

describe('payment types at the counter', () => {
  test('offers only active counter types whose permission the caller holds, card only on this installation’s processor', () => {
    fc.assert(
      fc.property(methodsArb, contextArb, (methods, context) => {
        const offered = staffPaymentMethods(methods, context);
        for (const m of offered) {
          expect(m.isActive).toBe(true);
          expect(COUNTER_TYPES.has(m.paymentType)).toBe(true);
          expect(context.permissions.has(staffTenderPermission(m.paymentType)!)).toBe(true);
          if (m.paymentType === 'CreditCard') expect(context.processor).toBe(context.installationProcessor);
          if (m.requiresPartner) expect(context.allowPartner).toBe(true);
        }
        // Nothing that passes every rule is left out.
        const expected = methods.filter(
          (m) =>
            m.isActive &&
            COUNTER_TYPES.has(m.paymentType) &&
            context.permissions.has(staffTenderPermission(m.paymentType)!) &&
            (m.paymentType !== 'CreditCard' || context.processor === context.installationProcessor) &&
            (!m.requiresPartner || context.allowPartner),
        );
        expect(new Set(offered.map((m) => m.id))).toEqual(new Set(expected.map((m) => m.id)));
      }),
    );
  });

  test('keeps the default order CreditCard, Cash, Check, Comp, then the rest by display order', () => {
    fc.assert(
      fc.property(methodsArb, contextArb, (methods, context) => {
        const offered = staffPaymentMethods(methods, context);
        const rank = (t: string) => (DEFAULT_ORDER.includes(t) ? DEFAULT_ORDER.indexOf(t) : 4);
        for (let i = 1; i < offered.length; i++) {
          const [a, b] = [offered[i - 1]!, offered[i]!];
          expect(rank(a.paymentType)).toBeLessThanOrEqual(rank(b.paymentType));
          if (rank(a.paymentType) === rank(b.paymentType))
            expect(a.displayOrder).toBeLessThanOrEqual(b.displayOrder);
        }
      }),
    );
  });

  test('custom types requiring a partner are hidden unless allowed', () => {
    const methods = [method(1, 'Cash'), method(2, 'Custom', { name: 'Voucher', requiresPartner: true })];
    const base = {
      processor: 'Offline' as const,
      installationProcessor: 'Offline' as const,
      permissions: ROLE_PERMISSIONS.Seller,
    };
    expect(staffPaymentMethods(methods, { ...base, allowPartner: false }).map((m) => m.name)).toEqual([
      'Cash',
    ]);
    expect(staffPaymentMethods(methods, { ...base, allowPartner: true }).map((m) => m.name)).toEqual([
      'Cash',
      'Voucher',
    ]);
  });

  test('a Seller is not offered comp; a supervisor is', () => {
    const methods = ['Comp', 'Check', 'Cash', 'CreditCard'].map((t, i) => method(i + 1, t));
    const context = {
      processor: 'Stripe' as const,
      installationProcessor: 'Stripe' as const,
      allowPartner: false,
    };
    expect(
      staffPaymentMethods(methods, { ...context, permissions: ROLE_PERMISSIONS.Seller }).map(
        (m) => m.paymentType,
      ),
    ).toEqual(['CreditCard', 'Cash', 'Check']);
    expect(
      staffPaymentMethods(methods, { ...context, permissions: ROLE_PERMISSIONS.BoxOfficeSupervisor }).map(
        (m) => m.paymentType,
      ),
    ).toEqual(['CreditCard', 'Cash', 'Check', 'Comp']);
    // Asking about Stripe on an installation taking cards offline: no terminal card.
    expect(
      staffPaymentMethods(methods, {
        ...context,
        installationProcessor: 'Offline',
        permissions: ROLE_PERMISSIONS.BoxOfficeSupervisor,
      }).map((m) => m.paymentType),
    ).toEqual(['Cash', 'Check', 'Comp']);
  });

  test('the full list puts PayPal right after the card when there are more than two methods', () => {
    fc.assert(
      fc.property(methodsArb, fc.boolean(), (methods, all) => {
        const listed = listedPaymentMethods(methods, all);
        expect(listed.length).toBe(all ? methods.length : methods.filter((m) => m.isActive).length);
        const card = listed.findIndex((m) => m.paymentType === 'CreditCard');
        const paypal = listed.findIndex((m) => m.paymentType === 'PayPal');
        if (listed.length > 2 && card >= 0 && paypal >= 0) expect(paypal).toBe(card + 1);
      }),
    );
    expect(
      listedPaymentMethods(
        ['Comp', 'PayPal', 'Check', 'Cash', 'CreditCard'].map((t, i) => method(i + 1, t)),
        false,
      ).map((m) => m.paymentType),
    ).toEqual(['CreditCard', 'PayPal', 'Cash', 'Check', 'Comp']);
  });

  test('house-seat types are the active ones marked so', () => {
    fc.assert(
      fc.property(methodsArb, (methods) => {
        const house = houseSeatPaymentMethods(methods);
        expect(new Set(house.map((m) => m.id))).toEqual(
          new Set(methods.filter((m) => m.isActive && m.houseSeats).map((m) => m.id)),
        );
      }),
    );
  });
});
