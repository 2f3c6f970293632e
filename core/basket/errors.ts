import { Data } from 'effect';

// Expected outcomes of basket calls, each with a stable code (the _tag) and the data its message
// needs. The HTTP edge words them (adapters/http/errors.ts).

/** Some of the seats (or GA places) asked for are in another basket or sold: nothing was held. */
export class SeatsTaken extends Data.TaggedError('SeatsTaken')<{
  readonly eventId: number;
  /** Seat keys, or GA section keys that had too few places left. */
  readonly keys: readonly string[];
}> {}

/** No live basket: none was made, it expired, or it was checked out. */
export class BasketNotFound extends Data.TaggedError('BasketNotFound')<{
  readonly basketId: string | null;
}> {}

/** OrderTicketLimit across the whole basket, with the series' message. */
export class TicketLimitExceeded extends Data.TaggedError('TicketLimitExceeded')<{
  readonly limit: number;
  readonly message: string;
}> {}

/** Companions at most 2 per accessible seat, never without one. */
export class AccessibleSeatsInvalid extends Data.TaggedError('AccessibleSeatsInvalid')<{
  readonly reason: 'TooManyCompanions' | 'CompanionWithoutAccessibleSeat';
  readonly eventId: number;
}> {}

/** A seat or template alert that needs acknowledging was not acknowledged. */
export class SeatAlertNotAcknowledged extends Data.TaggedError('SeatAlertNotAcknowledged')<{
  readonly keys: readonly string[];
  readonly alertName: string;
}> {}

/** Any other rule of what may go in a basket, with the words to show. */
export class BasketRuleViolation extends Data.TaggedError('BasketRuleViolation')<{
  readonly rule:
    | 'DuplicateSeat'
    | 'SeatInBasket'
    | 'UnknownSeat'
    | 'NotOnSale'
    | 'EventOver'
    | 'EventCancelled'
    | 'OtherEventInBasket'
    | 'PriceTypeNotOffered'
    | 'PackageNotOffered'
    | 'NoSeats'
    | 'GaSection'
    | 'UnknownItem'
    | 'SalesChannel'
    | 'DeliveryMethod'
    | 'Product'
    | 'GiftCertificate'
    | 'Membership'
    | 'EmptyBasket'
    /** An ordinary addition to a plan basket (core/basket/add-seats.ts notThroughPlan): 409. */
    | 'PlanBasket'
    /** Tickets priced in another currency than the basket's (core/basket/rules/one-currency.ts): 409. */
    | 'OtherCurrency';
  readonly message: string;
}> {}

/** One price-type change at a time. */
export class PriceChangePending extends Data.TaggedError('PriceChangePending')<{
  readonly basketId: string;
}> {}

/** The change was refused and the old price types stay. */
export class PriceTypeChangeFailed extends Data.TaggedError('PriceTypeChangeFailed')<{
  readonly reason: string;
}> {}

export type BasketError =
  | SeatsTaken
  | BasketNotFound
  | TicketLimitExceeded
  | AccessibleSeatsInvalid
  | SeatAlertNotAcknowledged
  | BasketRuleViolation
  | PriceChangePending
  | PriceTypeChangeFailed;
