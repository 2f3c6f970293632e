import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, permissionsOf, type Permission } from '../../accounts/staff/permissions.ts';
import type { StaffRole } from '../../accounts/staff/roles.ts';
import { gatewaySlotOf } from '../../payments/payment-types.ts';
import { keepsCard, mayTender, orderCustomerId, tenderPermission, type Buyer } from './buyer.ts';

const PAYMENT_TYPES = [
  'CreditCard',
  'SavedCard',
  'ApplePay',
  'PayPal',
  'Afterpay',
  'WorldPay',
  'Cash',
  'Check',
  'Comp',
  'Custom',
] as const;
const TENDERS = PAYMENT_TYPES.filter((t) => gatewaySlotOf(t) === null);

const customer = fc.record({
  kind: fc.constant('customer' as const),
  customerId: fc.integer({ min: 1, max: 1_000_000 }),
  email: fc.constant('casey@example.com'),
});
const staff = fc
  .subarray([...PERMISSIONS])
  .map((permissions): Buyer => ({ kind: 'staff', permissions: new Set<Permission>(permissions) }));
const buyer: fc.Arbitrary<Buyer> = fc.oneof(customer, fc.constant({ kind: 'guest' } as const), staff);
const basketCustomer = fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: null });

describe('whose order it is', () => {
  it('a signed-in customer always gets it, a guest never inherits one, staff leave the basket’s', () => {
    fc.assert(
      fc.property(buyer, basketCustomer, (b, current) => {
        const owner = orderCustomerId(b, current);
        if (b.kind === 'customer') expect(owner).toBe(b.customerId);
        if (b.kind === 'guest') expect(owner).toBeNull();
        if (b.kind === 'staff') expect(owner).toBe(current);
      }),
    );
  });
});

describe('staff tenders', () => {
  it('cash, check, comp and custom tenders are never a guest’s or a customer’s', () => {
    fc.assert(
      fc.property(
        fc.oneof(customer, fc.constant({ kind: 'guest' } as const)),
        fc.constantFrom(...TENDERS),
        (b, t) => {
          expect(mayTender(b, t)).toBe(false);
        },
      ),
    );
  });

  it('a tender is staff’s exactly when the role holds its permission', () => {
    fc.assert(
      fc.property(staff, fc.constantFrom(...TENDERS), (b, t) => {
        expect(mayTender(b, t)).toBe(b.kind === 'staff' && b.permissions.has(tenderPermission(t)));
      }),
    );
  });

  it('gateway payment types are not judged here', () => {
    fc.assert(
      fc.property(
        buyer,
        fc.constantFrom(...PAYMENT_TYPES.filter((t) => gatewaySlotOf(t) !== null)),
        (b, t) => {
          expect(mayTender(b, t)).toBe(true);
        },
      ),
    );
  });

  it('by role: a seller takes cash and checks but gives no comps; a box office manager gives comps', () => {
    const as = (role: StaffRole): Buyer => ({
      kind: 'staff',
      permissions: new Set(permissionsOf(role)),
    });
    expect(['Cash', 'Check', 'Comp'].map((t) => mayTender(as('Seller'), t))).toEqual([true, true, false]);
    expect(['Cash', 'Check', 'Comp'].map((t) => mayTender(as('BoxOfficeManager'), t))).toEqual([
      true,
      true,
      true,
    ]);
    expect(mayTender(as('PointOfSale'), 'Cash')).toBe(false);
  });
});

describe('keeping a card', () => {
  it('only for a signed-in customer who asked, paying with a new card', () => {
    fc.assert(
      fc.property(
        buyer,
        fc.constantFrom(...PAYMENT_TYPES),
        fc.boolean(),
        fc.option(fc.constantFrom('', '  ', 'pm_123'), { nil: null }),
        (b, paymentType, saveCreditCard, savedCard) => {
          expect(keepsCard(b, { paymentType, saveCreditCard, savedCard })).toBe(
            b.kind === 'customer' &&
              saveCreditCard &&
              paymentType === 'CreditCard' &&
              (savedCard ?? '').trim() === '',
          );
        },
      ),
    );
  });
});
