import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DEFAULT_HOUSE_CURRENCY } from '../../../core/accounts/house-currency.ts';
import type { Basket, DeliveryMethod } from '../../../core/basket/basket.ts';
import type { SaleContext } from '../../../core/basket/sale-context.ts';
import { basket, pricingData, ticket, ticketArb } from '../../../core/basket/test-factories.ts';
import { basketView, mapBasketViewModel } from './basket-view.ts';

const context: SaleContext = {
  event: {
    id: 7,
    name: 'Hamlet',
    urlSafeName: 'hamlet',
    startsAt: new Date('2026-12-01T19:30:00Z'),
    onSaleAt: new Date('2026-10-01T10:00:00Z'),
    isCancelled: false,
    isPresale: false,
    useHeavyOnSale: false,
    hasProducts: false,
    specialLinkedEvent: false,
    venueConfigurationId: 1,
    series: { id: 1, code: 'HAMLET', name: 'Hamlet' },
    venue: {
      id: 1,
      name: 'Grand Theatre',
      displayName: 'The Grand Theatre',
      country: 'US',
      timeZone: 'America/New_York',
      isoCurrencyCode: 'USD',
      currencyLocale: 'en-us',
    },
  },
  pricing: pricingData(),
  holdSubclasses: [],
  salesChannels: [],
};
const contexts = new Map([
  [7, context],
  [8, { ...context, event: { ...context.event, id: 8 } }],
]);
const mail = {
  id: 3,
  displayName: 'Post',
  type: 'Mail' as const,
  price: 250,
  fields: [{ Field: 'Address1', Required: true }],
  allowInternationalShipping: true,
  displayBasketNotes: true,
  consumerVisible: true,
};

const answered = (b: Basket, deliveryMethod: DeliveryMethod | null) => ({
  basket: b,
  contexts,
  deliveryMethod,
  house: DEFAULT_HOUSE_CURRENCY,
});

describe('the basket as the web reads it', () => {
  test('the API field names, line totals, order fee, delivery', () => {
    const view = basketView(
      answered(
        basket({ tickets: [ticket({ key: 'STALLS-F-12', seatAlertId: 1, seatAlertAcknowledged: true })] }),
        mail,
      ),
    );
    expect(view.TicketItems[0]).toMatchObject({
      Key: 'STALLS-F-12',
      PartialKey: 'STALLS-F',
      OrderItemType: 'Ticket',
      EventTemplateID: 1,
      LineTotal: 9200,
      SeatAlertName: 'Restricted view',
      SeatAlertAcknowledgement: true,
    });
    expect(view).toMatchObject({
      TicketAndFeeTotal: 9200,
      DeliveryTotal: 250,
      OrderLevelFeeTotal: 250,
      Total: 9700,
      SalesChannel: 'Web',
    });
    expect(view.SecondsTilExpiration).toBe(900);
    expect((view as Record<string, unknown>).BillToAddress1).toBeNull();
  });

  test("the view's totals are the sums of its own lines", () => {
    fc.assert(
      fc.property(fc.array(ticketArb, { maxLength: 8 }), fc.boolean(), (tickets, withMail) => {
        const view = basketView(answered(basket({ tickets }), withMail ? mail : null));
        expect(view.TicketAndFeeTotal).toBe(view.TicketItems.reduce((s, t) => s + t.LineTotal, 0));
        expect(view.OrderLevelFeeTotal).toBe(view.OrderLevelFees.reduce((s, f) => s + f.Value, 0));
        expect(view.Total).toBe(
          view.TicketAndFeeTotal + view.ProductTotal + view.DeliveryTotal + view.OrderLevelFeeTotal,
        );
        expect(view.BasketItems).toHaveLength(tickets.length);
      }),
    );
  });

  test('the map view model lists the seats and the seconds left', () => {
    const b = basket({ secondsLeft: 61.9, tickets: [ticket({ key: 'STALLS-F-12' })] });
    const model = mapBasketViewModel({ basket: b, contexts, currentEvent: context });
    expect(model).toMatchObject({
      secondsUntilExpiration: 61,
      eventTemplateCodes: ['HAMLET'],
      event: { ID: 7 },
    });
    expect(model.ticketItems.map((t) => t.Key)).toEqual(['STALLS-F-12']);
  });
});
