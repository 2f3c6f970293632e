import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { TicketPrice } from '../basket.ts';
import { BasketRuleViolation } from '../errors.ts';
import { offeredPriceTypeIds, priceTicket, type PricedPromotion } from './item-pricing.ts';
import { pricingData } from '../test-factories.ts';

const data = pricingData();
const save10: PricedPromotion = {
  applied: {
    promotionId: 50,
    kind: 'Percent',
    value: 1000,
    lockedPriceTypeIds: [],
    hideFullRetailPriceOnWeb: false,
  },
  code: 'SAVE10',
  groupCode: null,
  isPresale: false,
};
const priced = (r: ReturnType<typeof priceTicket>) => {
  if (r instanceof BasketRuleViolation) throw r;
  return r as TicketPrice;
};

describe('pricing a basket ticket with the price maps', () => {
  test('face value, ticket fees on the face value, the default price type first', () => {
    expect(offeredPriceTypeIds(data, 'Consumer', 10)).toEqual([1, 2, 3]);
    expect(offeredPriceTypeIds(data, 'Staff', 10)).toEqual([1, 2, 3, 4]);
    const adult = priced(
      priceTicket(data, 'Consumer', { priceLevelId: 10, priceTypeId: 1, promotion: null, packageId: null }),
    );
    expect(adult).toMatchObject({
      faceValue: 9000,
      price: 9000,
      feeTotal: 200 + 450,
      priceTypeName: 'Adult',
      priceLevelName: 'Premium',
    });
  });

  test('comps are for staff; a consumer asking for one is refused', () => {
    expect(
      priceTicket(data, 'Consumer', { priceLevelId: 10, priceTypeId: 4, promotion: null, packageId: null }),
    ).toBeInstanceOf(BasketRuleViolation);
    expect(
      priced(
        priceTicket(data, 'Staff', { priceLevelId: 10, priceTypeId: 4, promotion: null, packageId: null }),
      ).price,
    ).toBe(0);
  });

  test('a promotion discounts the price, not the fees, and the item remembers its code', () => {
    const item = priced(
      priceTicket(data, 'Consumer', { priceLevelId: 10, priceTypeId: 1, promotion: save10, packageId: null }),
    );
    expect(item).toMatchObject({
      faceValue: 9000,
      price: 8100,
      feeTotal: 650,
      promotionId: 50,
      promoCode: 'SAVE10',
    });
  });

  test('a promotion locked to other price types leaves this one at full price and uncoded', () => {
    const locked = { ...save10, applied: { ...save10.applied, lockedPriceTypeIds: [2] } };
    const adult = priced(
      priceTicket(data, 'Consumer', { priceLevelId: 10, priceTypeId: 1, promotion: locked, packageId: null }),
    );
    expect(adult).toMatchObject({ price: 9000, promotionId: null, promoCode: null });
  });

  test('a package seat needs a package that prices it; a package-only zone needs a package', () => {
    const withPackage = pricingData({
      packages: [
        {
          id: 5,
          code: 'PAIR',
          name: 'Both parts',
          requirePackagePurchase: true,
          prices: [{ zone: 'A', priceTypeId: 1, amount: 15000, feeAmount: 400 }],
        },
      ],
    });
    expect(
      priceTicket(withPackage, 'Consumer', {
        priceLevelId: 10,
        priceTypeId: 1,
        promotion: null,
        packageId: null,
      }),
    ).toBeInstanceOf(BasketRuleViolation);
    expect(
      priceTicket(withPackage, 'Consumer', {
        priceLevelId: 10,
        priceTypeId: 1,
        promotion: null,
        packageId: 6,
      }),
    ).toBeInstanceOf(BasketRuleViolation);
    expect(
      priced(
        priceTicket(withPackage, 'Consumer', {
          priceLevelId: 10,
          priceTypeId: 1,
          promotion: null,
          packageId: 5,
        }),
      ),
    ).toMatchObject({
      packagePrice: 15000,
      packageFeeTotal: 400,
    });
  });

  test('never negative, never above face value, fees never negative', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(10, 11, 12),
        fc.constantFrom(1, 2, 3),
        fc.option(
          fc.record({
            kind: fc.constantFrom('Percent' as const, 'Amount' as const),
            value: fc.integer({ min: 0, max: 20_000 }),
          }),
          { nil: null },
        ),
        (level, type, discount) => {
          const promotion = discount
            ? {
                ...save10,
                applied: {
                  ...save10.applied,
                  ...discount,
                  value: discount.kind === 'Percent' ? Math.min(discount.value, 10_000) : discount.value,
                },
              }
            : null;
          const item = priced(
            priceTicket(data, 'Consumer', {
              priceLevelId: level,
              priceTypeId: type,
              promotion,
              packageId: null,
            }),
          );
          expect(item.price).toBeGreaterThanOrEqual(0);
          expect(item.price).toBeLessThanOrEqual(item.faceValue);
          expect(item.feeTotal).toBe(item.fees.reduce((s, f) => s + f.Value, 0));
          for (const fee of item.fees) expect(fee.Value).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
