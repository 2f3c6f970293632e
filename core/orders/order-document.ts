// What a ticket PDF and the order e-mail show of an order, as plain data. The
// order store builds it; the PDF renderer and the mail job only read it. Money in minor units.

import type { OrderExtraLine } from './order.ts';

export interface OrderDocumentTicket {
  readonly ticketId: number;
  readonly eventId: number;
  /** Seat key section-row-seat, or the GA section key. */
  readonly key: string;
  readonly section: string | null;
  readonly row: string | null;
  readonly seat: string | null;
  readonly isGa: boolean;
  readonly priceTypeName: string;
  readonly priceLevelName: string;
  /** Price plus fees of this ticket. */
  readonly amount: number;
  /** Unique, unguessable; printed as a QR code and as text. */
  readonly barcode: string;
}

export interface OrderDocumentEvent {
  readonly eventId: number;
  readonly name: string;
  /** The performance's local date and time in its venue (ISO without offset, e.g. 2026-12-01T19:30:00). */
  readonly localDate: string;
  readonly venueName: string;
  readonly venueTimeZone: string;
}

export interface OrderDocument {
  readonly orderId: number;
  /** The order number customers quote (Order.Name). */
  readonly orderName: string;
  readonly createdAt: Date;
  readonly buyer: { readonly firstName: string; readonly lastName: string; readonly email: string };
  readonly currency: string;
  /** CurrencyLocale of the venue, e.g. en-us, en-gb (core/i18n formats with it). */
  readonly currencyLocale: string;
  readonly total: number;
  readonly deliveryMethod: {
    readonly name: string;
    readonly type: 'PrintAtHome' | 'Email' | 'Mail' | 'PointOfSale';
  };
  readonly payment: {
    readonly type: string;
    readonly cardBrand: string | null;
    readonly last4: string | null;
  };
  readonly events: readonly OrderDocumentEvent[];
  readonly tickets: readonly OrderDocumentTicket[];
  /** Memberships and gift certificates sold; absent: none. */
  readonly extras?: readonly OrderExtraLine[];
  /** Link to the confirmation page (PUBLIC_URL + /checkout/confirmation/{id}). */
  readonly confirmationUrl: string;
  /**
   * The order's tickets on a phone, by anyone holding the link: this + /event/{eventId}
   * (core/web-tickets/bundle-id.ts). Absent for an order without a link token.
   */
  readonly webTicketsUrl?: string;
}
