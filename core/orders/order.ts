import type { Basket, DeliveryMethod } from '../basket/basket.ts';
import type { BasketTotals } from '../basket/totals.ts';
import type { CardFacts, GatewayName } from '../payments/ports.ts';
import type { CheckoutDetails } from './checkout/validation.ts';

// An order and the payment attempts that pay for it, as plain data.
// The store keeps them in orders / order_tickets / order_products / payments.

export type AttemptStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'refunded';

/** One payment attempt: saved with its idempotency key before the gateway is called. */
export interface PaymentAttempt {
  readonly id: number;
  readonly idempotencyKey: string;
  readonly basketId: string;
  /** None: nothing to pay (a free order). */
  readonly gateway: GatewayName | 'None';
  readonly paymentType: string;
  readonly paymentMethodName: string | null;
  readonly paymentRef: string | null;
  readonly status: AttemptStatus;
  readonly amount: number;
  readonly currency: string;
  readonly card: CardFacts | null;
  readonly failure: { readonly code: string; readonly message: string } | null;
  readonly clientSecret: string | null;
  readonly actionUrl: string | null;
  readonly checkout: AttemptCheckout;
  readonly orderId: number | null;
  /** Charged but no order could be made: the money is (being) given back. */
  readonly refundStatus: 'needed' | 'refunded' | null;
  readonly takenSeats: readonly string[];
  readonly updatedAt: Date;
}

export interface NewAttempt {
  readonly idempotencyKey: string;
  readonly basketId: string;
  readonly gateway: GatewayName | 'None';
  readonly paymentType: string;
  readonly paymentMethodName: string | null;
  readonly amount: number;
  readonly currency: string;
  /** What the browser said of the card (CardBrand, CCBin, CCLast4); the gateway's word wins later. */
  readonly card: CardFacts | null;
  readonly checkout: AttemptCheckout;
}

/**
 * A counter sale's facts about the order it makes, kept with the attempt's checkout details until
 * the sale writes them on the order: the order's total (a first payment of a split tender or an
 * invoice pays less than it), placed as an invoice, prices hidden on printed tickets.
 */
export interface CounterOrder {
  readonly orderTotal: number;
  readonly isInvoice: boolean;
  readonly obscureTicketPriceOnPrint: boolean;
}

/**
 * Part of the order paid from a gift certificate (core/extras/gift-tender.ts): the attempt charges
 * the rest, and the sale's transaction redeems `amount` with the attempt's key and records it as a
 * payment of type GiftCertificate, or sells nothing (the charge goes back) when it cannot.
 */
export interface GiftTender {
  /** Compact code (parseGiftCertificateCode). */
  readonly code: string;
  readonly amount: number;
  readonly orderTotal: number;
}

/** The buyer's details, and a counter sale's order facts (absent on the web). */
export type AttemptCheckout = CheckoutDetails & {
  readonly counter?: CounterOrder;
  readonly giftCertificate?: GiftTender;
};

/**
 * What an attempt's order must total: the whole order for a counter sale or when a gift
 * certificate pays part of it, else what was paid.
 */
export const orderTotalOf = (attempt: Pick<PaymentAttempt, 'amount' | 'checkout'>): number =>
  attempt.checkout.counter?.orderTotal ?? attempt.checkout.giftCertificate?.orderTotal ?? attempt.amount;

/** Who took a counter payment, where and how (the payments row's counter columns). */
export interface CounterPaymentFacts {
  readonly sellerId: number;
  readonly sellerName: string;
  /** The counter's name from the POS settings ('Browser' by default). */
  readonly counter: string;
  readonly paymentMethodId: number | null;
  readonly checkIssuer: string | null;
  readonly checkNumber: string | null;
  readonly compTypeId: number | null;
  /** Cash handed over and given back (null for other tenders). */
  readonly amountTendered: number | null;
  readonly changeDue: number | null;
  readonly partnerId: number | null;
}

/** What the gateway said, recorded on the attempt. */
export type AttemptOutcome =
  | {
      readonly status: 'succeeded';
      readonly paymentRef: string | null;
      readonly card: CardFacts | null;
    }
  | {
      readonly status: 'requires_action';
      readonly paymentRef: string;
      readonly clientSecret: string;
      readonly actionUrl: string | null;
    }
  | {
      readonly status: 'failed';
      readonly paymentRef: string | null;
      readonly code: string;
      readonly message: string;
    };

/** The order a basket becomes: totals by part, fixed at the moment it is sold. */
export interface OrderDraft {
  readonly totals: BasketTotals;
  readonly currency: string;
  readonly currencyLocale: string;
  readonly deliveryMethod: Pick<DeliveryMethod, 'id' | 'displayName' | 'type'> | null;
}

/** Turns the basket (as locked in the completing transaction) into the order; null: it changed. */
export type OrderPlan = (basket: Basket) => OrderDraft | null;

export type Completion =
  | {
      readonly kind: 'order';
      readonly orderId: number;
      readonly name: string;
      readonly total: number;
      /** false: the order already existed (a retry). */
      readonly created: boolean;
    }
  | {
      /** The seats could not be sold: the attempt is marked for refund, the basket ended. */
      readonly kind: 'unsellable';
      readonly takenSeats: readonly string[];
    };

export interface OrderTicket {
  readonly id: number;
  readonly eventId: number;
  readonly key: string;
  readonly sectionName: string | null;
  readonly row: string | null;
  readonly seatNumber: string | null;
  readonly isGa: boolean;
  readonly priceTypeName: string;
  readonly priceLevelName: string;
  /** Before fees (the package seat price for a package seat). */
  readonly price: number;
  readonly feeTotal: number;
  readonly barcode: string;
}

export interface OrderEvent {
  readonly eventId: number;
  readonly name: string;
  readonly startsAt: Date;
  readonly venueName: string;
  readonly venueTimeZone: string;
}

/** A membership or gift certificate line of an order (its basket's item). */
export interface OrderExtraLine {
  readonly kind: 'Membership' | 'GiftCertificate';
  /** The membership's name, or 'Gift certificate'. */
  readonly name: string;
  /** The membership's level; null for a gift certificate. */
  readonly levelName: string | null;
  readonly amount: number;
  /** A gift's recipient; null when bought for oneself or unnamed. */
  readonly recipientName: string | null;
}

/** An order as stored, with what its confirmation, PDF and e-mail show. */
export interface OrderRecord {
  readonly id: number;
  readonly name: string;
  readonly status: string;
  readonly basketId: string;
  readonly createdAt: Date;
  readonly contact: {
    readonly firstName: string | null;
    readonly lastName: string | null;
    readonly email: string | null;
  };
  readonly totals: Omit<BasketTotals, 'OrderLevelFees'>;
  readonly promoCode: string | null;
  readonly deliveryMethod: {
    readonly name: string;
    readonly type: 'PrintAtHome' | 'Email' | 'Mail' | 'PointOfSale';
  } | null;
  readonly currency: string;
  readonly currencyLocale: string;
  readonly payment: {
    readonly type: string;
    readonly cardBrand: string | null;
    readonly last4: string | null;
    readonly amount: number;
  } | null;
  readonly tickets: readonly OrderTicket[];
  readonly products: readonly {
    readonly productId: number;
    readonly name: string;
    readonly quantity: number;
    readonly unitPrice: number;
  }[];
  readonly events: readonly OrderEvent[];
  /** Memberships and gift certificates sold (in ProductTotal); absent where none were read. */
  readonly extras?: readonly OrderExtraLine[];
  /** The order's web tickets link token (orders.web_tickets_token); absent where none was read. */
  readonly webTicketsToken?: string | null;
}
