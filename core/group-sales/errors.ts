import { Data } from 'effect';

// Expected outcomes of group-sales calls; the HTTP edge (adapters/http/payment-links/) words them.

/** No request with this id, or the code is not its code: the link is not the caller's. */
export class PaymentLinkUnauthorized extends Data.TaggedError('PaymentLinkUnauthorized')<{
  readonly requestId: number;
}> {}

/** The request takes no more money: it was paid (by another attempt) or cancelled. */
export class PaymentRequestClosed extends Data.TaggedError('PaymentRequestClosed')<{
  readonly requestId: number;
  readonly status: 'paid' | 'cancelled';
}> {}

/** No open house-seat request has this code (unknown, redeemed, cancelled, or its seats ran out). */
export class HouseSeatsUnavailable extends Data.TaggedError('HouseSeatsUnavailable')<{
  readonly reason: 'unknown' | 'redeemed' | 'cancelled' | 'expired';
}> {}
