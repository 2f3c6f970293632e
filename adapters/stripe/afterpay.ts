import { Effect } from 'effect';
import type Stripe from 'stripe';
import type { GatewayUnavailable } from '../../core/payments/ports.ts';
import { refusedAsUnavailable, type StripeCall } from './call.ts';
import { KEY_METADATA } from './gateway.ts';
import { latestChargeSucceeded } from './intent-outcome.ts';

// Afterpay/Clearpay through Stripe: an intent for the basket total that the buyer confirms on
// Afterpay's page (Stripe.js confirmAfterpayClearpayPayment). Manual capture: the money is taken
// when the checkout makes the order (gateway.charge with paymentRef captures a requires_capture
// intent).

export interface AfterpayIntentInput {
  readonly amount: number;
  readonly currency: string;
  readonly description: string;
  readonly basketId: string;
  readonly idempotencyKey: string | null;
  readonly shipping: {
    readonly name: string;
    readonly phone: string | null;
    readonly address: {
      readonly line1: string;
      readonly line2: string | null;
      readonly city: string | null;
      readonly state: string | null;
      readonly postal_code: string | null;
      readonly country: string | null;
    };
  };
}

const orNone = <T>(v: T | null) => v ?? undefined;

export const createAfterpayIntent = (stripe: Stripe, call: StripeCall, input: AfterpayIntentInput) =>
  call('create Afterpay payment intent', () =>
    stripe.paymentIntents.create({
      amount: input.amount,
      currency: input.currency.toLowerCase(),
      description: input.description,
      allowed_payment_method_types: ['afterpay_clearpay'],
      capture_method: 'manual',
      shipping: {
        name: input.shipping.name,
        phone: orNone(input.shipping.phone),
        address: {
          line1: input.shipping.address.line1,
          line2: orNone(input.shipping.address.line2),
          city: orNone(input.shipping.address.city),
          state: orNone(input.shipping.address.state),
          postal_code: orNone(input.shipping.address.postal_code),
          country: orNone(input.shipping.address.country),
        },
      },
      metadata: {
        basket_id: input.basketId,
        ...(input.idempotencyKey ? { [KEY_METADATA]: input.idempotencyKey } : {}),
      },
    }),
  ).pipe(
    Effect.map((pi) => ({ clientSecret: pi.client_secret ?? '', paymentIntentId: pi.id })),
    Effect.catchTag('StripeRefused', (refused) => Effect.fail(refusedAsUnavailable(refused))),
  );

export interface AfterpayState {
  readonly paymentIntentId: string;
  readonly clientSecret: string;
  readonly status: string;
  readonly latestChargeStatus: string | null;
  readonly latestChargeSucceeded: boolean;
  readonly amount: number;
  readonly currency: string;
}

/** The intent as Stripe knows it now; null when Stripe has no such intent. */
export const readAfterpayIntent = (
  stripe: Stripe,
  call: StripeCall,
  paymentIntentId: string,
): Effect.Effect<AfterpayState | null, GatewayUnavailable> =>
  call('retrieve payment intent', () =>
    stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] }),
  ).pipe(
    Effect.map((pi): AfterpayState => ({
      paymentIntentId: pi.id,
      clientSecret: pi.client_secret ?? '',
      status: pi.status,
      latestChargeStatus:
        pi.latest_charge && typeof pi.latest_charge === 'object' ? pi.latest_charge.status : null,
      latestChargeSucceeded: latestChargeSucceeded(pi),
      amount: pi.amount,
      currency: pi.currency.toUpperCase(),
    })),
    Effect.catchTag('StripeRefused', (refused) =>
      refused.error.code === 'resource_missing'
        ? Effect.succeed(null)
        : Effect.fail(refusedAsUnavailable(refused)),
    ),
  );
