import { Context, type Effect } from 'effect';
import type { Basket } from '../basket/basket.ts';
import type { BasketNotFound, BasketRuleViolation } from '../basket/errors.ts';
import type { GiftSaleRequest } from './gift-certificate-sale.ts';
import type { GiftCertificate } from './ports.ts';

// What selling gift certificates needs from the world (PostgreSQL in
// adapters/postgres/extras/gift-certificate-sales.ts): the basket line, and the certificate
// issued once per order line.

/** A gift certificate line of a placed order, with its certificate once issued. */
export interface GiftSaleLine {
  /** The basket item it was sold as: issuing is once per item. */
  readonly itemId: number;
  readonly amount: number;
  readonly recipientName: string | null;
  readonly recipientEmail: string | null;
  readonly message: string | null;
  readonly certificate: GiftCertificate | null;
  readonly emailed: boolean;
}

export interface GiftOrder {
  readonly orderId: number;
  readonly orderName: string;
  readonly currency: string;
  readonly currencyLocale: string;
  readonly buyerName: string;
  readonly buyerEmail: string | null;
  readonly lines: readonly GiftSaleLine[];
}

export class GiftCertificateSales extends Context.Service<
  GiftCertificateSales,
  {
    /** Adds the line to the caller's live basket, or to a new one on the channel. */
    readonly addToBasket: (request: {
      readonly basketId: string | null;
      readonly channelCode: string;
      readonly holdSeconds: number;
      readonly staffLane: boolean;
      readonly item: GiftSaleRequest;
      /** ISO 4217: the house currency it is sold in (gift-certificate-sale.ts giftSaleCurrency). */
      readonly currency: string;
    }) => Effect.Effect<
      { readonly basket: Basket; readonly created: boolean },
      BasketNotFound | BasketRuleViolation
    >;
    /** A placed order's gift certificate lines (none: an order that sold none); null: no such order. */
    readonly order: (orderId: number) => Effect.Effect<GiftOrder | null>;
    /** Issues the line's certificate, or answers the one already issued for it (never two). */
    readonly issue: (order: GiftOrder, line: GiftSaleLine) => Effect.Effect<GiftCertificate>;
    readonly markEmailed: (itemId: number) => Effect.Effect<void>;
  }
>()('foyer/extras/GiftCertificateSales') {}
