import { Effect, type Duration } from 'effect';
import type Stripe from 'stripe';
import {
  GatewayUnavailable,
  RefundDeclined,
  type ChargeOutcome,
  type ChargeRequest,
  type PaymentGatewayShape,
  type PaymentState,
  type SavedCard,
} from '../../core/payments/ports.ts';
import { parseApplePayToken } from '../../core/payments/apple-pay-token.ts';
import { applePayPaymentMethod } from './apple-pay.ts';
import { makeStripeCall, refusedAsUnavailable, type StripeCall, type StripeRefused } from './call.ts';
import { brandName, chargeOutcomeOf, declined, paymentStateOf } from './intent-outcome.ts';

// The card gateway on Stripe PaymentIntents (core/payments/ports.ts has the contract).
// - charge: one PaymentIntent created and confirmed under the caller's idempotency key (saved
//   before the first attempt), so a retry answers the first attempt's intent; the key is also in
//   the intent's metadata for findByKey.
// - charge with paymentRef (after 3-D Secure, or an Afterpay return): confirm or capture the
//   existing intent; it must be for this amount and currency.
// - A PaymentIntent moves money at most once whatever we send twice (confirm/capture of a
//   finished intent is refused): those calls need no key of ours.
// - An Apple Pay token (the checkout's Token as JSON) becomes a card payment method first
//   (apple-pay.ts), then is charged like a card.

const EXPAND = ['latest_charge', 'payment_method'];
export const KEY_METADATA = 'idempotency_key';
/** The statuses that allow a cancel. */
export const CANCELLABLE = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
];

export interface StripeGatewayOptions {
  /** First delay of the 429 retry (1000 ms); tests pass a few milliseconds. */
  readonly retryBase?: Duration.Input;
}

export interface StripeGateway extends PaymentGatewayShape {
  /** Cancels an unfinished intent; `canceled` is true when Stripe answers status canceled. */
  readonly cancel: (
    paymentRef: string,
  ) => Effect.Effect<{ readonly canceled: boolean; readonly status: string }, GatewayUnavailable>;
}

const isUnexpectedState = (refused: StripeRefused) =>
  refused.error.code === 'payment_intent_unexpected_state';
const isMissing = (refused: StripeRefused) => refused.error.code === 'resource_missing';

/** A refusal of the buyer's card or token is a decline; our own bad request is a fault we report. */
const refusalOutcome = (refused: StripeRefused): Effect.Effect<ChargeOutcome, GatewayUnavailable> => {
  const error = refused.error;
  const intent = (error.raw as { payment_intent?: { id?: string } } | undefined)?.payment_intent;
  if (error.type === 'StripeCardError') return Effect.succeed(declined(intent?.id ?? null, error));
  // A payment method Stripe will not take, or an Apple Pay token it could not read: nothing charged.
  if (
    error.param === 'payment_method' ||
    (error.code ?? '').startsWith('payment_method') ||
    (error.param ?? '').startsWith('pk_token') ||
    error.param === 'card[token]'
  )
    return Effect.succeed({
      ...declined(intent?.id ?? null, null),
      code: 'processing_error',
      message: error.message,
    });
  return Effect.fail(refusedAsUnavailable(refused));
};

export const makeStripeGateway = (stripe: Stripe, options: StripeGatewayOptions = {}): StripeGateway => {
  const call: StripeCall = makeStripeCall(options.retryBase);
  const retrieveIntent = (id: string) =>
    call('retrieve payment intent', () => stripe.paymentIntents.retrieve(id, { expand: EXPAND }));

  /** Confirm or capture; if another request finished the intent first, read what it is now. */
  const moveOn = (pi: Stripe.PaymentIntent, returnUrl: string | null) =>
    (pi.status === 'requires_capture'
      ? call('capture payment intent', () => stripe.paymentIntents.capture(pi.id, { expand: EXPAND }))
      : call('confirm payment intent', () =>
          stripe.paymentIntents.confirm(pi.id, {
            expand: EXPAND,
            ...(returnUrl ? { return_url: returnUrl } : {}),
          }),
        )
    ).pipe(
      Effect.catchTag('StripeRefused', (refused) =>
        isUnexpectedState(refused) ? retrieveIntent(pi.id) : Effect.fail(refused),
      ),
    );

  const outcome = (pi: Stripe.PaymentIntent): Effect.Effect<ChargeOutcome, GatewayUnavailable> => {
    const known = chargeOutcomeOf(pi);
    if (known) return Effect.succeed(known);
    // processing (a delayed method) or a state we could not move on: nothing known to be charged yet;
    // reconciliation (findByKey, the webhook mirror) learns the end.
    return Effect.fail(
      new GatewayUnavailable({ gateway: 'Stripe', detail: `payment ${pi.id} is ${pi.status}` }),
    );
  };

  /**
   * After 3-D Secure or an Afterpay return: the intent named by the browser, for this charge
   * only. It must have been made for this attempt (its key in the metadata: the charge's own
   * intent, or the Afterpay intent made with the attempt's key), or one paid intent could be
   * named by two checkouts and buy two orders.
   */
  const resume = (request: ChargeRequest, paymentRef: string) =>
    Effect.gen(function* () {
      let pi = yield* retrieveIntent(paymentRef);
      if (pi.metadata?.[KEY_METADATA] !== request.idempotencyKey)
        return declined(null, null, 'This payment does not belong to this order. Please pay again.');
      if (pi.amount !== request.amount || pi.currency !== request.currency.toLowerCase())
        return declined(pi.id, null, 'This payment does not match the order total. Please pay again.');
      if (pi.status === 'requires_confirmation' || pi.status === 'requires_capture')
        pi = yield* moveOn(pi, request.returnUrl);
      return yield* outcome(pi);
    });

  const customerFor = (request: ChargeRequest) =>
    Effect.gen(function* () {
      if (request.savedCardId) {
        const savedCardId = request.savedCardId;
        const pm = yield* call('retrieve payment method', () => stripe.paymentMethods.retrieve(savedCardId));
        return typeof pm.customer === 'string' ? pm.customer : (pm.customer?.id ?? null);
      }
      if (!request.saveCardFor) return null;
      if (request.saveCardFor.customerRef) return request.saveCardFor.customerRef;
      const email = request.saveCardFor.email;
      const customer = yield* call('create customer', () =>
        stripe.customers.create({ email }, { idempotencyKey: `${request.idempotencyKey}:customer` }),
      );
      return customer.id;
    });

  /** The payment method to charge: a saved card, Stripe.js's payment method, or an Apple Pay token's card. */
  const paymentMethodOf = (request: ChargeRequest) => {
    if (request.savedCardId) return Effect.succeed(request.savedCardId);
    const wallet = request.token ? parseApplePayToken(request.token) : null;
    return wallet
      ? applePayPaymentMethod(stripe, call, wallet, request.idempotencyKey)
      : Effect.succeed(request.token);
  };

  const fresh = (request: ChargeRequest) =>
    Effect.gen(function* () {
      const paymentMethod = yield* paymentMethodOf(request);
      if (!paymentMethod) return declined(null, null, 'No card was given. Please enter your card details.');
      const customer = yield* customerFor(request);
      if (request.savedCardId && !customer)
        return declined(null, null, 'This saved card is no longer available.');
      const saving = request.saveCardFor !== null && request.savedCardId === null;
      const pi = yield* call('create payment intent', () =>
        stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currency.toLowerCase(),
            description: request.description,
            payment_method: paymentMethod,
            allowed_payment_method_types: ['card'],
            capture_method: 'automatic',
            confirm: true,
            ...(customer ? { customer } : {}),
            ...(saving ? { setup_future_usage: 'off_session' as const } : {}),
            ...(request.returnUrl ? { return_url: request.returnUrl } : {}),
            metadata: { ...request.metadata, [KEY_METADATA]: request.idempotencyKey },
            expand: EXPAND,
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      // A card kept for the customer is in the answer (intent-outcome.ts savedCardOf).
      return yield* outcome(pi);
    });

  const charge = (request: ChargeRequest): Effect.Effect<ChargeOutcome, GatewayUnavailable> =>
    (request.paymentRef ? resume(request, request.paymentRef) : fresh(request)).pipe(
      Effect.catchTag('StripeRefused', refusalOutcome),
    );

  const retrieve = (paymentRef: string): Effect.Effect<PaymentState | null, GatewayUnavailable> =>
    retrieveIntent(paymentRef).pipe(
      Effect.map(paymentStateOf),
      Effect.catchTag('StripeRefused', (refused) =>
        isMissing(refused) ? Effect.succeed(null) : Effect.fail(refusedAsUnavailable(refused)),
      ),
    );

  // Stripe's search is eventually consistent (an intent may show up a little later); the webhook
  // mirror (PaymentNotices.byKey) knows a payment as soon as Stripe reports it.
  const findByKey = (idempotencyKey: string): Effect.Effect<PaymentState | null, GatewayUnavailable> =>
    call('search payment intents', () =>
      stripe.paymentIntents.search({
        query: `metadata['${KEY_METADATA}']:'${idempotencyKey.replace(/['\\]/g, '\\$&')}'`,
        expand: EXPAND.map((field) => `data.${field}`),
      }),
    ).pipe(
      Effect.map((found) => {
        const states = found.data.map(paymentStateOf);
        return states.find((s) => s.status === 'succeeded') ?? states[0] ?? null;
      }),
      Effect.catchTag('StripeRefused', (refused) => Effect.fail(refusedAsUnavailable(refused))),
    );

  const refund = (paymentRef: string, amount: number, idempotencyKey: string) =>
    call('create refund', () =>
      stripe.refunds.create(
        { payment_intent: paymentRef, amount, metadata: { [KEY_METADATA]: idempotencyKey } },
        { idempotencyKey },
      ),
    ).pipe(
      Effect.map((r) => ({ refundRef: r.id })),
      // Stripe said no to the refund itself (charge already refunded, more than is left): final. An
      // idempotency conflict is not an answer about the money: tried again later.
      Effect.catchTag('StripeRefused', (refused) =>
        Effect.fail(
          refused.error.type === 'StripeInvalidRequestError'
            ? new RefundDeclined({ gateway: 'Stripe', detail: refused.error.message })
            : refusedAsUnavailable(refused),
        ),
      ),
    );

  const savedCards = (customerRef: string): Effect.Effect<readonly SavedCard[], GatewayUnavailable> =>
    call('list saved cards', () =>
      stripe.customers.listPaymentMethods(customerRef, { type: 'card', limit: 100 }),
    ).pipe(
      Effect.map((list) =>
        list.data.flatMap((pm) =>
          pm.card
            ? [
                {
                  savedCardId: pm.id,
                  brand: brandName(pm.card.brand),
                  last4: pm.card.last4,
                  expMonth: pm.card.exp_month,
                  expYear: pm.card.exp_year,
                },
              ]
            : [],
        ),
      ),
      Effect.catchTag('StripeRefused', (refused) =>
        isMissing(refused) ? Effect.succeed([]) : Effect.fail(refusedAsUnavailable(refused)),
      ),
    );

  /** Detaches the card only when it is this customer's; anyone else's card is left alone. */
  const deleteSavedCard = (
    customerRef: string,
    savedCardId: string,
  ): Effect.Effect<void, GatewayUnavailable> =>
    Effect.gen(function* () {
      const pm = yield* call('retrieve payment method', () => stripe.paymentMethods.retrieve(savedCardId));
      const owner = typeof pm.customer === 'string' ? pm.customer : (pm.customer?.id ?? null);
      if (owner !== customerRef) return;
      yield* call('detach payment method', () => stripe.paymentMethods.detach(savedCardId));
    }).pipe(
      Effect.catchTag('StripeRefused', (refused) =>
        isMissing(refused) ? Effect.void : Effect.fail(refusedAsUnavailable(refused)),
      ),
    );

  const cancel = (paymentRef: string) =>
    Effect.gen(function* () {
      const pi = yield* retrieveIntent(paymentRef);
      if (!CANCELLABLE.includes(pi.status)) return { canceled: pi.status === 'canceled', status: pi.status };
      const after = yield* call('cancel payment intent', () => stripe.paymentIntents.cancel(paymentRef)).pipe(
        Effect.catchTag('StripeRefused', (refused) =>
          isUnexpectedState(refused) ? retrieveIntent(paymentRef) : Effect.fail(refused),
        ),
      );
      return { canceled: after.status === 'canceled', status: after.status };
    }).pipe(Effect.catchTag('StripeRefused', (refused) => Effect.fail(refusedAsUnavailable(refused))));

  return { name: 'Stripe', charge, retrieve, findByKey, refund, savedCards, deleteSavedCard, cancel };
};
