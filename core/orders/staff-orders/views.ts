import type { AuditRecord } from '../../accounts/ports.ts';
import type { TicketStatus } from './cancellation.ts';

// Orders as staff read them after the sale: the search's rows and one order's whole story
// (tickets, payments and what each may still give back, refunds, changes to the total, notes,
// audit). Plain data; the HTTP edge names the fields (adapters/http/staff-orders/views.ts).

export interface OrderSearchFilter {
  /** An order number (F0000123 or 123), a ticket barcode, a name, an e-mail or a phone. */
  readonly q: string | null;
  readonly eventId: number | null;
  /** The event's local date, YYYY-MM-DD. */
  readonly date: string | null;
  /** 1-based. */
  readonly page: number;
  readonly pageSize: number;
}

export interface OrderSummaryRow {
  readonly id: number;
  readonly name: string;
  readonly status: string;
  readonly createdAt: string;
  readonly customerName: string | null;
  readonly email: string | null;
  readonly phone: string | null;
  /** The total now, adjustments counted. */
  readonly total: number;
  readonly balanceDue: number;
  readonly currency: string;
  /** How its amounts are written (core/i18n/currency-locales.ts): its venue's, e.g. en-us. */
  readonly currencyLocale: string;
  /** The venue's zone (IANA) of the order's first ticket; null without tickets. */
  readonly timeZone: string | null;
  /** Active tickets. */
  readonly ticketCount: number;
  /** Its events' names, each once (two performances of one show are one name). */
  readonly eventNames: readonly string[];
}

export interface OrderSearchPage {
  readonly rows: readonly OrderSummaryRow[];
  /** Orders matching, over all pages. */
  readonly total: number;
}

export interface StaffTicketView {
  readonly id: number;
  readonly eventId: number;
  readonly eventName: string;
  /** The event's local start (the venue's clock), ISO without offset. */
  readonly eventDate: string;
  /** The event's venue's zone (IANA), whose clock eventDate is on. */
  readonly timeZone: string;
  readonly isGa: boolean;
  readonly section: string | null;
  readonly row: string | null;
  readonly seat: string | null;
  readonly priceTypeName: string;
  readonly priceLevelName: string;
  readonly price: number;
  readonly feeTotal: number;
  readonly status: TicketStatus;
  readonly barcode: string;
  readonly printedAt: string | null;
  readonly cancelledAt: string | null;
}

export interface StaffPaymentView {
  readonly id: number;
  readonly kind: string;
  readonly paymentType: string;
  readonly paymentMethodName: string | null;
  readonly gateway: string;
  readonly status: string;
  readonly amount: number;
  /** Given back already: refunds pending or succeeded. */
  readonly refunded: number;
  readonly cardBrand: string | null;
  readonly cardLast4: string | null;
  readonly sellerName: string | null;
  readonly counter: string | null;
  readonly at: string;
}

export interface StaffRefundView {
  readonly id: number;
  readonly paymentId: number;
  readonly amount: number;
  readonly refundType: string;
  readonly status: 'pending' | 'succeeded' | 'failed';
  readonly reason: string | null;
  readonly failureMessage: string | null;
  readonly staffName: string | null;
  readonly counter: string | null;
  readonly at: string;
}

export interface StaffAdjustmentView {
  readonly id: number;
  readonly kind: string;
  readonly amount: number;
  readonly ticketIds: readonly number[];
  readonly reason: string | null;
  readonly staffName: string | null;
  readonly at: string;
}

export interface OrderNoteView {
  readonly id: number;
  readonly author: string;
  readonly text: string;
  readonly at: string;
}

export interface StaffOrderRecord {
  readonly order: {
    readonly id: number;
    readonly name: string;
    readonly status: string;
    readonly createdAt: string;
    readonly currency: string;
    readonly currencyLocale: string;
    readonly customerId: number | null;
    readonly firstName: string | null;
    readonly lastName: string | null;
    readonly email: string | null;
    readonly phone: string | null;
    readonly organization: string | null;
    readonly isInvoice: boolean;
    readonly promoCode: string | null;
    /** Delivery and order-level fees as sold: what cancelling the last tickets also gives back. */
    readonly orderCharges: number;
    /** The venue's zone (IANA) of the order's first ticket; null without tickets. */
    readonly timeZone: string | null;
    readonly note: string | null;
  };
  readonly tickets: readonly StaffTicketView[];
  readonly products: readonly {
    readonly id: number;
    readonly productId: number;
    readonly name: string;
    readonly quantity: number;
    readonly unitPrice: number;
  }[];
  readonly payments: readonly StaffPaymentView[];
  readonly refunds: readonly StaffRefundView[];
  readonly adjustments: readonly StaffAdjustmentView[];
  readonly balance: {
    readonly total: number;
    readonly paid: number;
    readonly refunded: number;
    /** Negative: credit owed to the customer. */
    readonly balanceDue: number;
    readonly originalTotal: number;
  };
  readonly delivery: {
    readonly methodName: string | null;
    readonly methodType: string | null;
    readonly awaitingPrint: boolean;
  };
  readonly notes: readonly OrderNoteView[];
}

/** The order page: the stored order and who did what to it (audit_log). */
export interface StaffOrderDetail extends StaffOrderRecord {
  readonly audit: readonly AuditRecord[];
}

/** What a payment may still give back: never below zero. */
export const refundable = (p: Pick<StaffPaymentView, 'amount' | 'refunded' | 'status'>): number =>
  p.status === 'succeeded' ? Math.max(0, p.amount - p.refunded) : 0;
