import type Stripe from 'stripe';
import { KEY_METADATA } from './gateway.ts';

// What Stripe's webhook events say of refunds that went through: `refund.created`,
// `refund.updated` and `charge.refund.updated` carry the refund itself; `charge.refunded`
// carries the charge, with its refunds when the account's API version still lists them. The
// refund's metadata holds the key we saved with our refund row (gateway.ts refund), so a refund
// whose answer we never heard (a timeout, a crash) is found again by it.

export interface StripeRefundReport {
  readonly refundRef: string;
  readonly idempotencyKey: string | null;
}

type RefundLike = Pick<Stripe.Refund, 'id' | 'status'> & {
  readonly object?: string;
  readonly metadata?: Stripe.Metadata | null;
};

export const refundReportsOf = (event: Stripe.Event): readonly StripeRefundReport[] => {
  const object = event.data.object as { object?: string };
  let refunds: readonly RefundLike[] = [];
  if (object.object === 'refund') refunds = [object as RefundLike];
  else if (object.object === 'charge' && event.type === 'charge.refunded')
    refunds = (object as { refunds?: { data?: RefundLike[] } | null }).refunds?.data ?? [];
  return refunds
    .filter((r) => r.status === 'succeeded' && typeof r.id === 'string')
    .map((r) => ({ refundRef: r.id, idempotencyKey: r.metadata?.[KEY_METADATA] ?? null }));
};
