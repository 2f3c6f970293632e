import { Context, type Effect } from 'effect';
import type { AdminBasketRefused, CustomerEmailTaken } from './errors.ts';
import type { Basket, TicketItem } from '../basket.ts';
import type { CounterCustomer } from './counter-customer.ts';
import type { BasketNotFound } from '../errors.ts';
import type { PriceOverride } from './override-price.ts';
import type { NotFound } from '../../shared/errors.ts';

// The box office's side of the basket store (adapters/postgres/basket/staff/saved-baskets.ts,
// price-overrides.ts, order-items.ts; customers: adapters/postgres/accounts/customer-search.ts).
// Holds are moved and released only by the seat-status home
// (adapters/postgres/inventory/seat-status/), as every other hold.

export interface SavedBasketRow {
  readonly basketId: string;
  readonly name: string | null;
  readonly savedAt: Date;
  readonly savedBy: string | null;
  readonly customerId: number | null;
  readonly customerName: string | null;
  readonly customerEmail: string | null;
  readonly eventNames: readonly string[];
  readonly expiresAt: Date;
}

export interface SavedBasketQuery {
  /** Matched against the basket's name, its customer's name, e-mail and phone, and its events' names. */
  readonly searchText: string | null;
  /** Saved by, or sold by, this staff member. */
  readonly sellerId: number | null;
  readonly limit: number;
  readonly offset: number;
}

export interface SavedState {
  readonly savedAt: Date | null;
  readonly savedName: string | null;
}

/** What repricing tickets by hand changes: the tickets' prices and fees, and their overrides. */
export interface StaffReprice {
  readonly tickets: readonly TicketItem[];
  /** Overrides to record (by ticket id); a ticket repriced without one keeps what it had. */
  readonly overrides: ReadonlyMap<number, PriceOverride>;
}

export interface OrderTicketLine {
  readonly eventId: number;
  readonly key: string;
  readonly sectionName: string | null;
  readonly row: string | null;
  readonly seatNumber: string | null;
  readonly priceTypeId: number;
  readonly priceTypeName: string;
  readonly price: number;
  readonly feeTotal: number;
  readonly isGa: boolean;
}

export interface CustomerRow {
  readonly customerId: number;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string | null;
  readonly phone: string | null;
}

export class AdminBaskets extends Context.Service<
  AdminBaskets,
  {
    readonly listSaved: (
      query: SavedBasketQuery,
    ) => Effect.Effect<{ rows: readonly SavedBasketRow[]; totalCount: number }>;
    readonly savedState: (basketId: string) => Effect.Effect<SavedState | null>;
    /** When the basket's events start (the saved-basket hold ends by the first). */
    readonly eventStarts: (eventIds: readonly number[]) => Effect.Effect<readonly Date[]>;
    /**
     * Marks a live basket saved and moves its expiry and all its holds to `until` (never
     * earlier), in one transaction; the seats stay this basket's throughout.
     */
    readonly save: (
      basketId: string,
      save: { readonly name: string | null; readonly staffUserId: number; readonly until: Date },
    ) => Effect.Effect<{ basket: Basket; savedAt: Date }, BasketNotFound>;
    /** The overrides in force or not, by ticket id. */
    readonly overrides: (basketId: string) => Effect.Effect<ReadonlyMap<number, PriceOverride>>;
    /** Reprices tickets of a live basket by hand, judged with the basket locked. */
    readonly reprice: (
      basketId: string,
      staffUserId: number,
      plan: (
        basket: Basket,
        overrides: ReadonlyMap<number, PriceOverride>,
      ) => StaffReprice | AdminBasketRefused,
    ) => Effect.Effect<Basket, BasketNotFound | AdminBasketRefused>;
    /** Assigns the customer (their name and contact details) to a live basket; null removes it. */
    readonly setCustomer: (
      basketId: string,
      customerId: number | null,
    ) => Effect.Effect<Basket, BasketNotFound | NotFound>;
    readonly setSalesChannel: (
      basketId: string,
      salesChannelId: number,
    ) => Effect.Effect<Basket, BasketNotFound>;
    /** The active tickets of an order; null when there is no such order. */
    readonly orderTickets: (orderId: number) => Effect.Effect<readonly OrderTicketLine[] | null>;
    readonly searchCustomers: (text: string, limit: number) => Effect.Effect<readonly CustomerRow[]>;
    readonly addCustomer: (customer: CounterCustomer) => Effect.Effect<CustomerRow, CustomerEmailTaken>;
  }
>()('foyer/basket/AdminBaskets') {}
