import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { TicketItem } from '../basket.ts';
import { BasketRuleViolation } from '../errors.ts';
import { priceTicket, type PricedPromotion } from './item-pricing.ts';
import { repriceItems, withChanged } from './reprice.ts';
import { pricingData, ticket } from '../test-factories.ts';

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

const heldTicket = (
  priceLevelId: number,
  priceTypeId: number,
  promotion: PricedPromotion | null,
): TicketItem => {
  const price = priceTicket(data, 'Staff', { priceLevelId, priceTypeId, promotion, packageId: null });
  if (price instanceof BasketRuleViolation) throw price;
  return ticket({ ...price, priceLevelId });
};

const basketArb = fc.array(
  fc.record({ level: fc.constantFrom(10, 11, 12), type: fc.constantFrom(1, 2, 3), promo: fc.boolean() }),
  { minLength: 1, maxLength: 8 },
);

const changeType = (typeId: number) => (item: TicketItem) =>
  priceTicket(data, 'Consumer', {
    priceLevelId: item.priceLevelId,
    priceTypeId: typeId,
    promotion: null,
    packageId: item.packageId,
  });

describe('changing price type or promotion', () => {
  test('changing the price type of some items never changes another item', () => {
    fc.assert(
      fc.property(
        basketArb,
        fc.constantFrom(1, 2, 3, 4),
        fc.array(fc.nat(), { maxLength: 4 }),
        (spec, typeId, picks) => {
          const tickets = spec.map((s) => heldTicket(s.level, s.type, s.promo ? save10 : null));
          const chosen = picks.map((i) => tickets[i % tickets.length]!.id);
          const outcome = repriceItems(tickets, chosen, changeType(typeId));
          if (!outcome.ok) return; // refused: nothing changes (next property)
          const after = withChanged(tickets, outcome.changed);
          after.forEach((item, i) => {
            if (chosen.includes(item.id)) expect(item.priceTypeId).toBe(typeId);
            else expect(item).toEqual(tickets[i]);
          });
        },
      ),
    );
  });

  test('a change refused for one item changes none (the old price types stay)', () => {
    const tickets = [heldTicket(10, 1, null), heldTicket(11, 2, null)];
    // Comp is not a consumer price type: the whole change is refused.
    const outcome = repriceItems(
      tickets,
      tickets.map((t) => t.id),
      changeType(4),
    );
    expect(outcome.ok).toBe(false);
    const unknown = repriceItems(tickets, [tickets[0]!.id, 99_999], changeType(2));
    expect(unknown).toMatchObject({ ok: false, itemId: 99_999 });
  });

  test('changing the promotion of some items never changes another item, and totals stay non-negative', () => {
    fc.assert(
      fc.property(
        basketArb,
        fc.boolean(),
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        (spec, apply, picks) => {
          const tickets = spec.map((s) => heldTicket(s.level, s.type, s.promo ? save10 : null));
          const chosen = picks.map((i) => tickets[i % tickets.length]!.id);
          const outcome = repriceItems(tickets, chosen, (item) =>
            priceTicket(data, 'Consumer', {
              priceLevelId: item.priceLevelId,
              priceTypeId: item.priceTypeId,
              promotion: apply ? save10 : null,
              packageId: null,
            }),
          );
          expect(outcome.ok).toBe(true);
          if (!outcome.ok) return;
          const after = withChanged(tickets, outcome.changed);
          after.forEach((item, i) => {
            const before = tickets[i]!;
            if (!chosen.includes(item.id)) expect(item).toEqual(before);
            else {
              expect(item.priceTypeId).toBe(before.priceTypeId);
              expect(item.promoCode).toBe(apply ? 'SAVE10' : null);
              expect(item.price).toBeGreaterThanOrEqual(0);
              expect(item.price).toBeLessThanOrEqual(item.faceValue);
            }
          });
        },
      ),
    );
  });
});
