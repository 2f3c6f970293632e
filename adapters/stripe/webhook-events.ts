import type Stripe from 'stripe';
import { KEY_METADATA } from './gateway.ts';
import type { IntentReport, Recorded, StripeIntentMirror } from './intent-mirror.ts';

// Recording Stripe's webhook events (migration 20261201000200_stripe). The event id is claimed
// (a repeated delivery does nothing), then the intent's mirror moves forward only if this event
// is later by the order key (terminal, created, rank, event id). The final state is the maximum
// over the events seen, whatever order they came in.

/** Later in an intent's life ranks higher; succeeded and canceled are terminal. */
export const STATUS_RANK: Record<string, number> = {
  requires_payment_method: 1,
  requires_confirmation: 2,
  requires_action: 3,
  processing: 4,
  requires_capture: 5,
  canceled: 6,
  succeeded: 7,
};
const TERMINAL = new Set(['succeeded', 'canceled']);

export type { Recorded };

const isIntentEvent = (
  event: Stripe.Event,
): event is Stripe.Event & { data: { object: Stripe.PaymentIntent } } =>
  event.type.startsWith('payment_intent.') &&
  (event.data.object as { object?: string }).object === 'payment_intent';

/** What the event says of its payment intent; null when it is not about one we track. */
const intentReportOf = (event: Stripe.Event): IntentReport | null => {
  if (!isIntentEvent(event)) return null;
  const pi = event.data.object;
  const rank = STATUS_RANK[pi.status];
  if (rank === undefined) return null;
  return {
    id: pi.id,
    status: pi.status,
    terminal: TERMINAL.has(pi.status),
    statusRank: rank,
    eventCreated: event.created,
    eventId: event.id,
    amount: pi.amount,
    amountReceived: pi.amount_received ?? 0,
    currency: pi.currency,
    idempotencyKey: pi.metadata?.[KEY_METADATA] ?? null,
    metadata: pi.metadata ?? {},
    latestCharge: typeof pi.latest_charge === 'string' ? pi.latest_charge : (pi.latest_charge?.id ?? null),
    lastErrorCode: pi.last_payment_error?.code ?? null,
  };
};

export const recordStripeEvent = (mirror: StripeIntentMirror, event: Stripe.Event): Promise<Recorded> =>
  mirror.record({ id: event.id, type: event.type, created: event.created }, intentReportOf(event));
