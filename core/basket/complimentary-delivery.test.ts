import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DeliveryMethod } from './basket.ts';
import {
  hasSomethingToDeliver,
  isComplimentaryBasket,
  offeredDeliveryMethods,
} from './complimentary-delivery.ts';
import type { SaleContext } from './sale-context.ts';
import { ticket } from './test-factories.ts';

const EVENT = 1;
const COMP = 9;
const ADULT = 2;
const contexts = new Map([
  [
    EVENT,
    {
      pricing: {
        priceTypes: [
          { id: COMP, isComp: true },
          { id: ADULT, isComp: false },
        ],
      },
    } as unknown as SaleContext,
  ],
]);

const method = (id: number, price: number, consumerVisible: boolean): DeliveryMethod =>
  ({
    id,
    price,
    consumerVisible,
    displayName: `m${id}`,
    type: 'Mail',
    fields: [],
  }) as unknown as DeliveryMethod;
const methods = fc
  .array(fc.tuple(fc.constantFrom(0, 0, 250, 500), fc.boolean()), { maxLength: 6 })
  .map((rows) => rows.map(([price, visible], i) => method(i + 1, price, visible)));
const compTicket = (seat: number) =>
  ticket({ eventId: EVENT, priceTypeId: COMP, price: 0, feeTotal: 0, fees: [], key: `A-1-${seat}` });

describe('delivery for a complimentary basket', () => {
  it('offers a consumer only visible methods, and only free ones when the basket is complimentary', () => {
    fc.assert(
      fc.property(methods, fc.boolean(), (all, complimentary) => {
        const offered = offeredDeliveryMethods(all, { staff: false, complimentary });
        expect(offered).toEqual(all.filter((m) => m.consumerVisible && (!complimentary || m.price === 0)));
      }),
    );
  });

  it('offers staff every method, in order, complimentary or not', () => {
    fc.assert(
      fc.property(methods, fc.boolean(), (all, complimentary) => {
        expect(offeredDeliveryMethods(all, { staff: true, complimentary })).toEqual(all);
      }),
    );
  });

  it('has something to deliver exactly when the basket holds tickets or add-ons (property)', () => {
    fc.assert(
      fc.property(fc.nat(3), fc.nat(3), (tickets, products) => {
        const basket = {
          tickets: Array.from({ length: tickets }, (_, i) => compTicket(i + 1)),
          products: Array.from({ length: products }, () => ({}) as never),
        };
        expect(hasSomethingToDeliver(basket)).toBe(tickets + products > 0);
      }),
    );
  });

  it('calls a basket complimentary only when every ticket is a comp at 0 and nothing else is in it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.option(fc.constantFrom('paid type', 'price', 'fee', 'product'), { nil: null }),
        (count, spoiler) => {
          const tickets = Array.from({ length: count }, (_, i) => compTicket(i + 1));
          if (spoiler === 'paid type') tickets[0] = { ...tickets[0]!, priceTypeId: ADULT };
          if (spoiler === 'price') tickets[0] = { ...tickets[0]!, price: 100 };
          if (spoiler === 'fee') tickets[0] = { ...tickets[0]!, feeTotal: 50 };
          const products = spoiler === 'product' ? [{} as never] : [];
          expect(isComplimentaryBasket({ tickets, products }, contexts)).toBe(spoiler === null);
        },
      ),
    );
    expect(isComplimentaryBasket({ tickets: [], products: [] }, contexts)).toBe(false);
  });
});
