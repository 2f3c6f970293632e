import { Context, type Effect } from 'effect';
import type { SeatChange } from '../inventory/seat-change-feed.ts';
import type { NotFound } from '../shared/errors.ts';
import type { NewTicket, GaSectionLocked, HeldSeat } from './add-plan.ts';
import type { Basket, DeliveryMethod, TicketItem } from './basket.ts';
import type { BasketError, BasketNotFound, BasketRuleViolation } from './errors.ts';
import type { ProductQuantity } from './products/quantities.ts';
import type { SaleContext } from './sale-context.ts';

// The basket store and hold engine. PostgreSQL decides who gets a seat, so a seat is never in
// two baskets whatever the number of web nodes: a seat
// hold is one conditional statement, a GA hold a row lock, both inside one transaction with the
// basket row locked; the rules (core, pure) are handed in and judged inside that transaction.

/** A seat map should repaint these keys: what the release or hold made of them. */
export type SeatChangeNotice = Omit<SeatChange, 'at'>;

/** Which basket a hold goes into: the caller's live basket, or a new one. */
export interface OpenBasket {
  /** The basket the caller holds (cookie); null, unknown or no longer live: a new basket is made. */
  readonly basketId: string | null;
  /** For a new basket: its sales channel and how long its holds last. */
  readonly salesChannelId: number;
  readonly holdSeconds: number;
  /**
   * A clerk's hold (a staff session that may sell): the store keeps it out of the public
   * on-sale's queue, so a counter is never locked out by a crowd (adapters/postgres/basket/hold-seats.ts).
   */
  readonly staffLane?: boolean;
}

export interface SeatHold {
  readonly open: OpenBasket;
  readonly eventId: number;
  readonly venueConfigurationId: number;
  readonly seatKeys: readonly string[];
  /** Seats on hold in these subclasses are sellable to the caller (besides Open seats). */
  readonly sellableHoldSubclassIds: readonly number[];
  /** Judged before any seat is touched (uniqueness, one event per consumer basket). */
  readonly precheck: (basket: Basket) => BasketError | null;
  /** Judged on the seats the statement took; an error rolls the whole hold back. */
  readonly plan: (basket: Basket, held: readonly HeldSeat[]) => readonly NewTicket[] | BasketError;
}

export interface GaHold {
  readonly open: OpenBasket;
  readonly eventId: number;
  readonly sectionKeys: readonly string[];
  /** Judged with the sections' rows locked; an error rolls the whole hold back. */
  readonly plan: (basket: Basket, sections: readonly GaSectionLocked[]) => readonly NewTicket[] | BasketError;
}

export interface Held {
  readonly basket: Basket;
  /** This call made the basket: the caller must learn its id; its expiry must be scheduled. */
  readonly created: boolean;
  readonly changes: readonly SeatChangeNotice[];
}

export interface Released {
  readonly basket: Basket;
  readonly changes: readonly SeatChangeNotice[];
}

export interface Reprice {
  readonly basketId: string;
  /** A price-type change: refused at once while another is in progress on the basket. */
  readonly exclusive: boolean;
  /** false: answer the basket as it would be, change nothing. */
  readonly save: boolean;
  /** The changed tickets (all or nothing), judged with the basket row locked. */
  readonly plan: (basket: Basket) => readonly TicketItem[] | BasketError;
}

export interface BasketChange {
  readonly note?: string | null;
  readonly deliveryMethodId?: number;
  readonly continueWithoutTicketsEventId?: number;
  readonly promotion?: { readonly code: string | null; readonly groupCode: string | null };
  /** Whose basket it is (the signed-in customer, set at checkout); null: a guest's. */
  readonly customerId?: number | null;
}

export interface ProductOffer {
  readonly productId: number;
  readonly productVariantId: number;
  readonly productTypeId: number;
  readonly name: string;
  readonly variantName: string;
  readonly description: string | null;
  readonly imageUrl: string | null;
  readonly price: number;
  /** Units left to sell (core/extras/product-stock.ts); null: not counted, no limit. */
  readonly stock: number | null;
  /** Offered with this event only; null with any event of its series (or any event). */
  readonly eventId: number | null;
  readonly eventTemplateId: number | null;
}

export interface MarketingOptIn {
  readonly customerTagId: number;
  readonly customerTagText: string;
  readonly defaultStateChecked: boolean;
}

export class Baskets extends Context.Service<
  Baskets,
  {
    /** The event, its pricing and the hold rules, as selling needs them. */
    readonly saleContext: (eventId: number) => Effect.Effect<SaleContext, NotFound>;
    /** The basket as stored (live or not), with seconds left by the database's clock; null if unknown. */
    readonly find: (basketId: string) => Effect.Effect<Basket | null>;
    /** The caller's live basket, or a new empty one. */
    readonly open: (open: OpenBasket) => Effect.Effect<{ basket: Basket; created: boolean }>;
    readonly holdSeats: (hold: SeatHold) => Effect.Effect<Held, BasketError>;
    readonly holdGeneralAdmission: (hold: GaHold) => Effect.Effect<Held, BasketError>;
    /** Releases the items (all ticket and product items for 'all') of a live basket. */
    readonly release: (
      basketId: string,
      itemIds: readonly number[] | 'all',
    ) => Effect.Effect<Released, BasketNotFound | BasketRuleViolation>;
    readonly reprice: (reprice: Reprice) => Effect.Effect<Basket, BasketError>;
    readonly update: (basketId: string, change: BasketChange) => Effect.Effect<Basket, BasketNotFound>;
    /** Sets the product lines of a live basket to what `plan` answers from the offers for its events. */
    readonly setProducts: (
      basketId: string,
      plan: (basket: Basket, offers: readonly ProductOffer[]) => readonly ProductQuantity[] | BasketError,
    ) => Effect.Effect<Basket, BasketError>;
    /** Ends a live basket now and frees its holds; nothing when it is not live. */
    readonly expire: (basketId: string) => Effect.Effect<readonly SeatChangeNotice[]>;
    /** Frees the holds of baskets whose time ran out (all of them, or the one named). */
    readonly releaseExpired: (basketId?: string) => Effect.Effect<readonly SeatChangeNotice[]>;
    readonly deliveryMethods: () => Effect.Effect<readonly DeliveryMethod[]>;
    readonly productOffers: (eventIds: readonly number[]) => Effect.Effect<readonly ProductOffer[]>;
    readonly marketingOptIns: () => Effect.Effect<readonly MarketingOptIn[]>;
    /**
     * Which of these events are cancelled now (never cached: the checkout asks it, and a sale
     * context may be a few seconds old).
     */
    readonly cancelledEvents: (
      eventIds: readonly number[],
    ) => Effect.Effect<readonly { readonly id: number; readonly name: string }[]>;
  }
>()('foyer/basket/Baskets') {}

/**
 * A job at each basket's expiry. It only tidies up and announces: the statements already treat
 * the holds as free, so a late or lost job never keeps a seat.
 */
export class BasketExpiry extends Context.Service<
  BasketExpiry,
  { readonly schedule: (basketId: string, expiresAt: Date) => Effect.Effect<void> }
>()('foyer/basket/BasketExpiry') {}
