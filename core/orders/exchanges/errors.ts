import { Data } from 'effect';

// An exchange's refusals: a stable code and the data its words need (adapters/http/exchanges/run.ts).

export type ExchangeRefusal =
  /** The order has no Active ticket left to give up. */
  | 'NoActiveTickets'
  /** A named ticket is not Active (already cancelled or exchanged). */
  | 'NotActive'
  /** A named ticket is not one of the order's. */
  | 'NotInOrder'
  /** At completion: a ticket given up is no longer Active (another exchange or a cancellation took it). */
  | 'TicketsChanged'
  /** The exchange was completed or abandoned already. */
  | 'NotOpen'
  /** The exchange basket's time ran out: its seats are no longer held. */
  | 'BasketExpired'
  /** The exchange basket holds nothing to exchange for. */
  | 'BasketEmpty'
  /** Seats the basket held are no longer its own. */
  | 'SeatsTaken'
  /** The caller's basket is not an exchange basket. */
  | 'NotExchangeBasket';

export class ExchangeRefused extends Data.TaggedError('ExchangeRefused')<{
  readonly reason: ExchangeRefusal;
  readonly ticketIds: readonly number[];
}> {}

/** No new basket could be made for the exchange. */
export class ExchangeBasketFailed extends Data.TaggedError('ExchangeBasketFailed')<{
  readonly orderId: number;
}> {}
