import { z } from 'zod';

// The till at shift close (GET /api/admin/reports/till). Money in minor units. Shared with web/.

export const TillQuery = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date as YYYY-MM-DD' }),
  sellerId: z.coerce.number({ message: 'must be a staff id' }).int().positive().optional(),
  counter: z.string().trim().min(1).max(100).optional(),
  /** Whose day and currency: default the first venue (the house). */
  venueId: z.coerce.number({ message: 'must be a venue id' }).int().positive().optional(),
});
export type TillQuery = z.input<typeof TillQuery>;

export const TillFigures = z.object({
  Cash: z.number(),
  Check: z.number(),
  Card: z.number(),
  Comp: z.number(),
  Custom: z.number(),
  /** Money given back at the counter (a positive figure); none are recorded yet. */
  RefundsPaidOut: z.number(),
  /** Cash taken less cash refunds paid out: what the drawer should hold beyond its float. */
  CashExpected: z.number(),
  PaymentCount: z.number(),
});
export type TillFigures = z.infer<typeof TillFigures>;

export const TillOrderLine = z.object({
  OrderId: z.number(),
  OrderName: z.string(),
  PaymentId: z.number(),
  PaymentType: z.string(),
  PaymentMethodName: z.string().nullable(),
  /** Negative: a refund paid out. */
  Amount: z.number(),
  At: z.string(),
});
export type TillOrderLine = z.infer<typeof TillOrderLine>;

export const TillRow = TillFigures.extend({
  SellerId: z.number().nullable(),
  SellerName: z.string(),
  Counter: z.string(),
  Orders: z.array(TillOrderLine),
});
export type TillRow = z.infer<typeof TillRow>;

export const TillReport = z.object({
  Date: z.string(),
  TimeZone: z.string(),
  Currency: z.string(),
  /** How the web writes the amounts (core/i18n/format-money.ts), e.g. en-us. */
  CurrencyLocale: z.string(),
  VenueId: z.number(),
  Rows: z.array(TillRow),
  Totals: TillFigures,
  /** Counter payments of the day in another currency: another venue's till. */
  OtherCurrencyPayments: z.number(),
});
export type TillReport = z.infer<typeof TillReport>;

/** Who has sold at a counter (the till page's seller filter). */
export const TillSeller = z.object({ SellerId: z.number(), SellerName: z.string(), Email: z.string() });
export const TillFilters = z.object({ Sellers: z.array(TillSeller), Counters: z.array(z.string()) });
export type TillFilters = z.infer<typeof TillFilters>;
