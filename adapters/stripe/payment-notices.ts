import { Effect, Layer } from 'effect';
import { PaymentNotices, type PaymentNotice } from '../../core/payments/payment-notices.ts';
import type { PaymentState } from '../../core/payments/ports.ts';
import type { MirroredIntent, StripeIntentMirror } from './intent-mirror.ts';

// PaymentNotices from the Stripe webhook mirror (webhook-events.ts records it).

const stateOf = (intent: MirroredIntent): PaymentState => {
  switch (intent.status) {
    case 'succeeded':
      return {
        status: 'succeeded',
        paymentRef: intent.id,
        amount: intent.amountReceived || intent.amount,
        card: null,
      };
    case 'canceled':
      return { status: 'canceled', paymentRef: intent.id };
    case 'requires_payment_method':
      return intent.lastErrorCode
        ? { status: 'failed', paymentRef: intent.id }
        : { status: 'pending', paymentRef: intent.id };
    default:
      return { status: 'pending', paymentRef: intent.id };
  }
};

const noticeOf = (intent: MirroredIntent): PaymentNotice => ({
  gateway: 'Stripe',
  state: stateOf(intent),
  currency: intent.currency.toUpperCase(),
  idempotencyKey: intent.idempotencyKey,
  metadata: intent.metadata,
  updatedAt: intent.updatedAt,
});

export const PaymentNoticesFromStripe = (mirror: StripeIntentMirror) =>
  Layer.succeed(PaymentNotices, {
    byKey: (idempotencyKey) =>
      Effect.promise(async () => {
        const intent = await mirror.byKey(idempotencyKey);
        return intent ? noticeOf(intent) : null;
      }),
    succeededSince: (since) => Effect.promise(async () => (await mirror.succeededSince(since)).map(noticeOf)),
  });
