import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import { ledgerOf, oweCredit, paidOrder } from '../../postgres/orders/refunds/test-refunds.ts';
import { browser, checkoutBody, type Browser } from '../checkout/test-browser.ts';
import { signedIn, staffOfRole } from '../checkout/test-people.ts';
import { RefundableAnswer, RefundAnswer } from '../contract/refunds.ts';

// The refund calls as the refund dialog makes them: a supervisor refunds a web card order's
// credit through the offline processor; a seller may not; refusals are 400s in words that change
// nothing; a state change without the CSRF header is refused.

let api: TestApi;
let db: Knex;
let supervisor: Browser;

beforeAll(async () => {
  api = await createTestApi();
  db = api.db;
  supervisor = await staffOfRole(api.server, db, 'BoxOfficeSupervisor');
});
afterAll(async () => {
  await api?.close();
});

/** A web order of two seats paid by a test card through the offline processor. */
const webCardOrder = async () => {
  const buyer = await browser(api.server);
  const eventId = await saleEventId(db, 'HAMLET', 3);
  const seats = await plainOpenSeats(db, eventId, 2);
  expect(
    (
      await buyer.holdSeats(
        eventId,
        seats.map((s) => s.key),
      )
    ).status,
  ).toBe(200);
  const paid = await buyer.checkout(checkoutBody(await buyer.token('4242424242424242')));
  expect(paid.status, paid.raw).toBe(200);
  const orderId = (paid.body.OrderId ?? paid.body.Order?.ID ?? paid.body.ID) as number;
  const payment = await db('payments').where({ order_id: orderId }).first();
  return { orderId, payment };
};

describe('PUT /api/admin/payments/refund', () => {
  test("a card order's credit goes back to the card: the refund, the balance, the dialog's view", async () => {
    const { orderId, payment } = await webCardOrder();
    await oweCredit(db, orderId, 1_000);

    const view = await supervisor.call('GET', `/api/admin/orders/${orderId}/refundable`);
    expect(view.status, view.raw).toBe(200);
    expect(RefundableAnswer.parse(view.body)).toMatchObject({
      RemainingBalance: -1_000,
      Payments: [
        {
          Id: payment.id,
          Amount: payment.amount,
          Refundable: payment.amount,
          PaymentType: 'CreditCard',
          Label: expect.stringContaining('ending 4242'),
        },
      ],
      Suggested: [{ PaymentId: payment.id, Amount: 1_000 }],
    });

    const res = await supervisor.call('PUT', '/api/admin/payments/refund', {
      orderId,
      paymentId: payment.id,
      amount: 1_000,
      gsRequestId: 'dialog-1',
      alternativePaymentRequest: null,
    });
    expect(res.status, res.raw).toBe(200);
    expect(RefundAnswer.parse(res.body)).toEqual({
      Order: { ID: orderId },
      Refunds: [
        {
          RefundId: expect.any(Number),
          PaymentId: payment.id,
          Amount: 1_000,
          RefundType: 'CreditCard',
          Status: 'succeeded',
        },
      ],
      BalanceDue: 0,
    });
    const offline = await db('offline_payments').where({ ref: payment.payment_ref }).first();
    expect(offline.refunded).toBe(1_000);
    const row = await db('refunds').where({ id: res.body.Refunds[0].RefundId }).first();
    expect(row).toMatchObject({
      staff_name: 'Test BoxOfficeSupervisor',
      counter: 'Browser',
      gateway: 'Offline',
    });
    // The session plugin audits the change on the order.
    expect(
      await db('audit_log').where({ order_id: orderId, action: 'PUT /api/admin/payments/refund' }),
    ).toEqual([
      expect.objectContaining({ status: 200, actor: expect.stringContaining('boxofficesupervisor') }),
    ]);
  });

  test('refusals are 400s that say why and change nothing; a seller is 403; no CSRF header is refused', async () => {
    const sale = await paidOrder(db, [{ paymentType: 'Cash', amount: 5_000 }]);
    await oweCredit(db, sale.orderId, 2_000);
    const before = await ledgerOf(db, sale.orderId);
    const refund = (who: Browser, body: Record<string, unknown>) =>
      who.call('PUT', '/api/admin/payments/refund', {
        orderId: sale.orderId,
        paymentId: sale.paymentIds[0],
        ...body,
      });

    const over = await refund(supervisor, { amount: 2_500 });
    expect(over).toMatchObject({
      status: 400,
      body: { Code: 'MoreThanOwed', Message: 'The refund cannot be more than the credit owed ($20.00).' },
    });
    expect((await refund(supervisor, { amount: 0 })).status).toBe(400);
    expect((await refund(supervisor, { amount: 10.5 })).status).toBe(400);
    const other = await paidOrder(db, [{ paymentType: 'Cash', amount: 100 }]);
    expect(await refund(supervisor, { amount: 100, paymentId: other.paymentIds[0] })).toMatchObject({
      status: 400,
      body: { Code: 'NotRefundable' },
    });
    expect(
      (
        await supervisor.call('PUT', '/api/admin/payments/refund', {
          orderId: 99_999_999,
          paymentId: 1,
          amount: 100,
        })
      ).status,
    ).toBe(404);
    const seller = await staffOfRole(api.server, db, 'Seller');
    expect((await refund(seller, { amount: 1_000 })).status).toBe(403);
    expect((await refund(await signedIn(api.server, null), { amount: 1_000 })).status).toBe(401);
    const noCsrf = await supervisor.call(
      'PUT',
      '/api/admin/payments/refund',
      { orderId: sale.orderId, paymentId: sale.paymentIds[0], amount: 1_000 },
      { 'x-csrf-token': '' },
    );
    expect(noCsrf.status).toBe(403);
    expect(await db('refunds').where({ order_id: sale.orderId })).toEqual([]);
    expect(await ledgerOf(db, sale.orderId)).toEqual(before);

    // Cash from the till, within the limits: done.
    const done = await refund(supervisor, {
      amount: 2_000,
      alternativePaymentRequest: { PaymentType: 'Cash' },
      counter: 'Window 2',
    });
    expect(done.status, done.raw).toBe(200);
    expect(done.body).toMatchObject({
      Refunds: [{ RefundType: 'Cash', Status: 'succeeded' }],
      BalanceDue: 0,
    });
  });

  test('GET refundable: 404 for no such order, 403 for a seller', async () => {
    expect((await supervisor.call('GET', '/api/admin/orders/99999999/refundable')).status).toBe(404);
    const seller = await staffOfRole(api.server, db, 'Seller');
    expect((await seller.call('GET', '/api/admin/orders/1/refundable')).status).toBe(403);
  });
});
