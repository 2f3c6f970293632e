import { Effect } from 'effect';
import type { Config } from '../config.ts';
import { moneyFromDecimal, moneyToDecimal } from '../../core/shared/money-decimal.ts';
import { money } from '../../core/shared/money.ts';
import {
  GatewayUnavailable,
  RefundDeclined,
  type ChargeOutcome,
  type ChargeRequest,
  type PaymentGatewayShape,
  type PaymentState,
} from '../../core/payments/ports.ts';
import { issueOf, payPalClient, type PayPalAnswer, type PayPalSettings } from './client.ts';
import type { PayPalStore } from './store.ts';

// PayPal as a payment gateway. The flow:
// 1. POST /api/paypal/createPayPalOrder: `createOrder` makes a PayPal order (intent CAPTURE) for
//    the basket total and remembers its id against the basket; the browser's PayPal button
//    opens it and the buyer approves it in PayPal's window.
// 2. POST /api/checkout with PaymentType PayPal and PayPalOrderId: `charge` (token = that id,
//    metadata.basketId = the basket) refuses an id that is not the one created for the basket
//    (declined 'paypal_order_mismatch' -> PayPalOrderIdMismatch), else captures it once:
//    PayPal-Request-Id = the checkout's idempotency key, and a claim row written first.

export interface PayPalGateway extends PaymentGatewayShape {
  /** Makes the PayPal order the browser's button approves; answers its id. */
  readonly createOrder: (input: {
    readonly basketId: string;
    readonly amount: number;
    readonly currency: string;
    readonly description: string;
  }) => Effect.Effect<{ readonly id: string }, GatewayUnavailable>;
}

const declined = (
  code: Extract<ChargeOutcome, { status: 'declined' }>['code'],
  message: string,
  paymentRef: string | null = null,
): ChargeOutcome => ({ status: 'declined', paymentRef, code, message });

interface PayPalCapture {
  readonly id: string;
  readonly status: string;
  readonly amount: { readonly currency_code: string; readonly value: string };
}

/** The capture inside an order answer (purchase_units[0].payments.captures[0]). */
const captureOf = (answer: PayPalAnswer): PayPalCapture | null => {
  const units = answer.body.purchase_units as { payments?: { captures?: PayPalCapture[] } }[] | undefined;
  return units?.[0]?.payments?.captures?.[0] ?? null;
};

const minorUnits = (amount: PayPalCapture['amount']): number => {
  const parsed = moneyFromDecimal(amount.value, amount.currency_code);
  if (!parsed.ok) throw new Error(`PayPal answered an amount Foyer cannot read: ${amount.value}`);
  return parsed.value.amount;
};

const broken = (detail: string) => new GatewayUnavailable({ gateway: 'PayPal', detail });

export const paypalGateway = (settings: PayPalSettings, store: PayPalStore): PayPalGateway => {
  const paypal = payPalClient(settings);

  /** A capture PayPal made (COMPLETED, or PENDING: PayPal holds it for review and settles later). */
  const succeeded = (capture: PayPalCapture): ChargeOutcome => ({
    status: 'succeeded',
    paymentRef: capture.id,
    amount: minorUnits(capture.amount),
    card: null,
    savedCard: null,
  });

  const capture = (request: ChargeRequest, orderId: string) =>
    Effect.gen(function* () {
      const answer = yield* paypal.call(
        'POST',
        `/v2/checkout/orders/${orderId}/capture`,
        {},
        request.idempotencyKey,
      );
      if (answer.status === 200 || answer.status === 201) {
        const made = captureOf(answer);
        if (!made) return yield* Effect.fail(broken('PayPal answered a capture without a capture'));
        if (made.status === 'COMPLETED' || made.status === 'PENDING') {
          yield* store.captured(request.idempotencyKey, made.id);
          return succeeded(made);
        }
        yield* store.release(request.idempotencyKey);
        return declined('card_declined', 'PayPal declined the payment.', made.id);
      }
      const issue = issueOf(answer);
      if (issue === 'ORDER_ALREADY_CAPTURED') {
        // Captured by this checkout's own earlier call (the claim row says the order is ours).
        const made = captureOf(yield* paypal.call('GET', `/v2/checkout/orders/${orderId}`));
        if (!made) return yield* Effect.fail(broken('PayPal order captured but no capture found'));
        yield* store.captured(request.idempotencyKey, made.id);
        return succeeded(made);
      }
      yield* store.release(request.idempotencyKey);
      if (issue === 'INSTRUMENT_DECLINED' || issue === 'PAYER_ACTION_REQUIRED')
        return declined(
          'card_declined',
          'PayPal declined the payment. Please choose another way to pay in PayPal.',
        );
      if (issue === 'ORDER_NOT_APPROVED')
        return declined('authentication_failed', 'The payment was not approved in PayPal.');
      if (answer.status === 404) return declined('paypal_order_mismatch', 'PayPal does not know this order.');
      return declined('processing_error', `PayPal refused the capture (${issue ?? answer.status}).`);
    });

  const charge = (request: ChargeRequest): Effect.Effect<ChargeOutcome, GatewayUnavailable> =>
    Effect.gen(function* () {
      const orderId = request.token?.trim() ?? '';
      const earlier = yield* store.byKey(request.idempotencyKey);
      if (earlier) {
        if (earlier.paypalOrderId !== orderId)
          return declined('paypal_order_mismatch', 'The PayPal order does not match this payment.');
        if (earlier.captureId)
          return {
            status: 'succeeded',
            paymentRef: earlier.captureId,
            amount: earlier.amount,
            card: null,
            savedCard: null,
          } as const;
        return yield* capture(request, orderId);
      }
      const basketId = request.metadata.basketId;
      const created = basketId ? yield* store.orderForBasket(basketId) : null;
      if (!created || orderId === '' || created.paypalOrderId !== orderId)
        return declined(
          'paypal_order_mismatch',
          'The PayPal order does not match the one created for this basket.',
        );
      if (created.amount !== request.amount || created.currency !== request.currency.toUpperCase())
        return declined(
          'processing_error',
          'Your basket changed after PayPal was opened. Please pay with PayPal again.',
        );
      const claim = yield* store.claim({
        idempotencyKey: request.idempotencyKey,
        paypalOrderId: orderId,
        amount: request.amount,
        currency: created.currency,
      });
      if (!claim) return declined('processing_error', 'This PayPal payment has already been used.');
      return yield* capture(request, orderId);
    });

  const captureState = (captureId: string) =>
    Effect.gen(function* () {
      const answer = yield* paypal.call('GET', `/v2/payments/captures/${encodeURIComponent(captureId)}`);
      if (answer.status === 404) return null;
      if (answer.status !== 200)
        return yield* Effect.fail(broken(`PayPal capture lookup answered ${answer.status}`));
      const made = answer.body as unknown as PayPalCapture;
      const state: PaymentState =
        made.status === 'PENDING'
          ? { status: 'pending', paymentRef: made.id }
          : made.status === 'DECLINED' || made.status === 'FAILED'
            ? { status: 'failed', paymentRef: made.id }
            : { status: 'succeeded', paymentRef: made.id, amount: minorUnits(made.amount), card: null };
      return state;
    });

  return {
    name: 'PayPal',
    createOrder: ({ basketId, amount, currency, description }) =>
      Effect.gen(function* () {
        const value = moneyToDecimal(money(amount, currency));
        const answer = yield* paypal.call('POST', '/v2/checkout/orders', {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: basketId,
              custom_id: basketId,
              description: description.slice(0, 127),
              amount: { currency_code: currency.toUpperCase(), value },
            },
          ],
        });
        const id = answer.body.id;
        if (answer.status !== 201 && answer.status !== 200)
          return yield* Effect.fail(broken(`PayPal refused the order (${issueOf(answer) ?? answer.status})`));
        if (typeof id !== 'string')
          return yield* Effect.fail(broken('PayPal answered an order without an id'));
        yield* store.rememberOrder(basketId, { paypalOrderId: id, amount, currency: currency.toUpperCase() });
        return { id };
      }),
    charge,
    retrieve: captureState,
    findByKey: (idempotencyKey) =>
      Effect.gen(function* () {
        const claim = yield* store.byKey(idempotencyKey);
        if (!claim) return null;
        if (claim.captureId) return yield* captureState(claim.captureId);
        // Claimed but no answer kept (a crash mid-call): PayPal's order tells whether it was captured.
        const answer = yield* paypal.call('GET', `/v2/checkout/orders/${claim.paypalOrderId}`);
        const made = answer.status === 200 ? captureOf(answer) : null;
        if (!made) return null;
        yield* store.captured(idempotencyKey, made.id);
        return yield* captureState(made.id);
      }),
    refund: (captureId, amount, idempotencyKey) =>
      Effect.gen(function* () {
        const found = yield* paypal.call('GET', `/v2/payments/captures/${encodeURIComponent(captureId)}`);
        const made = found.body as unknown as PayPalCapture;
        if (found.status !== 200) return yield* Effect.fail(broken(`PayPal capture ${captureId} not found`));
        const answer = yield* paypal.call(
          'POST',
          `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
          {
            amount: {
              currency_code: made.amount.currency_code,
              value: moneyToDecimal(money(amount, made.amount.currency_code)),
            },
          },
          idempotencyKey,
        );
        const id = answer.body.id;
        // A 4xx is PayPal's answer about this money (fully refunded, more than is left): final.
        if (answer.status >= 400 && answer.status < 500 && answer.status !== 409 && answer.status !== 429)
          return yield* Effect.fail(
            new RefundDeclined({
              gateway: 'PayPal',
              detail: `PayPal refused the refund (${issueOf(answer) ?? answer.status})`,
            }),
          );
        if ((answer.status !== 201 && answer.status !== 200) || typeof id !== 'string')
          return yield* Effect.fail(
            broken(`PayPal refused the refund (${issueOf(answer) ?? answer.status})`),
          );
        return { refundRef: id };
      }),
    // PayPal keeps the buyer's wallet itself: nothing is saved with Foyer.
    savedCards: () => Effect.succeed([]),
    deleteSavedCard: () => Effect.void,
  };
};

/** The PayPal gateway when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are set, else null. */
export const paypalFromConfig = (config: Config, store: PayPalStore): PayPalGateway | null =>
  config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET
    ? paypalGateway(
        {
          clientId: config.PAYPAL_CLIENT_ID,
          clientSecret: config.PAYPAL_CLIENT_SECRET,
          apiBase: config.PAYPAL_API_BASE,
        },
        store,
      )
    : null;
