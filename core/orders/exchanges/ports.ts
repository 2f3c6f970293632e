import { Context, type Effect } from 'effect';
import type { Basket } from '../../basket/basket.ts';
import type { SeatChangeNotice } from '../../basket/ports.ts';
import type { ExchangeRefused } from './errors.ts';
import type { OrderTicketLine, RefundablePayment } from './rules.ts';

// What an exchange needs of the world: the order as the exchange judges it, the exchange row
// linked to its staff basket, and the swap itself, ONE transaction in the store.

/** An order ticket as the exchange screens show it. */
export interface ExchangeTicket extends OrderTicketLine {
  readonly eventId: number;
  readonly eventName: string;
  /** The performance's start in the venue's own time (YYYY-MM-DDTHH:MM:SS). */
  readonly localDate: string;
  readonly seriesCode: string;
  readonly key: string;
  readonly sectionName: string | null;
  readonly row: string | null;
  readonly seatNumber: string | null;
  readonly priceTypeName: string;
}

export interface ExchangeOrder {
  readonly orderId: number;
  readonly name: string;
  readonly customerId: number | null;
  readonly currency: string;
  readonly currencyLocale: string;
  readonly balanceDue: number;
  readonly tickets: readonly ExchangeTicket[];
}

/** A payment of the order that may give money back. */
export interface ExchangePayment extends RefundablePayment {
  readonly paymentType: string;
  readonly label: string;
}

export interface Exchange {
  readonly id: string;
  readonly orderId: number;
  readonly basketId: string;
  readonly ticketIds: readonly number[];
  readonly status: 'open' | 'completed' | 'abandoned';
}

export interface ExchangeStaff {
  readonly staffUserId: number | null;
  readonly name: string;
}

/** What the swap decided, judged inside the transaction on the basket as it is then. */
export interface ExchangePlan {
  readonly difference: number;
}

export interface ExchangeCompleted {
  readonly exchange: Exchange;
  readonly difference: number;
  readonly balanceDue: number;
  readonly newTicketIds: readonly number[];
  readonly changes: readonly SeatChangeNotice[];
}

export class Exchanges extends Context.Service<
  Exchanges,
  {
    readonly order: (orderId: number) => Effect.Effect<ExchangeOrder | null>;
    /** The sales channel an exchange basket sells on (the box office's). */
    readonly staffChannelId: () => Effect.Effect<number>;
    /** Names and local start times of performances (the new items' nights). */
    readonly events: (
      eventIds: readonly number[],
    ) => Effect.Effect<readonly { readonly id: number; readonly name: string; readonly localDate: string }[]>;
    /** Records the exchange and marks its basket as the order's exchange basket. */
    readonly create: (exchange: {
      readonly orderId: number;
      readonly basketId: string;
      readonly ticketIds: readonly number[];
      readonly staff: ExchangeStaff;
    }) => Effect.Effect<Exchange>;
    readonly byBasket: (basketId: string) => Effect.Effect<Exchange | null>;
    readonly byId: (exchangeId: string) => Effect.Effect<Exchange | null>;
    /** The order's succeeded payments with what each has given back already. */
    readonly payments: (orderId: number) => Effect.Effect<readonly ExchangePayment[]>;
    /**
     * The swap, ONE transaction with the exchange, the order and the basket locked: the old
     * tickets become Exchanged and their seats go back on sale, the basket's held seats and
     * places are sold into the same order, the difference is written as an adjustment and the
     * basket ends Completed. Any refusal (plan's or the sale's) rolls back everything.
     */
    /**
     * Ends an open exchange unfinished (status abandoned), the exchange row locked as `complete`
     * locks it, so the two never both succeed. The order is untouched; its basket is the
     * caller's to release. NotOpen when it was completed or abandoned already.
     */
    readonly abandon: (exchangeId: string) => Effect.Effect<Exchange, ExchangeRefused>;
    readonly complete: (
      exchangeId: string,
      staff: ExchangeStaff,
      plan: (basket: Basket, given: readonly OrderTicketLine[]) => ExchangePlan | ExchangeRefused,
    ) => Effect.Effect<ExchangeCompleted, ExchangeRefused>;
  }
>()('foyer/orders/Exchanges') {}
