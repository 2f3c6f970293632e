import Boom from '@hapi/boom';
import type { ServerRoute } from '@hapi/hapi';
import type Stripe from 'stripe';
import type { StripeIntentMirror } from '../../stripe/intent-mirror.ts';
import { recordStripeEvent } from '../../stripe/webhook-events.ts';
import { refundReportsOf, type StripeRefundReport } from '../../stripe/refund-events.ts';

// POST /api/stripe/webhook: Stripe's event deliveries. The signature is checked over the raw
// bytes (so hapi must not parse the body), with STRIPE_WEBHOOK_SECRET. No CSRF token: Stripe is
// not a browser; the signature is the proof. Deliveries repeat and arrive in any order:
// recordStripeEvent de-duplicates by event id and only moves an intent's state forward.

export interface WebhookOptions {
  readonly mirror: StripeIntentMirror;
  readonly stripe: Stripe | null;
  readonly secret: string | undefined;
  /** Refunds Stripe says went through: our pending refunds are marked succeeded (core/orders/refunds/refund-order.ts). */
  readonly onRefunds?: (reports: readonly StripeRefundReport[]) => Promise<void>;
}

export const webhookRoute = ({ mirror, stripe, secret, onRefunds }: WebhookOptions): ServerRoute => ({
  method: 'POST',
  path: '/api/stripe/webhook',
  options: {
    tags: ['payments'],
    plugins: { csrf: false },
    payload: { parse: false, output: 'data', maxBytes: 1024 * 1024 },
    handler: async (request, h) => {
      if (!stripe || !secret) throw Boom.badRequest('Stripe webhooks are not configured here.');
      const signature = request.headers['stripe-signature'];
      const raw = request.payload as Buffer | string | null;
      if (typeof signature !== 'string' || !raw) throw Boom.badRequest('Missing Stripe signature or body.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(raw, signature, secret);
      } catch {
        throw Boom.badRequest('The Stripe signature does not match.');
      }
      const outcome = await recordStripeEvent(mirror, event);
      // Settling a refund only moves a pending one, so a repeated delivery changes nothing.
      const refunds = refundReportsOf(event);
      if (onRefunds && refunds.length > 0) await onRefunds(refunds);
      return h.response({ received: true, outcome }).header('cache-control', 'no-store');
    },
  },
});
