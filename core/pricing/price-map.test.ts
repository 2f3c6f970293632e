import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Fee } from './fees.ts';
import { buildPricing, type AppliedPromotion, type EventPricingData, type PriceType } from './price-map.ts';

const TYPES: PriceType[] = [
  {
    id: 10,
    code: 'Adult',
    name: 'Adult',
    description: null,
    isDefault: true,
    isComp: false,
    consumerVisible: true,
    displayOrder: 1,
  },
  {
    id: 11,
    code: 'Child',
    name: 'Child',
    description: 'Under 16',
    isDefault: false,
    isComp: false,
    consumerVisible: true,
    displayOrder: 2,
  },
  {
    id: 13,
    code: 'Comp',
    name: 'Comp',
    description: null,
    isDefault: false,
    isComp: true,
    consumerVisible: false,
    displayOrder: 4,
  },
];

const levels = [
  { id: 1, zone: 'A', label: 'Premium', description: null, color: '#b03a2e', displayOrder: 1 },
  { id: 2, zone: 'B', label: 'Standard', description: 'Stalls', color: '#1f618d', displayOrder: 2 },
];

const baseData = (over: Partial<EventPricingData> = {}): EventPricingData => ({
  eventId: 5,
  eventTemplateId: 3,
  isoCurrencyCode: 'USD',
  currencyLocale: 'en-us',
  orderTicketLimit: 10,
  ticketLimitMessage: null,
  maxCompQuantity: 4,
  hideFeesUntilCheckout: false,
  adaTypes: ['AisleTransfer', 'Wheelchair'],
  seatAlerts: [{ id: 1, name: 'Restricted view', message: 'A pillar.', requiresAcknowledgement: true }],
  priceLevels: levels,
  priceTypes: TYPES,
  prices: [
    { priceLevelId: 1, priceTypeId: 10, amount: 8500 },
    { priceLevelId: 1, priceTypeId: 11, amount: 5000 },
    { priceLevelId: 1, priceTypeId: 13, amount: 0 },
    { priceLevelId: 2, priceTypeId: 10, amount: 6500 },
  ],
  fees: [
    {
      id: 1,
      name: 'Facility fee',
      scope: 'Ticket',
      priceLevelId: null,
      priceTypeId: null,
      amount: 200,
      rateBp: 0,
    },
    {
      id: 2,
      name: 'Service fee',
      scope: 'Ticket',
      priceLevelId: null,
      priceTypeId: null,
      amount: 0,
      rateBp: 500,
    },
    {
      id: 3,
      name: 'Handling fee',
      scope: 'Order',
      priceLevelId: null,
      priceTypeId: null,
      amount: 250,
      rateBp: 0,
    },
  ],
  packages: [],
  gaSections: [],
  ...over,
});

const promo = (over: Partial<AppliedPromotion> = {}): AppliedPromotion => ({
  promotionId: 7,
  kind: 'Percent',
  value: 1000,
  lockedPriceTypeIds: [],
  hideFullRetailPriceOnWeb: false,
  ...over,
});

const feeArb: fc.Arbitrary<Fee> = fc.record({
  id: fc.nat(),
  name: fc.constantFrom('Facility fee', 'Service fee', 'Handling fee'),
  scope: fc.constantFrom('Ticket', 'Order'),
  priceLevelId: fc.constantFrom(null, 1, 2),
  priceTypeId: fc.constantFrom(null, 10, 11, 13),
  amount: fc.integer({ min: 0, max: 3_000 }),
  rateBp: fc.integer({ min: 0, max: 2_500 }),
});

const dataArb: fc.Arbitrary<EventPricingData> = fc
  .record({
    amounts: fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: 6, maxLength: 6 }),
    fees: fc.array(feeArb, { maxLength: 6 }),
  })
  .map(({ amounts, fees }) =>
    baseData({
      prices: levels.flatMap((level, l) =>
        TYPES.map((type, t) => ({
          priceLevelId: level.id,
          priceTypeId: type.id,
          amount: amounts[l * 3 + t] ?? 0,
        })),
      ),
      fees,
    }),
  );

const promoArb: fc.Arbitrary<AppliedPromotion> = fc.record({
  promotionId: fc.integer({ min: 1, max: 99 }),
  kind: fc.constantFrom('Percent', 'Amount'),
  value: fc.integer({ min: 0, max: 10_000 }),
  lockedPriceTypeIds: fc.subarray([10, 11, 13]),
  hideFullRetailPriceOnWeb: fc.boolean(),
});

describe('price maps', () => {
  test('each level and type shows face value, named fees and their total, formatted in the venue currency', () => {
    const pricing = buildPricing(baseData(), 'Staff');
    const adultA = pricing.PriceMaps.find((m) => m.PriceKey === '1-10');
    expect(adultA).toMatchObject({
      PriceLevelID: 1,
      PriceTypeID: 10,
      Price: 8500,
      FullPrice: 8500,
      DisplayPrice: '$85.00',
      DiscountedPrice: null,
      DiscountedDisplayPrice: null,
      FeeNameValues: [
        { Name: 'Facility fee', Value: 200 },
        { Name: 'Service fee', Value: 425 },
      ],
      FeeTotal: 625,
      AllInPrice: 9125,
      Label: 'Adult',
      Zone: 'A',
      Color: '#b03a2e',
    });
    expect(pricing.OrderLevelFees).toEqual([{ Name: 'Handling fee', Value: 250 }]);
    expect(pricing.ADATypes.find((t) => t.Type === 'AisleTransfer')?.CountsTowardLimit).toBe(false);
  });

  test('staff see comps; consumers never see them', () => {
    expect(buildPricing(baseData(), 'Staff').PriceTypes.map((t) => t.Code)).toEqual([
      'Adult',
      'Child',
      'Comp',
    ]);
    const consumer = buildPricing(baseData(), 'Consumer');
    expect(consumer.PriceTypes.map((t) => t.Code)).toEqual(['Adult', 'Child']);
    expect(consumer.PriceMaps.some((m) => m.PriceTypeID === 13)).toBe(false);
  });

  test('a promotion shows the discounted price beside the full price', () => {
    const adultA = buildPricing(baseData(), 'Consumer', promo()).PriceMaps.find((m) => m.PriceKey === '1-10');
    expect(adultA).toMatchObject({
      Price: 7650,
      FullPrice: 8500,
      DisplayPrice: '$85.00',
      DiscountedPrice: 7650,
      DiscountedDisplayPrice: '$76.50',
      CompositePriceID: '1-10-7',
    });
  });

  test('HideFullRetailPriceOnWeb hides the undiscounted price from consumers, not from staff', () => {
    const hide = promo({ kind: 'Amount', value: 2000, hideFullRetailPriceOnWeb: true });
    const consumer = buildPricing(baseData(), 'Consumer', hide).PriceMaps.find((m) => m.PriceKey === '1-10');
    expect(consumer).toMatchObject({
      FullPrice: 6500,
      DisplayPrice: '$65.00',
      DiscountedPrice: 6500,
      FullPriceHidden: true,
    });
    expect(JSON.stringify(consumer)).not.toContain('85.00');
    const staff = buildPricing(baseData(), 'Staff', hide).PriceMaps.find((m) => m.PriceKey === '1-10');
    expect(staff).toMatchObject({ FullPrice: 8500, DisplayPrice: '$85.00', FullPriceHidden: false });
  });

  test('totals equal the sum of their parts and nothing is negative', () => {
    fc.assert(
      fc.property(
        dataArb,
        fc.option(promoArb, { nil: undefined }),
        fc.constantFrom('Staff', 'Consumer'),
        (data, p, audience) => {
          const pricing = buildPricing(data, audience, p);
          for (const map of pricing.PriceMaps) {
            expect(map.FeeTotal).toBe(map.FeeNameValues.reduce((sum, f) => sum + f.Value, 0));
            expect(map.AllInPrice).toBe(map.Price + map.FeeTotal);
            for (const amount of [
              map.Price,
              map.FullPrice,
              map.FeeTotal,
              map.DiscountedPrice ?? 0,
              ...map.FeeNameValues.map((f) => f.Value),
            ])
              expect(amount).toBeGreaterThanOrEqual(0);
          }
          for (const fee of pricing.OrderLevelFees) expect(fee.Value).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  test('a discount never increases a price', () => {
    fc.assert(
      fc.property(dataArb, promoArb, (data, p) => {
        const without = buildPricing(data, 'Staff');
        const withPromo = buildPricing(data, 'Staff', p);
        withPromo.PriceMaps.forEach((map, i) => {
          expect(map.Price).toBeLessThanOrEqual(without.PriceMaps[i]!.Price);
          if (map.DiscountedPrice !== null) expect(map.DiscountedPrice).toBeLessThanOrEqual(map.FullPrice);
        });
      }),
    );
  });

  test('a price level’s prices do not depend on another level’s prices, with or without a promotion', () => {
    fc.assert(
      fc.property(
        dataArb,
        fc.option(promoArb, { nil: undefined }),
        fc.integer({ min: 0, max: 50_000 }),
        (data, p, other) => {
          const changed = {
            ...data,
            prices: data.prices.map((price) =>
              price.priceLevelId === 2 ? { ...price, amount: other } : price,
            ),
          };
          const levelOne = (d: EventPricingData) =>
            buildPricing(d, 'Consumer', p).PriceMaps.filter((m) => m.PriceLevelID === 1);
          expect(levelOne(changed)).toEqual(levelOne(data));
        },
      ),
    );
  });

  test('a promotion locked to some price types leaves the others at full price', () => {
    fc.assert(
      fc.property(dataArb, promoArb, (data, p) => {
        const without = buildPricing(data, 'Staff');
        buildPricing(data, 'Staff', p).PriceMaps.forEach((map, i) => {
          if (p.lockedPriceTypeIds.length > 0 && !p.lockedPriceTypeIds.includes(map.PriceTypeID))
            expect(map).toEqual(without.PriceMaps[i]);
        });
      }),
    );
  });

  test('fees are charged on the face value, so a promotion does not change them', () => {
    fc.assert(
      fc.property(dataArb, promoArb, (data, p) => {
        const without = buildPricing(data, 'Consumer');
        buildPricing(data, 'Consumer', p).PriceMaps.forEach((map, i) => {
          expect(map.FeeNameValues).toEqual(without.PriceMaps[i]!.FeeNameValues);
        });
      }),
    );
  });

  test('package prices are listed per level and type, discounted with the promotion', () => {
    const data = baseData({
      packages: [
        {
          id: 4,
          code: 'TWOSHOW',
          name: 'Two-show pass',
          requirePackagePurchase: true,
          prices: [{ zone: 'A', priceTypeId: 10, amount: 14_450, feeAmount: 400 }],
        },
      ],
    });
    const pricing = buildPricing(data, 'Consumer', promo());
    const adultA = pricing.PriceMaps.find((m) => m.PriceKey === '1-10');
    expect(adultA?.RequirePackagePurchase).toBe(true);
    expect(adultA?.PackagePriceMaps).toEqual([
      {
        PackageID: 4,
        PackageSeatsPrice: 14_450,
        SeatsDiscountedPrice: 13_005,
        PackageFeeNameValues: [{ Name: 'Two-show pass fee', Value: 400 }],
        PackageFeeTotal: 400,
        IsFullTotal: true,
      },
    ]);
    expect(pricing.PriceMaps.find((m) => m.PriceKey === '2-10')?.RequirePackagePurchase).toBe(false);
    expect(pricing.PackagePrices).toEqual([
      { PackageID: 4, Zone: 'A', PriceTypeID: 10, Price: 14_450, FeeTotal: 400 },
    ]);
  });

  test('pounds are formatted for a British venue', () => {
    const pricing = buildPricing(baseData({ isoCurrencyCode: 'GBP', currencyLocale: 'en-gb' }), 'Consumer');
    expect(pricing.PriceMaps[0]?.DisplayPrice).toBe('£85.00');
  });
});
