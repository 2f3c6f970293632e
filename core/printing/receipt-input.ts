import type { OrderDocument } from '../orders/order-document.ts';

// What the box office prints a receipt from, beyond the order document.

export interface ReceiptPayment {
  readonly method: 'cash' | 'card' | 'gift-card' | 'other';
  /** Minor units: money tendered for cash (change comes back from it), charged or refunded otherwise. */
  readonly amount: number;
  readonly cardBrand?: string | null;
  readonly last4?: string | null;
  readonly authCode?: string | null;
}

export interface ReceiptHeader {
  /** The box office or venue name, printed large at the top. */
  readonly name: string;
  /** Address or other lines under the name. */
  readonly lines?: readonly string[];
  /** Zone the printing time is shown in (the venue's). */
  readonly timeZone: string;
  readonly cashier?: string | null;
  readonly printedAt: Date;
}

export interface SaleReceiptInput {
  readonly doc: OrderDocument;
  readonly header: ReceiptHeader;
  readonly payments: readonly ReceiptPayment[];
}

export interface RefundReceiptInput {
  readonly doc: OrderDocument;
  readonly header: ReceiptHeader;
  /** The tickets refunded (all of the order's when empty). */
  readonly ticketIds: readonly number[];
  /** How the money went back; together they should make the refunded total. */
  readonly refunds: readonly ReceiptPayment[];
  readonly reason?: string | null;
}

export interface SignaturePageInput {
  readonly doc: OrderDocument;
  readonly header: ReceiptHeader;
  readonly payment: ReceiptPayment;
  readonly copy: 'merchant' | 'customer';
}
