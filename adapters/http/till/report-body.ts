import type { TillAnswer } from '../../../core/boxoffice/till-report.ts';
import type { TillFigures as Figures } from '../../../core/boxoffice/till.ts';
import type { TillFigures, TillReport } from '../contract/till.ts';

// The till report in the API's words (adapters/http/contract/till.ts); the command line prints
// the same body.

export const figuresBody = (f: Figures): TillFigures => ({
  Cash: f.cash,
  Check: f.check,
  Card: f.card,
  Comp: f.comp,
  Custom: f.custom,
  RefundsPaidOut: f.refundsPaidOut,
  CashExpected: f.cashExpected,
  PaymentCount: f.paymentCount,
});

export const tillReportBody = (date: string, answer: TillAnswer): TillReport => ({
  Date: date,
  TimeZone: answer.venue.timeZone,
  Currency: answer.venue.currency,
  CurrencyLocale: answer.venue.currencyLocale,
  VenueId: answer.venue.venueId,
  Rows: answer.report.rows.map((row) => ({
    SellerId: row.sellerId,
    SellerName: row.sellerName,
    Counter: row.counter,
    ...figuresBody(row),
    Orders: row.lines.map((l) => ({
      OrderId: l.orderId,
      OrderName: l.orderName,
      PaymentId: l.paymentId,
      PaymentType: l.paymentType,
      PaymentMethodName: l.paymentMethodName,
      Amount: l.amount,
      At: l.at.toISOString(),
    })),
  })),
  Totals: figuresBody(answer.report.totals),
  OtherCurrencyPayments: answer.otherCurrencyPayments,
});
