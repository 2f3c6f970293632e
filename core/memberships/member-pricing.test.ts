import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPricing, isVisibleTo, type EventPricingData, type PriceType } from '../pricing/price-map.ts';
import { forMember, unlocks } from './member-pricing.ts';

const tagIds = fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 3 });

const type = (id: number, restriction: number[]): PriceType => ({
  id,
  code: `T${id}`,
  name: `Type ${id}`,
  description: null,
  isDefault: id === 1,
  isComp: false,
  consumerVisible: true,
  displayOrder: id,
  customerTagTypeIds: restriction,
});

const pricing = (types: PriceType[]): EventPricingData => ({
  eventId: 1,
  eventTemplateId: 1,
  isoCurrencyCode: 'USD',
  currencyLocale: 'en-us',
  orderTicketLimit: 10,
  ticketLimitMessage: null,
  maxCompQuantity: null,
  hideFeesUntilCheckout: false,
  adaTypes: [],
  seatAlerts: [],
  priceLevels: [{ id: 1, zone: 'A', label: 'Stalls', description: null, color: '#000', displayOrder: 1 }],
  priceTypes: types,
  prices: types.map((t) => ({ priceLevelId: 1, priceTypeId: t.id, amount: 1000 + t.id })),
  fees: [],
  packages: [],
  gaSections: [],
});

describe('member pricing', () => {
  it('a restriction is unlocked by any one of its tags, an empty one by everyone', () => {
    fc.assert(
      fc.property(tagIds, tagIds, (restriction, held) => {
        expect(unlocks(restriction, held)).toBe(
          restriction.length === 0 || restriction.some((t) => held.includes(t)),
        );
      }),
    );
  });

  it('consumers see exactly the open types and the member types their tags unlock; staff see all', () => {
    fc.assert(
      fc.property(fc.array(tagIds, { minLength: 1, maxLength: 6 }), tagIds, (restrictions, held) => {
        const data = pricing(restrictions.map((r, i) => type(i + 1, r)));
        const shown = buildPricing(forMember(data, held), 'Consumer').PriceTypes.map((t) => t.ID);
        const expected = data.priceTypes
          .filter((t) => unlocks(t.customerTagTypeIds ?? [], held))
          .map((t) => t.id);
        expect(shown).toEqual(expected);
        expect(buildPricing(data, 'Staff').PriceTypes).toHaveLength(data.priceTypes.length);
        // Without the member step no restricted type reaches a consumer.
        expect(
          data.priceTypes
            .filter((t) => isVisibleTo(t, 'Consumer'))
            .every((t) => (t.customerTagTypeIds ?? []).length === 0),
        ).toBe(true);
      }),
    );
  });
});
