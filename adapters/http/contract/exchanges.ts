import { z } from 'zod';

// Shared with web/: no server imports here. Exchanging an order's tickets for what a staff
// basket holds: POST /api/admin/orders/{id}/exchange opens the exchange basket,
// GET /api/baskets/exchangeviewmodel reads the caller's exchange basket, and
// POST /api/admin/exchanges/{exchangeId}/complete swaps the tickets. Amounts are integer minor
// units; the view model's field names are camelCase as the basket calls' are.

const id = z.coerce
  .number({ error: 'must be an id' })
  .int('must be an id')
  .positive('must be an id')
  .max(2_147_483_647);

// ---- requests ----

export const ExchangeOrderParams = z.object({ id });

export const StartExchangeBody = z
  .object({
    /** The tickets given up; omitted or empty: every Active ticket of the order. */
    TicketIds: z.array(id).max(500).optional(),
  })
  .nullish();

export const ExchangeIdParams = z.object({ exchangeId: z.uuid({ error: 'must be an exchange id' }) });

// ---- answers ----

export const ExchangeStarted = z.object({
  ExchangeGlobalID: z.uuid(),
  /** The series the sell screen opens on (the first ticket given up). */
  SeriesCode: z.string(),
});

export const ExchangeTicket = z.object({
  id: z.number(),
  eventId: z.number(),
  eventName: z.string(),
  /** The performance's start in the venue's time. */
  localDate: z.string(),
  key: z.string(),
  sectionName: z.string().nullable(),
  row: z.string().nullable(),
  seatNumber: z.string().nullable(),
  priceTypeName: z.string(),
  price: z.number(),
  feeTotal: z.number(),
  status: z.string(),
});

export const ExchangeViewModel = z.object({
  exchangeGlobalId: z.uuid(),
  status: z.enum(['open', 'completed', 'abandoned']),
  /** The exchange basket still holds its seats. */
  basketLive: z.boolean(),
  orderId: z.number(),
  orderName: z.string(),
  currency: z.string(),
  currencyLocale: z.string(),
  oldTickets: z.array(ExchangeTicket),
  /** The exchange basket's tickets (what the customer takes instead). */
  newItems: z.array(
    z.object({
      eventId: z.number(),
      eventName: z.string(),
      localDate: z.string(),
      key: z.string(),
      sectionName: z.string().nullable(),
      row: z.string().nullable(),
      seatNumber: z.string().nullable(),
      priceTypeName: z.string(),
      quantity: z.number(),
      lineTotal: z.number(),
    }),
  ),
  /** What the tickets given up are worth (price and fees as sold). */
  credit: z.number(),
  /** The basket's new items: tickets with their fees, and products. */
  newTotal: z.number(),
  /** newTotal - credit: the order_adjustments amount the exchange writes. */
  difference: z.number(),
  /** What the order owed (negative: was owed) before; null once the exchange completed. */
  balanceDueBefore: z.number().nullable(),
  /** What is left to settle: positive, to pay; negative, money back. */
  remainingBalance: z.number(),
  /** The order's payments; amount: what each can still give back. */
  payments: z.array(
    z.object({ id: z.number(), amount: z.number(), paymentType: z.string(), label: z.string() }),
  ),
  /** The default split of the money back over the payments (newest first). */
  suggestedRefunds: z.array(z.object({ paymentId: z.number(), amount: z.number() })),
});
export type ExchangeViewModel = z.infer<typeof ExchangeViewModel>;

export const ExchangeCompleted = z.object({
  ExchangeGlobalID: z.uuid(),
  OrderId: z.number(),
  ExchangedTicketIds: z.array(z.number()),
  NewTicketIds: z.array(z.number()),
  /** The order_adjustments amount written. */
  Difference: z.number(),
  /** The order's balance after: positive, to pay; negative, credit owed to the customer. */
  BalanceDue: z.number(),
});
export type ExchangeCompleted = z.infer<typeof ExchangeCompleted>;

/** DELETE /api/admin/exchanges/{exchangeId}: the exchange ended unfinished, its basket released. */
export const ExchangeAbandoned = z.object({
  ExchangeGlobalID: z.uuid(),
  OrderId: z.number(),
  Status: z.literal('abandoned'),
  /** Seats and GA sections the basket held, now back on sale. */
  ReleasedSeats: z.number().int(),
});
export type ExchangeAbandoned = z.infer<typeof ExchangeAbandoned>;
