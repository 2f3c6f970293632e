import { createHmac, randomBytes } from 'node:crypto';
import { Effect } from 'effect';
import type { Config } from '../config.ts';
import {
  GatewayUnavailable,
  type ChargeOutcome,
  type ChargeRequest,
  type PaymentGatewayShape,
  type PaymentState,
} from '../../core/payments/ports.ts';
import {
  orderCodeOf,
  worldPayAmount,
  worldPayMacValid,
  worldPayReturnOf,
} from '../../core/payments/worldpay-mac.ts';
import { worldPayClient, type WorldPaySettings } from './client.ts';
import type { WorldPayStore } from './store.ts';
import {
  cancelOrRefundXml,
  elementAttribute,
  elementText,
  inquiryXml,
  orderXml,
  refundXml,
  replyError,
} from './xml.ts';

// WorldPay's hosted payment page (WPG hosted integration). The flow:
// 1. POST /api/worldpay: `createOrder` sends an XML order for the basket total and answers the
//    hosted page URL with our result URLs (successURL, failureURL, cancelURL, pendingURL,
//    errorURL) appended; the buyer pays on WorldPay's page.
// 2. WorldPay sends the buyer back to /checkout/orderProcessing with orderKey, paymentStatus,
//    paymentAmount, paymentCurrency and mac2 (HMAC-SHA256 with the MAC secret).
// 3. POST /api/checkout with PaymentType WorldPay and WorldPayData: `charge` moves no money: it
//    verifies the MAC (a bad one is declined 'authentication_failed', never an order), checks the
//    order is ours, for this basket, amount and currency equal, and claims the payment for this
//    checkout's key (one payment, one order).
// Capture: Foyer sends no capture message; set the installation to capture automatically in
// WorldPay's merchant admin (capture delay 0), as box offices selling for immediate entry do.
// A payment whose amount no longer matches the basket is voided (cancelOrRefund), never kept.

export interface HostedOrder {
  readonly basketId: string;
  readonly amount: number;
  readonly currency: string;
  readonly description: string;
  readonly shopperEmail: string | null;
  /** Where WorldPay returns the buyer: result (success, failure, cancel, pending) and error. */
  readonly resultUrl: string;
  readonly errorUrl: string;
}

export interface WorldPayGateway extends PaymentGatewayShape {
  readonly createOrder: (
    order: HostedOrder,
  ) => Effect.Effect<{ readonly url: string; readonly orderCode: string }, GatewayUnavailable>;
}

const declined = (
  code: Extract<ChargeOutcome, { status: 'declined' }>['code'],
  message: string,
  paymentRef: string | null = null,
): ChargeOutcome => ({ status: 'declined', paymentRef, code, message });

const broken = (detail: string) => new GatewayUnavailable({ gateway: 'WorldPay', detail });

/** lastEvent of an order inquiry as a payment state. */
const stateOf = (orderKey: string, lastEvent: string, amount: number): PaymentState => {
  if (
    [
      'AUTHORISED',
      'CAPTURED',
      'SETTLED',
      'SETTLED_BY_MERCHANT',
      'SENT_FOR_REFUND',
      'REFUNDED',
      'REFUNDED_BY_MERCHANT',
    ].includes(lastEvent)
  )
    return { status: 'succeeded', paymentRef: orderKey, amount, card: null };
  if (lastEvent === 'REFUSED' || lastEvent === 'ERROR') return { status: 'failed', paymentRef: orderKey };
  if (lastEvent === 'CANCELLED') return { status: 'canceled', paymentRef: orderKey };
  return { status: 'pending', paymentRef: orderKey };
};

export const worldpayGateway = (settings: WorldPaySettings, store: WorldPayStore): WorldPayGateway => {
  const worldpay = worldPayClient(settings);
  const hmacHex = (message: string) => createHmac('sha256', settings.macSecret).update(message).digest('hex');

  const charge = (request: ChargeRequest): Effect.Effect<ChargeOutcome, GatewayUnavailable> =>
    Effect.gen(function* () {
      const back = worldPayReturnOf(request.worldPayData ?? {});
      if (!back) return declined('authentication_failed', "WorldPay's answer is incomplete.");
      if (!worldPayMacValid(back, hmacHex))
        return declined('authentication_failed', "WorldPay's answer could not be verified.");
      const [, merchant] = back.orderKey.split('^');
      const order =
        merchant === settings.merchantCode ? yield* store.byCode(orderCodeOf(back.orderKey)) : null;
      if (!order) return declined('authentication_failed', 'This WorldPay payment is not one of ours.');
      if (order.basketId !== request.metadata.basketId)
        return declined(
          'processing_error',
          'This WorldPay payment was made for another basket.',
          back.orderKey,
        );
      if (back.paymentStatus === null)
        return declined('card_declined', 'The payment was cancelled.', back.orderKey);
      if (back.paymentStatus === 'REFUSED')
        return declined('card_declined', 'WorldPay refused the payment.', back.orderKey);
      if (back.paymentStatus !== 'AUTHORISED')
        return declined(
          'processing_error',
          `The payment is ${back.paymentStatus.toLowerCase()}.`,
          back.orderKey,
        );
      const paid = worldPayAmount(back.amount);
      if (
        paid !== order.amount ||
        paid !== request.amount ||
        back.currency !== order.currency ||
        back.currency !== request.currency.toUpperCase()
      ) {
        // The basket changed while the buyer was at WorldPay: this payment can never buy it.
        // Void it (claimed under a key no checkout uses), so the buyer is not charged for nothing.
        if (yield* store.claim(order.orderCode, back.orderKey, `void:${order.orderCode}`))
          yield* Effect.ignore(worldpay.send(cancelOrRefundXml(settings.merchantCode, order.orderCode)));
        return declined(
          'processing_error',
          'The amount paid does not match your basket. Nothing was taken; please pay again.',
          back.orderKey,
        );
      }
      if (!(yield* store.claim(order.orderCode, back.orderKey, request.idempotencyKey)))
        return declined('processing_error', 'This WorldPay payment has already been used.', back.orderKey);
      return {
        status: 'succeeded',
        paymentRef: back.orderKey,
        amount: paid,
        card: null,
        savedCard: null,
      } as const;
    });

  const retrieve = (orderKey: string) =>
    Effect.gen(function* () {
      const reply = yield* worldpay.send(inquiryXml(settings.merchantCode, orderCodeOf(orderKey)));
      const error = replyError(reply);
      if (error?.code === '5') return null; // order not found
      if (error) return yield* Effect.fail(broken(`inquiry: ${error.message}`));
      const lastEvent = elementText(reply, 'lastEvent');
      if (lastEvent === null) return { status: 'pending', paymentRef: orderKey } as const;
      return stateOf(orderKey, lastEvent, Number(elementAttribute(reply, 'amount', 'value') ?? 0));
    });

  return {
    name: 'WorldPay',
    createOrder: (o) =>
      Effect.gen(function* () {
        // Unique per merchant, at most 64 characters; readable in WorldPay's merchant admin.
        const orderCode = `FOYER-${Date.now().toString(36).toUpperCase()}-${randomBytes(6).toString('hex').toUpperCase()}`;
        yield* store.remember({
          orderCode,
          basketId: o.basketId,
          amount: o.amount,
          currency: o.currency.toUpperCase(),
        });
        const reply = yield* worldpay.send(
          orderXml({
            merchantCode: settings.merchantCode,
            installationId: settings.installationId,
            orderCode,
            description: o.description,
            amount: o.amount,
            currency: o.currency.toUpperCase(),
            shopperEmail: o.shopperEmail,
          }),
        );
        const error = replyError(reply);
        if (error) return yield* Effect.fail(broken(`order refused (${error.code}): ${error.message}`));
        const reference = elementText(reply, 'reference');
        if (!reference) return yield* Effect.fail(broken('order answer without a payment page'));
        const url = new URL(reference);
        for (const name of ['successURL', 'failureURL', 'cancelURL', 'pendingURL'])
          url.searchParams.set(name, o.resultUrl);
        url.searchParams.set('errorURL', o.errorUrl);
        return { url: url.toString(), orderCode };
      }),
    charge,
    retrieve,
    findByKey: (idempotencyKey) =>
      Effect.gen(function* () {
        const order = yield* store.byKey(idempotencyKey);
        return order?.orderKey ? yield* retrieve(order.orderKey) : null;
      }),
    refund: (orderKey, amount, idempotencyKey) =>
      Effect.gen(function* () {
        const orderCode = orderCodeOf(orderKey);
        const order = yield* store.byCode(orderCode);
        if (!order) return yield* Effect.fail(broken(`no WorldPay order ${orderCode}`));
        const refundRef = `${orderCode}/refund/${idempotencyKey}`;
        const start = yield* store.startRefund(idempotencyKey, orderCode, amount);
        if (start === 'sent') return { refundRef };
        if (start === 'unknown')
          return yield* Effect.fail(
            broken(`refund ${refundRef} may have been sent: check it in WorldPay first`),
          );
        const reply = yield* worldpay.send(
          refundXml(settings.merchantCode, orderCode, amount, order.currency),
        );
        const error = replyError(reply);
        if (error || elementAttribute(reply, 'refundReceived', 'orderCode') !== orderCode) {
          yield* store.refundRefused(idempotencyKey);
          return yield* Effect.fail(broken(`refund refused: ${error?.message ?? 'no refundReceived'}`));
        }
        yield* store.refundSent(idempotencyKey);
        return { refundRef };
      }),
    // WorldPay's hosted page keeps no cards with Foyer.
    savedCards: () => Effect.succeed([]),
    deleteSavedCard: () => Effect.void,
  };
};

/** The WorldPay gateway when its four settings are set (config checks they come together), else null. */
export const worldpayFromConfig = (config: Config, store: WorldPayStore): WorldPayGateway | null =>
  config.WORLDPAY_MERCHANT_CODE &&
  config.WORLDPAY_XML_PASSWORD &&
  config.WORLDPAY_INSTALLATION_ID &&
  config.WORLDPAY_MAC_SECRET
    ? worldpayGateway(
        {
          merchantCode: config.WORLDPAY_MERCHANT_CODE,
          xmlPassword: config.WORLDPAY_XML_PASSWORD,
          installationId: config.WORLDPAY_INSTALLATION_ID,
          macSecret: config.WORLDPAY_MAC_SECRET,
          serviceUrl: config.WORLDPAY_URL,
        },
        store,
      )
    : null;
