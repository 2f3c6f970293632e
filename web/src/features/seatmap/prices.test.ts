import { describe, expect, it } from 'vitest';
import type { PriceMap } from '../../../../adapters/http/contract/inventory.ts';
import { defaultPriceTypeId, fromPriceOfLevel, priceMapsOfLevel, shownPrice, ticketOf } from './prices.ts';

const map = (level: number, type: number, price: number, extra: Partial<PriceMap> = {}): PriceMap => ({
  PriceKey: `${level}-${type}`,
  PriceLevelID: level,
  PriceTypeID: type,
  Price: price,
  FullPrice: price,
  DisplayPrice: `$${(price / 100).toFixed(2)}`,
  DiscountedPrice: null,
  DiscountedDisplayPrice: null,
  FeeTotal: 300,
  FeeNameValues: [{ Name: 'Service fee', Value: 300 }],
  AllInPrice: price + 300,
  AllInDisplayPrice: '',
  FullPriceHidden: false,
  Label: type === 1 ? 'Adult' : 'Child',
  Description: null,
  Class: '',
  CompositePriceID: '',
  Zone: 'A',
  Color: '#b03a2e',
  RequirePackagePurchase: false,
  PackagePriceMaps: [],
  ...extra,
});

const pricing = {
  PriceTypes: [
    { ID: 1, Code: 'Adult', Name: 'Adult', Description: null, IsDefault: true },
    { ID: 2, Code: 'Child', Name: 'Child', Description: null, IsDefault: false },
  ],
  PriceMaps: [
    map(1, 2, 5100),
    map(1, 1, 8500, {
      PackagePriceMaps: [
        {
          PackageID: 1,
          PackageSeatsPrice: 12750,
          SeatsDiscountedPrice: null,
          PackageFeeNameValues: [{ Name: 'Pass fee', Value: 400 }],
          PackageFeeTotal: 400,
          IsFullTotal: true,
        },
      ],
    }),
    map(2, 1, 6500),
  ],
};

describe('prices on the map', () => {
  it('lists a level’s prices in price-type order and finds its lowest', () => {
    expect(priceMapsOfLevel(pricing, 1).map((m) => m.PriceTypeID)).toEqual([1, 2]);
    expect(fromPriceOfLevel(pricing, 1)?.Price).toBe(5100);
    expect(fromPriceOfLevel(pricing, 9)).toBeUndefined();
    expect(defaultPriceTypeId(pricing)).toBe(1);
  });

  it('prices a package seat at its package price', () => {
    expect(ticketOf(pricing, { priceLevelId: 1, priceTypeId: 1, packageId: null })).toEqual({
      price: 8500,
      fees: [{ Name: 'Service fee', Value: 300 }],
    });
    expect(ticketOf(pricing, { priceLevelId: 1, priceTypeId: 1, packageId: 1 })).toEqual({
      price: 12750,
      fees: [{ Name: 'Pass fee', Value: 400 }],
    });
  });

  it('shows a discount beside the full price, unless the promotion hides the full price', () => {
    const discounted = map(1, 1, 7650, {
      FullPrice: 8500,
      DisplayPrice: '$85.00',
      DiscountedPrice: 7650,
      DiscountedDisplayPrice: '$76.50',
    });
    expect(shownPrice(discounted)).toEqual({ now: '$76.50', was: '$85.00' });
    expect(shownPrice({ ...discounted, FullPriceHidden: true, DisplayPrice: '$76.50' })).toEqual({
      now: '$76.50',
    });
    expect(shownPrice(map(1, 1, 8500))).toEqual({ now: '$85.00' });
  });
});
