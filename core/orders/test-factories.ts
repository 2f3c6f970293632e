import type { CheckoutDetails } from './checkout/validation.ts';
import type { OrderDocument, OrderDocumentTicket } from './order-document.ts';

// Test data: a small order document for tests of the e-mail, the PDF and the job (two events,
// three tickets), and a buyer's checkout details.

export const ticketFactory = (overrides: Partial<OrderDocumentTicket> = {}): OrderDocumentTicket => ({
  ticketId: 9001,
  eventId: 101,
  key: 'STALLS-C-12',
  section: 'Stalls',
  row: 'C',
  seat: '12',
  isGa: false,
  priceTypeName: 'Adult',
  priceLevelName: 'Premium',
  amount: 4550,
  barcode: 'FYR7Q2M9K4XW1TB8',
  ...overrides,
});

export const orderDocumentFactory = (overrides: Partial<OrderDocument> = {}): OrderDocument => ({
  orderId: 4242,
  orderName: 'F-104242',
  createdAt: new Date('2026-11-20T12:00:00Z'),
  buyer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
  currency: 'USD',
  currencyLocale: 'en-us',
  total: 12100,
  deliveryMethod: { name: 'Print at home', type: 'PrintAtHome' },
  payment: { type: 'Card', cardBrand: 'Visa', last4: '4242' },
  events: [
    {
      eventId: 101,
      name: 'Hamlet',
      localDate: '2026-12-01T19:30:00',
      venueName: 'The Grand Theatre',
      venueTimeZone: 'America/New_York',
    },
    {
      eventId: 202,
      name: 'Winter Crossing',
      localDate: '2026-12-05T14:00:00',
      venueName: 'Riverside Arena',
      venueTimeZone: 'America/New_York',
    },
  ],
  tickets: [
    ticketFactory(),
    ticketFactory({
      ticketId: 9002,
      key: 'STALLS-C-13',
      seat: '13',
      priceTypeName: 'Child',
      amount: 2500,
      barcode: 'FYR3H8N2D6PV5ZC1',
    }),
    ticketFactory({
      ticketId: 9003,
      eventId: 202,
      key: 'FLOOR',
      section: 'Floor',
      row: null,
      seat: null,
      isGa: true,
      priceTypeName: 'Standard',
      priceLevelName: 'General admission',
      amount: 5050,
      barcode: 'FYR5J1R7T3YQ9LA6',
    }),
  ],
  confirmationUrl: 'http://127.0.0.1:3000/checkout/confirmation/4242',
  ...overrides,
});

/** A buyer's checkout details as validation leaves them (Ada Lovelace, in the given country). */
export const checkoutDetailsFactory = (countryCode = 'US'): CheckoutDetails => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: null,
  organization: null,
  title: null,
  rewardsNumber: null,
  cardHolderName: null,
  billTo: { CountryCode: countryCode },
  shipTo: { CountryCode: countryCode },
  note: null,
  marketingOptInTagIds: [],
  deliveryMethodId: null,
});
