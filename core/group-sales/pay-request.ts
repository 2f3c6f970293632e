import { Effect } from 'effect';
import {
  CheckoutInvalid,
  IdempotencyKeyReused,
  PaymentDeclined,
  PaymentGatewayDown,
  PaymentRequiresAction,
} from '../orders/errors.ts';
import { PaymentGateways, type CardFacts } from '../payments/ports.ts';
import { PaymentLinkUnauthorized, PaymentRequestClosed } from './errors.ts';
import {
  checkPayer,
  codeMatches,
  groupOrderRef,
  mayPay,
  type PayerForm,
  type PaymentRequest,
} from './payment-request.ts';
import { PaymentRequests, type GroupPayment } from './ports.ts';

// Paying a group's payment request by card, through the card gateway checkout uses (the offline
// test processor, or Stripe). As checkout does (core/orders/checkout/payment-attempt.ts), the attempt is
// saved with the browser's idempotency key before the gateway is called, and the gateway is
// called with that key: a retry or the resubmission after 3-D Secure never charges twice.

/** The request behind a link, when the code is its code. */
export const requestByLink = (requestId: number, paymentCode: string) =>
  Effect.gen(function* () {
    const request = yield* (yield* PaymentRequests).find(requestId);
    if (!request || !codeMatches(request.paymentCode, paymentCode))
      return yield* Effect.fail(new PaymentLinkUnauthorized({ requestId }));
    return request;
  });

export interface PayRequest {
  readonly requestId: number;
  readonly paymentCode: string;
  readonly idempotencyKey: string;
  readonly payer: PayerForm;
  /** The browser's card token; null on the resubmission after 3-D Secure. */
  readonly token: string | null;
  /** The gateway payment the buyer authenticated (the 422's PaymentIntentId). */
  readonly paymentIntentId: string | null;
  readonly card: CardFacts | null;
  /** WorldPay's return parameters (orderKey, paymentStatus, paymentAmount, paymentCurrency, mac2). */
  readonly worldPayData?: Readonly<Record<string, string>> | null;
}

const succeeded = (payment: GroupPayment) => ({ paymentId: payment.id });

/** Why a charge made while another payment paid the same request was given back. */
export const LOST_RACE_REFUNDED =
  'Another payment paid this request first; this charge was refunded in full at once.';
const lostRaceRefundFailed = (why: string) =>
  `Another payment paid this request first; refunding this charge failed (${why}): give it back from the gateway's dashboard.`;

export const payRequest = (cmd: PayRequest) =>
  Effect.gen(function* () {
    const requests = yield* PaymentRequests;
    const request: PaymentRequest = yield* requestByLink(cmd.requestId, cmd.paymentCode);
    if (!mayPay(request.status)) {
      // A retry of the attempt that paid it answers that payment again.
      const paid = yield* requests.paidBy(request.id);
      if (paid && paid.idempotencyKey === cmd.idempotencyKey) return succeeded(paid);
      return yield* Effect.fail(
        new PaymentRequestClosed({ requestId: request.id, status: request.status as 'paid' | 'cancelled' }),
      );
    }
    const problem = checkPayer(cmd.payer);
    if (problem)
      return yield* Effect.fail(new CheckoutInvalid({ code: problem.code, fields: problem.fields }));
    const worldPay = cmd.worldPayData ?? null;
    if (!worldPay && !cmd.token && !cmd.paymentIntentId)
      return yield* Effect.fail(new CheckoutInvalid({ code: 'reqAllFields', fields: ['Token'] }));

    const gateways = yield* PaymentGateways;
    const gateway = worldPay ? gateways.worldpay : gateways.card;
    if (!gateway) return yield* Effect.fail(new PaymentGatewayDown({ gateway: 'WorldPay' }));
    const started = yield* requests.startPayment({
      requestId: request.id,
      idempotencyKey: cmd.idempotencyKey,
      gateway: gateway.name,
      amount: request.amount,
      currency: request.currency,
      card: cmd.card,
      payerName: `${cmd.payer.firstName.trim()} ${cmd.payer.lastName.trim()}`,
      payerEmail: cmd.payer.email.trim(),
    });
    if ('otherRequest' in started)
      return yield* Effect.fail(new IdempotencyKeyReused({ idempotencyKey: cmd.idempotencyKey }));
    const payment = started.payment;
    if (payment.status === 'succeeded') return succeeded(payment);

    const outcome = yield* gateway
      .charge({
        idempotencyKey: payment.idempotencyKey,
        amount: payment.amount,
        currency: payment.currency,
        description: request.description,
        token: cmd.paymentIntentId ? null : cmd.token,
        savedCardId: null,
        paymentRef: cmd.paymentIntentId,
        saveCardFor: null,
        // The bank's page says it is done; the payment page resubmits (web/src/features/payment-links/).
        returnUrl: null,
        metadata: {
          groupPaymentId: String(payment.id),
          gsRequestId: String(request.id),
          basketId: groupOrderRef(request.id),
        },
        worldPayData: worldPay,
      })
      .pipe(
        Effect.catchTag('GatewayUnavailable', () =>
          Effect.fail(new PaymentGatewayDown({ gateway: gateway.name })),
        ),
      );

    switch (outcome.status) {
      case 'succeeded': {
        const marked = yield* requests.markPaid(payment.id, outcome.paymentRef, outcome.card ?? cmd.card);
        if (marked === 'alreadyPaid') {
          // Another attempt paid the request first: this money goes back at once, and the payment
          // says so (it would otherwise stay pending, looking like money still on its way).
          const refunded = yield* Effect.result(
            gateway.refund(outcome.paymentRef, outcome.amount, `${payment.idempotencyKey}:refund`),
          );
          if (refunded._tag === 'Success')
            yield* requests.markLost(payment.id, 'refunded', outcome.paymentRef, LOST_RACE_REFUNDED);
          else
            yield* requests.markLost(
              payment.id,
              'failed',
              outcome.paymentRef,
              lostRaceRefundFailed(refunded.failure._tag),
            );
          return yield* Effect.fail(new PaymentRequestClosed({ requestId: request.id, status: 'paid' }));
        }
        return succeeded(payment);
      }
      case 'requires_action':
        yield* requests.recordOutcome(payment.id, 'requires_action', outcome.paymentRef);
        return yield* Effect.fail(
          new PaymentRequiresAction({
            paymentRef: outcome.paymentRef,
            clientSecret: outcome.clientSecret,
            actionUrl: outcome.actionUrl,
          }),
        );
      case 'declined':
        yield* requests.recordOutcome(payment.id, 'declined', outcome.paymentRef);
        return yield* Effect.fail(new PaymentDeclined({ code: outcome.code, message: outcome.message }));
    }
  });

/** A payment's confirmation, for whoever holds its request's link (or staff). */
export const paymentConfirmation = (paymentId: number, paymentCode: string | null) =>
  Effect.gen(function* () {
    const requests = yield* PaymentRequests;
    const payment = yield* requests.payment(paymentId);
    if (!payment || payment.status !== 'succeeded')
      return yield* Effect.fail(new PaymentLinkUnauthorized({ requestId: 0 }));
    const request =
      paymentCode === null
        ? yield* requests.find(payment.requestId)
        : yield* requestByLink(payment.requestId, paymentCode);
    if (!request) return yield* Effect.fail(new PaymentLinkUnauthorized({ requestId: payment.requestId }));
    return { payment, request };
  });
