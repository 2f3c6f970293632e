import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import { checkoutBody, type Browser } from '../checkout/test-browser.ts';
import { signedIn, staffOfRole } from '../checkout/test-people.ts';
import {
  BalancePaymentAnswer,
  CounterCheckoutAnswer,
  InvoiceAnswer,
  OrderBalanceAnswer,
  PrecheckAnswer,
} from '../contract/counter.ts';

// The counter through the HTTP API on a real database: a staff basket becomes an order and its
// payments are taken (cash with change, check, comp within its type's limit, custom types, a
// split tender, an invoice paid later), never over- or under-paid, once per IdempotencyKey.

let api: TestApi;
let db: Knex;
let eventId: number;
let nextSeat = 0;
let clerk: Browser;

beforeAll(async () => {
  api = await createTestApi({ env: { BASKET_HOLD_MINUTES: '10' } });
  db = api.db;
  eventId = await saleEventId(db, 'HAMLET', 3);
  clerk = await signedIn(api.server, 'boxoffice@foyer.local');
});
afterAll(async () => {
  await api?.close();
});

/** Holds `count` fresh seats in b's basket on the box-office channel; the basket's total. */
const holdFresh = async (b: Browser, count = 1) => {
  const seats = await plainOpenSeats(db, eventId, count, nextSeat);
  nextSeat += count;
  const held = await b.call('POST', '/api/baskets/additems', {
    eventId,
    salesChannel: 'BoxOffice',
    basketItems: seats.map((s) => ({ Key: s.key })),
  });
  expect(held.status).toBe(200);
  return { basketId: b.basketId()!, total: held.body.Total as number };
};

const pos = (b: Browser, fields: Record<string, unknown>) =>
  b.call('POST', '/api/checkout/pos', checkoutBody(null, fields));

const pay = (b: Browser, fields: Record<string, unknown>) =>
  b.call('POST', '/api/admin/payments', { IdempotencyKey: randomUUID(), ...fields });

const balanceOf = async (b: Browser, orderId: number) => {
  const res = await b.call('GET', `/api/admin/orders/${orderId}/balance`);
  expect(res.status).toBe(200);
  return OrderBalanceAnswer.parse(res.body);
};

const paymentRow = (id: number) => db('payments').where({ id }).first();
const compTypeId = async (name: string) => (await db('comp_types').where({ name }).first('id')).id as number;
const methodId = async (name: string) =>
  (await db('payment_methods').where({ name }).first('id')).id as number;
const counts = async () => ({
  orders: Number((await db('orders').count({ n: '*' }))[0]!.n),
  payments: Number((await db('payments').count({ n: '*' }))[0]!.n),
});

describe('one payment for the whole order', () => {
  test('a walk-up customer assigned to the basket is all the counter needs: no billing address, no terms', async () => {
    const { total } = await holdFresh(clerk, 2);
    const made = await clerk.call('POST', '/api/admin/customers', {
      FirstName: 'Wally',
      LastName: 'Walkup',
      Email: `walkup-${randomUUID().slice(0, 8)}@example.com`,
    });
    expect(made.status).toBe(200);
    const customerId = made.body.CustomerId as number;
    expect((await clerk.call('PUT', `/api/admin/baskets/updatecustomer/${customerId}`)).status).toBe(200);
    const res = await clerk.call('POST', '/api/checkout/pos', {
      IdempotencyKey: randomUUID(),
      PaymentType: 'Cash',
      AmountTendered: total,
    });
    expect(res.status, res.raw).toBe(200);
    const order = await db('orders')
      .where({ id: CounterCheckoutAnswer.parse(res.body).Order.ID })
      .first();
    expect(order).toMatchObject({ customer_id: customerId, first_name: 'Wally', last_name: 'Walkup' });
  });

  test('an anonymous walk-up sale in cash: no customer, no details; the tickets are handed over at the counter', async () => {
    const { basketId, total } = await holdFresh(clerk, 2);
    const res = await clerk.call('POST', '/api/checkout/pos', {
      IdempotencyKey: randomUUID(),
      PaymentType: 'Cash',
      AmountTendered: total,
    });
    expect(res.status, res.raw).toBe(200);
    const order = await db('orders as o')
      .join('delivery_methods as d', 'd.id', 'o.delivery_method_id')
      .where('o.id', CounterCheckoutAnswer.parse(res.body).Order.ID)
      .first('o.customer_id', 'o.email', 'd.display_name', 'd.type');
    expect(order).toEqual({
      customer_id: null,
      email: null,
      display_name: 'Hand over at the counter',
      type: 'PointOfSale',
    });
    expect(await db('baskets').where({ id: basketId }).first('status')).toEqual({ status: 'Completed' });
  });

  test('a counter sale for e-tickets still needs the e-mail they go to', async () => {
    const other = await signedIn(api.server, 'boxoffice@foyer.local');
    const { basketId, total } = await holdFresh(other, 1);
    const eTicket = await db('delivery_methods').where({ type: 'Email' }).first('id');
    expect((await other.call('PUT', `/api/baskets/changedeliverymethod/${eTicket.id}`)).status).toBe(200);
    const res = await other.call('POST', '/api/checkout/pos', {
      IdempotencyKey: randomUUID(),
      PaymentType: 'Cash',
      AmountTendered: total,
    });
    expect(res.status).toBe(400);
    expect(res.body.Fields).toEqual(['Email']);
    expect(await db('baskets').where({ id: basketId }).first('delivery_method_id')).toEqual({
      delivery_method_id: eTicket.id,
    });
  });

  test("the staff basket is handed over at the counter by default; a clerk's own choice is kept", async () => {
    const other = await signedIn(api.server, 'boxoffice@foyer.local');
    await holdFresh(other, 1);
    const handOver = await db('delivery_methods')
      .where({ display_name: 'Hand over at the counter' })
      .first('id');
    const which = await other.call('GET', '/api/admin/baskets/counterdelivery');
    expect(which.body).toEqual({ DeliveryMethodID: handOver.id });
    const set = await other.call('PUT', '/api/admin/baskets/counterdelivery');
    expect(set.status, set.raw).toBe(200);
    expect(set.body.DeliveryMethodID).toBe(handOver.id);
    const post = await db('delivery_methods').where({ type: 'Mail' }).first('id');
    expect((await other.call('PUT', `/api/baskets/changedeliverymethod/${post.id}`)).status).toBe(200);
    const again = await other.call('PUT', '/api/admin/baskets/counterdelivery');
    expect(again.body.DeliveryMethodID).toBe(post.id);
    const anonymous = await signedIn(api.server, null);
    expect((await anonymous.call('PUT', '/api/admin/baskets/counterdelivery')).status).toBe(401);
  });

  test('a customer at the web checkout still fills in the billing form', async () => {
    const buyer = await signedIn(api.server, null);
    const seats = await plainOpenSeats(db, eventId, 1, nextSeat++);
    const held = await buyer.call('POST', '/api/baskets/additems', {
      eventId,
      salesChannel: 'Web',
      basketItems: seats.map((s) => ({ Key: s.key })),
    });
    expect(held.status).toBe(200);
    const res = await buyer.call('POST', '/api/checkout', {
      IdempotencyKey: randomUUID(),
      PaymentType: 'CreditCard',
      Token: 'tok_missing',
      FirstName: 'Web',
      LastName: 'Buyer',
    });
    expect(res.status).toBe(400);
    expect(res.body.Fields).toEqual(expect.arrayContaining(['Email', 'AcceptTermsOfService']));
  });

  test('cash: the change due is what was handed over beyond the total; who took it and where is kept', async () => {
    const { basketId, total } = await holdFresh(clerk, 2);
    expect(total).toBeGreaterThan(0);
    const res = await pos(clerk, { PaymentType: 'Cash', AmountTendered: total + 1234, Counter: 'Window 2' });
    expect(res.status).toBe(200);
    const answer = CounterCheckoutAnswer.parse(res.body);
    expect(answer).toMatchObject({ Order: { Total: total }, BalanceDue: 0, ChangeDue: 1234 });
    expect(await paymentRow(answer.PaymentID)).toMatchObject({
      order_id: answer.Order.ID,
      kind: 'checkout',
      status: 'succeeded',
      gateway: 'None',
      payment_type: 'Cash',
      amount: total,
      amount_tendered: total + 1234,
      change_due: 1234,
      seller_name: 'Bo Boxoffice',
      counter: 'Window 2',
    });
    expect(await db('baskets').where({ id: basketId }).first('status')).toEqual({ status: 'Completed' });
    const audit = await db('audit_log').where({ order_id: answer.Order.ID }).first('action', 'status');
    expect(audit).toEqual({ action: 'POST /api/checkout/pos', status: 200 });
  });

  test('cash handed over short of the amount is refused, naming AmountTendered, and nothing is sold', async () => {
    const { basketId, total } = await holdFresh(clerk);
    const before = await counts();
    const res = await pos(clerk, { PaymentType: 'Cash', AmountTendered: total - 1 });
    expect(res.status).toBe(400);
    expect(res.body.Fields).toEqual(['AmountTendered']);
    expect(await counts()).toEqual(before);
    expect(await db('baskets').where({ id: basketId }).first('status')).toEqual({ status: 'Active' });
  });

  test('check: issuer and number are required and kept; the counter defaults to Browser', async () => {
    const { total } = await holdFresh(clerk);
    const missing = await pos(clerk, { PaymentType: 'Check', CheckNumber: '1001' });
    expect(missing.status).toBe(400);
    expect(missing.body.Fields).toEqual(['CheckIssuer']);
    const res = await pos(clerk, {
      PaymentType: 'Check',
      CheckIssuer: 'First Bank',
      CheckNumber: '1001',
      CheckAmount: total,
      ObscureTicketPriceOnPrint: true,
      OrderNote: 'Pick up at window',
    });
    expect(res.status).toBe(200);
    const answer = CounterCheckoutAnswer.parse(res.body);
    expect(answer).toMatchObject({ BalanceDue: 0, ChangeDue: 0 });
    expect(await paymentRow(answer.PaymentID)).toMatchObject({
      payment_type: 'Check',
      check_issuer: 'First Bank',
      check_number: '1001',
      amount: total,
      counter: 'Browser',
      amount_tendered: null,
    });
    const order = await db('orders').where({ id: answer.Order.ID }).first();
    expect(order).toMatchObject({ obscure_ticket_price_on_print: true, is_invoice: false });
  });

  test('comp: within its type’s MaxCompQuantity it is taken; over it, 400 naming CompTypeId', async () => {
    const press = await compTypeId('Press'); // at most 2 per order
    await holdFresh(clerk, 3);
    const over = await pos(clerk, { PaymentType: 'Comp', CompTypeId: press });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({
      Fields: ['CompTypeId'],
      Message: 'Press comps are limited to 2 tickets per order.',
    });

    const fresh = await signedIn(api.server, 'boxoffice@foyer.local');
    await holdFresh(fresh, 2);
    const res = await pos(fresh, { PaymentType: 'Comp', CompTypeId: press });
    expect(res.status).toBe(200);
    const answer = CounterCheckoutAnswer.parse(res.body);
    expect(await paymentRow(answer.PaymentID)).toMatchObject({ payment_type: 'Comp', comp_type_id: press });
  });

  test('custom: a type requiring a partner needs PartnerId; one that does not is taken as it is', async () => {
    const voucher = await methodId('Voucher');
    const transfer = await methodId('Bank transfer');
    await holdFresh(clerk);
    const noPartner = await pos(clerk, { PaymentType: 'Custom', PaymentMethodId: voucher });
    expect(noPartner.status).toBe(400);
    expect(noPartner.body).toMatchObject({ Fields: ['PartnerId'], Message: 'Voucher needs a partner.' });
    const withPartner = await pos(clerk, { PaymentType: 'Custom', PaymentMethodId: voucher, PartnerId: 7 });
    expect(withPartner.status).toBe(200);
    expect(await paymentRow(withPartner.body.PaymentID)).toMatchObject({
      payment_type: 'Custom',
      payment_method_name: 'Voucher',
      payment_method_id: voucher,
      partner_id: 7,
    });

    await holdFresh(clerk);
    const plain = await pos(clerk, { PaymentType: 'Custom', PaymentMethodId: transfer });
    expect(plain.status).toBe(200);
    expect(await paymentRow(plain.body.PaymentID)).toMatchObject({
      payment_method_name: 'Bank transfer',
      partner_id: null,
    });
  });

  test('delivery at the point of sale marks the order awaiting print', async () => {
    const collection: { id: number } = await db('delivery_methods')
      .where({ type: 'PointOfSale' })
      .first('id');
    await holdFresh(clerk);
    expect((await clerk.call('PUT', `/api/baskets/changedeliverymethod/${collection.id}`)).status).toBe(200);
    const res = await pos(clerk, { PaymentType: 'Cash' });
    expect(res.status).toBe(200);
    expect(await db('orders').where({ id: res.body.Order.ID }).first('awaiting_print')).toEqual({
      awaiting_print: true,
    });
  });

  test('precheck answers the total and refuses what the sale would refuse, taking nothing', async () => {
    const { basketId, total } = await holdFresh(clerk);
    const before = await counts();
    const ok = await clerk.call(
      'POST',
      '/api/checkout/precheck',
      checkoutBody(null, { PaymentType: 'Cash' }),
    );
    expect(ok.status).toBe(200);
    expect(PrecheckAnswer.parse(ok.body)).toEqual({
      BasketId: basketId,
      Total: total,
      Currency: 'USD',
      Valid: true,
    });
    const over = await clerk.call(
      'POST',
      '/api/checkout/precheck',
      checkoutBody(null, { PaymentType: 'Check', CheckIssuer: 'B', CheckNumber: '1', Amount: total + 1 }),
    );
    expect(over.status).toBe(400);
    expect(over.body.Fields).toEqual(['Amount']);
    expect(await counts()).toEqual(before);
  });
});

describe('split tender and invoices', () => {
  test('cash then check: the order is placed with a balance due, then paid to zero', async () => {
    const { total } = await holdFresh(clerk, 2);
    const part = Math.floor(total / 3);
    const first = await pos(clerk, { PaymentType: 'Cash', Amount: part, AmountTendered: part });
    expect(first.status).toBe(200);
    const placed = CounterCheckoutAnswer.parse(first.body);
    expect(placed).toMatchObject({ Order: { Total: total }, BalanceDue: total - part, ChangeDue: 0 });
    const orderId = placed.Order.ID;

    const over = await pay(clerk, {
      OrderId: orderId,
      PaymentType: 'Check',
      CheckIssuer: 'First Bank',
      CheckNumber: '77',
      Amount: total - part + 1,
    });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({
      Fields: ['Amount'],
      Message: 'The amount is more than the balance due.',
    });
    expect((await balanceOf(clerk, orderId)).BalanceDue).toBe(total - part);

    const rest = await pay(clerk, {
      OrderId: orderId,
      PaymentType: 'Check',
      CheckIssuer: 'First Bank',
      CheckNumber: '77',
      Amount: total - part,
    });
    expect(rest.status).toBe(200);
    expect(BalancePaymentAnswer.parse(rest.body)).toMatchObject({
      BalanceDue: 0,
      ChangeDue: 0,
      Order: { ID: orderId },
    });
    const balance = await balanceOf(clerk, orderId);
    expect(balance).toMatchObject({ Total: total, Paid: total, BalanceDue: 0 });
    expect(balance.Payments.map((p) => [p.PaymentType, p.Amount, p.SellerName])).toEqual([
      ['Cash', part, 'Bo Boxoffice'],
      ['Check', total - part, 'Bo Boxoffice'],
    ]);
    const nothingLeft = await pay(clerk, { OrderId: orderId, PaymentType: 'Cash', Amount: 100 });
    expect(nothingLeft.status).toBe(400);
    expect(nothingLeft.body.Fields).toEqual(['OrderId']);
    // Refusals are audited too (without the order: nothing was made).
    const audit = await db('audit_log').where({ order_id: orderId, action: 'POST /api/admin/payments' });
    expect(audit.map((a) => a.status)).toEqual([200]);
    const refused = await db('audit_log')
      .where({ action: 'POST /api/admin/payments', status: 400 })
      .count({ n: '*' });
    expect(Number(refused[0]!.n)).toBeGreaterThanOrEqual(2);
  });

  test('a cash payment above the balance is taken: the excess is change', async () => {
    const { total } = await holdFresh(clerk);
    const placed = CounterCheckoutAnswer.parse(
      (await pos(clerk, { PaymentType: 'Check', CheckIssuer: 'B', CheckNumber: '2', Amount: total - 500 }))
        .body,
    );
    expect(placed.BalanceDue).toBe(500);
    const res = await pay(clerk, { OrderId: placed.Order.ID, PaymentType: 'Cash', Amount: 2000 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ BalanceDue: 0, ChangeDue: 1500 });
    expect(await paymentRow(res.body.PaymentID)).toMatchObject({
      kind: 'balance',
      amount: 500,
      amount_tendered: 2000,
      change_due: 1500,
    });
  });

  test('an invoice is placed with its whole total due and paid later in two payments', async () => {
    const { total } = await holdFresh(clerk, 2);
    const body = checkoutBody(null, {});
    delete body.PaymentType;
    const res = await clerk.call('PUT', '/api/admin/baskets/invoice', body);
    expect(res.status).toBe(200);
    const invoice = InvoiceAnswer.parse(res.body);
    expect(invoice).toMatchObject({ Order: { Total: total }, BalanceDue: total });
    const orderId = invoice.Order.ID;
    expect(await db('orders').where({ id: orderId }).first('is_invoice')).toEqual({ is_invoice: true });
    expect((await balanceOf(clerk, orderId)).Payments).toEqual([]);

    const half = Math.floor(total / 2);
    const one = await pay(clerk, { OrderId: orderId, PaymentType: 'Cash', Amount: half });
    expect(one.body).toMatchObject({ BalanceDue: total - half });
    const two = await pay(clerk, {
      OrderId: orderId,
      PaymentType: 'Custom',
      PaymentMethodId: await methodId('Bank transfer'),
      Amount: total - half,
    });
    expect(two.status).toBe(200);
    expect(two.body).toMatchObject({ BalanceDue: 0 });
    expect(await balanceOf(clerk, orderId)).toMatchObject({ Paid: total, BalanceDue: 0 });
  });

  test('two clerks paying the last balance at once: one is taken, the other refused', async () => {
    const { total } = await holdFresh(clerk);
    const placed = CounterCheckoutAnswer.parse(
      (await pos(clerk, { PaymentType: 'Cash', Amount: total - 300 })).body,
    );
    const other = await signedIn(api.server, 'admin@foyer.local');
    const answers = await Promise.all(
      [clerk, other].map((b) =>
        pay(b, {
          OrderId: placed.Order.ID,
          PaymentType: 'Check',
          CheckIssuer: 'B',
          CheckNumber: '9',
          Amount: 300,
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const balance = await balanceOf(clerk, placed.Order.ID);
    expect(balance).toMatchObject({ Paid: total, BalanceDue: 0 });
    expect(balance.Payments).toHaveLength(2);
  });
});

describe('once per IdempotencyKey', () => {
  test('the same checkout twice (and at once): one order, one payment, the same answer', async () => {
    await holdFresh(clerk);
    const before = await counts();
    const body = checkoutBody(null, { PaymentType: 'Cash', AmountTendered: 100_000 });
    const [a, b] = await Promise.all([
      clerk.call('POST', '/api/checkout/pos', body),
      clerk.call('POST', '/api/checkout/pos', body),
    ]);
    const c = await clerk.call('POST', '/api/checkout/pos', body);
    for (const res of [a, b, c]) expect(res.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(c.body).toEqual(a.body);
    expect(await counts()).toEqual({ orders: before.orders + 1, payments: before.payments + 1 });
  });

  test('the same balance payment twice: one payment', async () => {
    const { total } = await holdFresh(clerk);
    const placed = CounterCheckoutAnswer.parse(
      (await pos(clerk, { PaymentType: 'Cash', Amount: total - 400 })).body,
    );
    const body = { OrderId: placed.Order.ID, IdempotencyKey: randomUUID(), PaymentType: 'Cash', Amount: 200 };
    const [a, b] = await Promise.all([
      clerk.call('POST', '/api/admin/payments', body),
      clerk.call('POST', '/api/admin/payments', body),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.PaymentID).toBe(a.body.PaymentID);
    expect(await balanceOf(clerk, placed.Order.ID)).toMatchObject({ BalanceDue: 200 });
    const elsewhere = await pay(clerk, { ...body, OrderId: placed.Order.ID + 100_000 });
    expect(elsewhere.status).toBe(404);
  });
});

describe('who may', () => {
  test('a Seller (no comp permission) gets 403 for Comp, and takes cash', async () => {
    const seller = await staffOfRole(api.server, db, 'Seller');
    const { basketId } = await holdFresh(seller);
    const comp = await pos(seller, { PaymentType: 'Comp', CompTypeId: await compTypeId('House') });
    expect(comp.status).toBe(403);
    expect(comp.body.Message).toMatch(/comp/);
    expect(await db('baskets').where({ id: basketId }).first('status')).toEqual({ status: 'Active' });
    expect((await pos(seller, { PaymentType: 'Cash' })).status).toBe(200);
  });

  test('a Seller cannot comp a balance either', async () => {
    const { total } = await holdFresh(clerk);
    const placed = CounterCheckoutAnswer.parse(
      (await pos(clerk, { PaymentType: 'Cash', Amount: total - 100 })).body,
    );
    const seller = await staffOfRole(api.server, db, 'Seller');
    const res = await pay(seller, {
      OrderId: placed.Order.ID,
      PaymentType: 'Comp',
      CompTypeId: 1,
      Amount: 100,
    });
    expect(res.status).toBe(403);
  });

  test('a customer gets 403 and a signed-out caller 401 on every counter call', async () => {
    const customer = await signedIn(api.server, 'customer@foyer.local');
    const anonymous = await signedIn(api.server, null);
    const calls: [string, string, unknown][] = [
      ['POST', '/api/checkout/pos', checkoutBody(null, { PaymentType: 'Cash' })],
      ['POST', '/api/checkout/precheck', checkoutBody(null, { PaymentType: 'Cash' })],
      ['PUT', '/api/admin/baskets/invoice', checkoutBody(null, {})],
      [
        'POST',
        '/api/admin/payments',
        { OrderId: 1, IdempotencyKey: randomUUID(), PaymentType: 'Cash', Amount: 1 },
      ],
      ['GET', '/api/admin/orders/1/balance', undefined],
    ];
    for (const [method, url, body] of calls) {
      expect((await customer.call(method, url, body)).status).toBe(403);
      expect((await anonymous.call(method, url, body)).status).toBe(401);
    }
  });

  test('a payment type the counter does not take is 400 naming PaymentType', async () => {
    await holdFresh(clerk);
    const res = await pos(clerk, { PaymentType: 'PayPal' });
    expect(res.status).toBe(400);
    expect(res.body.Fields).toEqual(['PaymentType']);
  });
});
