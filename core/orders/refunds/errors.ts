import { Data } from 'effect';
import type { RefundRefusalCode } from '../../payments/refund-allocation.ts';

// The refund's refusal (core/payments/refund-allocation.ts says why); nothing was changed when
// it is returned. The HTTP edge words it (adapters/http/refunds/answers.ts).

/**
 * A refund refused before any money moved. `code` is the allocation's reason, or:
 * - NotRefundable: the payment is not one of this order's payments that took money
 * - GatewayNotConfigured: the payment's processor is not configured here (and no cash alternative)
 * - DeclinedByProcessor: the processor answered no (`detail` says why); the refund is saved as
 *   failed and the credit is owed again, so it may be given back another way.
 */
export class RefundRefused extends Data.TaggedError('RefundRefused')<{
  readonly orderId: number;
  readonly code: RefundRefusalCode | 'NotRefundable' | 'GatewayNotConfigured' | 'DeclinedByProcessor';
  readonly paymentId?: number;
  /** The credit owed, for MoreThanOwed and NothingOwed. */
  readonly owed?: number;
  /** What the payment (or the payments together) may still give back, for MoreThanRefundable. */
  readonly refundable?: number;
  /** The processor's words, for DeclinedByProcessor. */
  readonly detail?: string;
}> {}
