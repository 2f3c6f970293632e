import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { DeliveryMethod } from '../../basket/basket.ts';
import { basket, ticketArb } from '../../basket/test-factories.ts';
import { binAllowed, chosenDeliveryMethod, orderDraft } from './order-draft.ts';

const method = (id: number, consumerVisible = true): DeliveryMethod => ({
  id,
  displayName: `Method ${id}`,
  type: 'PrintAtHome',
  price: 0,
  fields: [],
  allowInternationalShipping: false,
  displayBasketNotes: false,
  consumerVisible,
});

describe('order draft rules', () => {
  test('a BIN-restricted promotion takes only cards whose first 6 digits it lists', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^\d{6}$/), { maxLength: 4 }),
        fc.option(fc.stringMatching(/^\d{6,8}$/), { nil: null }),
        (restrictions, bin) => {
          const allowed = binAllowed(bin, restrictions);
          if (restrictions.length === 0) expect(allowed).toBe(true);
          else expect(allowed).toBe(bin !== null && restrictions.includes(bin.slice(0, 6)));
        },
      ),
    );
  });

  test("the basket's delivery method is used, else the first the buyer is offered", () => {
    const methods = [method(1, false), method(2), method(3)];
    expect(chosenDeliveryMethod({ deliveryMethodId: 3 }, methods, false)?.id).toBe(3);
    expect(chosenDeliveryMethod({ deliveryMethodId: null }, methods, false)?.id).toBe(2);
    // A consumer cannot use a staff-only method even if the basket names it.
    expect(chosenDeliveryMethod({ deliveryMethodId: 1 }, methods, false)?.id).toBe(2);
    expect(chosenDeliveryMethod({ deliveryMethodId: 1 }, methods, true)?.id).toBe(1);
  });
});

describe('the order a basket becomes', () => {
  test('Total is the sum of its parts, delivery is charged only with something to deliver', () => {
    fc.assert(
      fc.property(
        fc.array(ticketArb, { maxLength: 6 }),
        fc.integer({ min: 0, max: 5000 }),
        (tickets, deliveryPrice) => {
          const draft = orderDraft(basket({ tickets }), new Map(), { ...method(1), price: deliveryPrice });
          const t = draft.totals;
          expect(t.Total).toBe(t.TicketAndFeeTotal + t.ProductTotal + t.DeliveryTotal + t.OrderLevelFeeTotal);
          expect(t.DeliveryTotal).toBe(tickets.length > 0 ? deliveryPrice : 0);
          // No event context: the default currency.
          expect(draft).toMatchObject({ currency: 'USD', currencyLocale: 'en-us' });
          // A basket with nothing to deliver has no delivery method on its order.
          expect(draft.deliveryMethod?.id ?? null).toBe(tickets.length > 0 ? 1 : null);
        },
      ),
    );
  });
});
