import { Data } from 'effect';

// Expected refusals of the after-sale calls (cancel tickets, refund, exchange), each with a
// stable code (the _tag) and the data its message needs. Nothing was changed when one is
// returned. The HTTP edge words them (adapters/http/staff-orders/answers.ts).

/** No order with this id. */
export class OrderNotFound extends Data.TaggedError('OrderNotFound')<{
  readonly orderId: number;
}> {}

/**
 * The cancellation was refused, nothing changed. `code` says why:
 * - NotActive: a ticket is already cancelled, exchanged or refunded (`ticketIds`)
 * - NotInOrder: a ticket is not of this order (`ticketIds`)
 * - NoTickets: the request named no ticket
 * - FeeTooHigh: the fee kept is more than the cancelled tickets cost (`fee`, `cancelledValue`)
 * - FeeInvalid: the fee is negative or not whole minor units
 */
export class TicketsNotCancellable extends Data.TaggedError('TicketsNotCancellable')<{
  readonly orderId: number;
  readonly code: 'NotActive' | 'NotInOrder' | 'NoTickets' | 'FeeTooHigh' | 'FeeInvalid';
  readonly ticketIds: readonly number[];
  readonly fee?: number;
  readonly cancelledValue?: number;
}> {}

/**
 * The tickets cannot be e-mailed again: the order has no e-mail address (NoEmail), or no ticket
 * is Active any more (NoActiveTickets). Nothing was sent.
 */
export class ResendRefused extends Data.TaggedError('ResendRefused')<{
  readonly orderId: number;
  readonly code: 'NoEmail' | 'NoActiveTickets';
}> {}

// The refund's refusal lives beside the refunds (core/orders/refunds/errors.ts).
export { RefundRefused } from './refunds/errors.ts';
