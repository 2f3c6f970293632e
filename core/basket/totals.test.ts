import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Fee } from '../pricing/fees.ts';
import type { SaleContext } from './sale-context.ts';
import { basket, pricingData, ticketArb } from './test-factories.ts';
import {
  basketOrderFees,
  basketTotals,
  orderLevelFeesFor,
  productLineTotal,
  ticketLineTotal,
  totalsOfBasket,
} from './totals.ts';

const handling: Fee = {
  id: 3,
  name: 'Handling fee',
  scope: 'Order',
  priceLevelId: null,
  priceTypeId: null,
  amount: 250,
  rateBp: 0,
};
const levy: Fee = {
  id: 4,
  name: 'Restoration levy',
  scope: 'Order',
  priceLevelId: null,
  priceTypeId: null,
  amount: 0,
  rateBp: 100,
};
const feeArb = fc.record({
  id: fc.nat(),
  name: fc.constantFrom('Handling fee', 'Levy'),
  scope: fc.constantFrom('Order' as const, 'Ticket' as const),
  priceLevelId: fc.constant(null),
  priceTypeId: fc.constant(null),
  amount: fc.integer({ min: 0, max: 1_000 }),
  rateBp: fc.integer({ min: 0, max: 2_000 }),
});
const productArb = fc.record({
  quantity: fc.integer({ min: 1, max: 9 }),
  unitPrice: fc.integer({ min: 0, max: 10_000 }),
});

describe('basket totals', () => {
  test('a ticket line is (price + fees) x quantity; a package seat uses the package price and fee', () => {
    expect(
      ticketLineTotal({
        eventId: 7,
        quantity: 3,
        price: 2000,
        feeTotal: 300,
        packagePrice: null,
        packageFeeTotal: null,
      }),
    ).toBe(6900);
    expect(
      ticketLineTotal({
        eventId: 7,
        quantity: 1,
        price: 2000,
        feeTotal: 300,
        packagePrice: 15000,
        packageFeeTotal: 500,
      }),
    ).toBe(15500);
  });

  test('order-level fees: once per performance with tickets, fixed part plus rate of its ticket subtotal', () => {
    const tickets = [
      { eventId: 7, quantity: 2, price: 5000, feeTotal: 0, packagePrice: null, packageFeeTotal: null },
      { eventId: 8, quantity: 1, price: 3000, feeTotal: 0, packagePrice: null, packageFeeTotal: null },
    ];
    const fees = new Map([
      [7, [handling, levy]],
      [8, [handling]],
    ]);
    expect(orderLevelFeesFor(tickets, fees)).toEqual([
      { ID: 3, Name: 'Handling fee', Value: 250 },
      { ID: 4, Name: 'Restoration levy', Value: 100 },
      { ID: 3, Name: 'Handling fee', Value: 250 },
    ]);
    expect(orderLevelFeesFor([], fees)).toEqual([]);
  });

  test('every total is the sum of its parts, Total the sum of the four, and nothing is negative', () => {
    fc.assert(
      fc.property(
        fc.array(ticketArb, { maxLength: 8 }),
        fc.array(productArb, { maxLength: 4 }),
        fc.integer({ min: 0, max: 1_000 }),
        fc.array(feeArb, { maxLength: 3 }),
        (tickets, products, deliveryPrice, fees) => {
          const orderFees = orderLevelFeesFor(
            tickets,
            new Map([
              [7, fees],
              [8, fees],
            ]),
          );
          const t = basketTotals({ tickets, products, deliveryPrice, orderLevelFees: orderFees });
          expect(t.TicketAndFeeTotal).toBe(tickets.reduce((s, x) => s + ticketLineTotal(x), 0));
          expect(t.TicketAndFeeTotal).toBe(t.TicketTotal + t.TicketFeeTotal);
          expect(t.ProductTotal).toBe(products.reduce((s, p) => s + productLineTotal(p), 0));
          expect(t.OrderLevelFeeTotal).toBe(t.OrderLevelFees.reduce((s, f) => s + f.Value, 0));
          expect(t.DeliveryTotal).toBe(tickets.length + products.length > 0 ? deliveryPrice : 0);
          expect(t.Total).toBe(t.TicketAndFeeTotal + t.ProductTotal + t.DeliveryTotal + t.OrderLevelFeeTotal);
          for (const value of [
            t.Total,
            t.TicketTotal,
            t.TicketFeeTotal,
            t.ProductTotal,
            t.DeliveryTotal,
            t.OrderLevelFeeTotal,
          ])
            expect(value).toBeGreaterThanOrEqual(0);
          for (const value of Object.values(t))
            if (typeof value === 'number') expect(Number.isSafeInteger(value)).toBe(true);
        },
      ),
    );
  });
});

describe("a basket's totals from its events' fee tables", () => {
  // Only the pricing of a sale context counts for the totals.
  const contextWith = (fees: readonly Fee[], compTypeIds: readonly number[]) =>
    ({
      pricing: pricingData({
        fees: [...fees],
        priceTypes: pricingData().priceTypes.map((type) => ({
          ...type,
          isComp: compTypeIds.includes(type.id),
        })),
      }),
    }) as unknown as SaleContext;
  const compArb = fc.subarray([1, 2, 3]);

  test('a product line is its unit price times its quantity', () => {
    fc.assert(
      fc.property(productArb, (p) => {
        expect(productLineTotal(p)).toBe(p.unitPrice * p.quantity);
      }),
    );
  });

  test('complimentary tickets carry no order-level fee; the others pay it as their event says', () => {
    fc.assert(
      fc.property(
        fc.array(ticketArb, { maxLength: 8 }),
        fc.array(feeArb, { maxLength: 3 }),
        compArb,
        (tickets, fees, comp) => {
          const contexts = new Map([
            [7, contextWith(fees, comp)],
            [8, contextWith(fees, comp)],
          ]);
          const paying = tickets.filter((t) => !comp.includes(t.priceTypeId));
          const feeTables = new Map([
            [7, fees],
            [8, fees],
          ]);
          expect(basketOrderFees({ tickets }, contexts)).toEqual(orderLevelFeesFor(paying, feeTables));
          if (paying.length === 0) expect(basketOrderFees({ tickets }, contexts)).toEqual([]);
        },
      ),
    );
  });

  test('the totals charge the delivery method and the order-level fees, each the sum of its parts', () => {
    fc.assert(
      fc.property(
        fc.array(ticketArb, { maxLength: 8 }),
        fc.array(feeArb, { maxLength: 3 }),
        compArb,
        fc.option(fc.integer({ min: 0, max: 1_000 }), { nil: null }),
        (tickets, fees, comp, deliveryPrice) => {
          const contexts = new Map([
            [7, contextWith(fees, comp)],
            [8, contextWith(fees, comp)],
          ]);
          const b = basket({ tickets });
          const t = totalsOfBasket(b, contexts, deliveryPrice === null ? null : { price: deliveryPrice });
          expect(t.OrderLevelFees).toEqual(basketOrderFees(b, contexts));
          expect(t.DeliveryTotal).toBe(tickets.length > 0 ? (deliveryPrice ?? 0) : 0);
          expect(t.Total).toBe(t.TicketAndFeeTotal + t.ProductTotal + t.DeliveryTotal + t.OrderLevelFeeTotal);
        },
      ),
    );
  });
});
