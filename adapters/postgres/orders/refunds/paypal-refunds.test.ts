import { Effect } from 'effect';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../../test/api-server.ts';
import { saleEventId } from '../../../../test/basket.ts';
import { startPayPalStandIn, type PayPalStandIn } from '../../../../test/stand-ins/paypal/server.ts';
import { holdSeats, shopper } from '../../../../test/stand-ins/paypal/shopper.ts';
import { refundOrder } from '../../../../core/orders/refunds/refund-order.ts';
import { PayPalOrderAnswer } from '../../../http/contract/hosted-payments.ts';
import { paypalFromConfig } from '../../../paypal/gateway.ts';
import { makeAppRuntime, type AppRuntime } from '../../../wiring.ts';
import { payPalStorePostgres } from '../../payments/paypal-store.ts';
import { ledgerOf, oweCredit, paidOrder } from './test-refunds.ts';

// A PayPal payment's refund goes back through PayPal (the loopback stand-in), to the capture it
// came from, under the refund's own key.

let api: TestApi;
let paypal: PayPalStandIn;
let runtime: AppRuntime;

beforeAll(async () => {
  paypal = await startPayPalStandIn({ clientId: 'foyer-client', clientSecret: 'foyer-secret' });
  api = await createTestApi({
    env: {
      PAYPAL_CLIENT_ID: 'foyer-client',
      PAYPAL_CLIENT_SECRET: 'foyer-secret',
      PAYPAL_API_BASE: paypal.url,
    },
  });
  runtime = makeAppRuntime({ db: api.db, config: api.config });
});
afterAll(async () => {
  await runtime?.dispose();
  await api?.close();
  await paypal?.close();
});

/** A capture at PayPal for a basket's total: what a PayPal checkout leaves behind. */
const capturedAtPayPal = async () => {
  const b = await shopper(api.server);
  const basket = await holdSeats(api.db, b, await saleEventId(api.db, 'HAMLET', 2), 1, 0);
  const made = await b.call('POST', '/api/paypal/createPayPalOrder');
  const payPalOrderId = PayPalOrderAnswer.parse(made.body).id;
  paypal.approve(payPalOrderId);
  const gateway = paypalFromConfig(api.config, payPalStorePostgres(api.db))!;
  const paid = await Effect.runPromise(
    gateway.charge({
      idempotencyKey: `key-${payPalOrderId}`,
      amount: basket.Total,
      currency: basket.IsoCurrencyCode,
      description: 'Foyer order',
      token: payPalOrderId,
      savedCardId: null,
      paymentRef: null,
      saveCardFor: null,
      returnUrl: null,
      metadata: { basketId: basket.ID },
    }),
  );
  if (paid.status !== 'succeeded') throw new Error(`PayPal capture: ${paid.status}`);
  return { captureId: paid.paymentRef, amount: basket.Total as number };
};

test("the order's credit goes back to the PayPal capture, once", async () => {
  const { captureId, amount } = await capturedAtPayPal();
  const sale = await paidOrder(api.db, [{ paymentType: 'PayPal', amount }]);
  await api
    .db('payments')
    .where({ id: sale.paymentIds[0] })
    .update({ gateway: 'PayPal', payment_ref: captureId });
  await oweCredit(api.db, sale.orderId, 150);
  const before = paypal.refundCount();

  const actor = { staffUserId: null, name: 'cli:test', counter: null };
  const result = await runtime.runPromise(
    refundOrder({ orderId: sale.orderId, amount: 'credit', reason: null, actor }),
  );
  expect(result).toEqual({
    refunds: [expect.objectContaining({ amount: 150, refundType: 'PayPal', status: 'succeeded' })],
    balanceDue: 0,
  });
  expect(paypal.refundCount()).toBe(before + 1);
  const row = await api.db('refunds').where({ order_id: sale.orderId }).first();
  expect(row).toMatchObject({ gateway: 'PayPal', status: 'succeeded', refund_ref: expect.any(String) });
  expect(await ledgerOf(api.db, sale.orderId)).toMatchObject({ refunded: 150, balance_due: 0 });

  await runtime.runPromise(refundOrder({ orderId: sale.orderId, amount: 'credit', reason: null, actor }));
  expect(paypal.refundCount()).toBe(before + 1);
});
