import http from 'node:http';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import { CheckoutAnswer, Confirmation, RequiresActionAnswer } from '../contract/checkout.ts';
import { applePayTestToken } from '../../../test/stand-ins/apple-pay/payment-token.ts';
import { browser, checkoutBody } from './test-browser.ts';

// POST /api/checkout over HTTP as the storefront makes it: hold seats, tokenise a test card at
// the offline processor, check out; then the confirmation and the tickets PDF.

let api: TestApi;
let db: Knex;
let eventId: number;
let nextSeat = 0;

beforeAll(async () => {
  api = await createTestApi({ env: { BASKET_HOLD_MINUTES: '10' } });
  db = api.db;
  eventId = await saleEventId(db, 'HAMLET', 2);
});

afterAll(async () => {
  await api?.close();
});

/** A buyer holding `count` fresh seats of the event. */
const buyerWithSeats = async (count = 2) => {
  const b = await browser(api.server);
  const seats = await plainOpenSeats(db, eventId, count, nextSeat);
  nextSeat += count;
  const held = await b.holdSeats(
    eventId,
    seats.map((s) => s.key),
  );
  expect(held.status).toBe(200);
  return { b, seats, basketId: b.basketId()!, total: held.body.Total as number };
};

const seatRows = (seatIds: number[]) =>
  db('event_seats').where({ event_id: eventId }).whereIn('seat_id', seatIds).orderBy('seat_id');

describe('paying: POST /api/checkout', () => {
  test('a good card makes the order: seats sold, basket completed, tickets with barcodes, one charge', async () => {
    const { b, seats, basketId, total } = await buyerWithSeats(2);
    const card = await b.token('4242 4242 4242 4242');
    expect(card).toMatchObject({ CardBrand: 'Visa', CCBin: '424242', CCLast4: '4242' });
    const body = checkoutBody(card);
    // The trailing slash is tolerated (spec: POST /api/checkout/).
    const res = await b.call('POST', '/api/checkout/', body);
    expect(res.status).toBe(200);
    const answer = CheckoutAnswer.parse(res.body);
    expect(answer.Order.Total).toBe(total);
    expect(answer.Order.Name).toMatch(/^F\d{7}$/);

    const rows = await seatRows(seats.map((s) => s.seat_id));
    expect(rows.map((r) => [r.status, r.order_id, r.basket_id])).toEqual([
      ['Sold', answer.Order.ID, null],
      ['Sold', answer.Order.ID, null],
    ]);
    expect((await db('baskets').where({ id: basketId }).first()).status).toBe('Completed');
    const tickets = await db('order_tickets').where({ order_id: answer.Order.ID });
    expect(tickets).toHaveLength(2);
    for (const t of tickets) expect(t.barcode).toMatch(/^[A-Z2-7]{26}$/);
    expect(new Set(tickets.map((t) => t.barcode)).size).toBe(2);
    const payment = await db('payments').where({ idempotency_key: body.IdempotencyKey }).first();
    expect(payment).toMatchObject({
      status: 'succeeded',
      order_id: answer.Order.ID,
      amount: total,
      card_bin: '424242',
      card_last4: '4242',
    });
    // Never a card number anywhere: only the token, brand, BIN and last 4.
    const stored = JSON.stringify(await db('offline_tokens').where({ token: card.Token }).first());
    expect(stored).not.toContain('4242424242424242');
    expect(
      await db('offline_payments').where({ idempotency_key: body.IdempotencyKey }).count({ n: '*' }),
    ).toEqual([{ n: 1 }]);
    // The confirmation e-mail is on the outbox, written with the order.
    expect(await db('order_mail_outbox').where({ order_id: answer.Order.ID }).first()).toBeTruthy();

    const confirmation = await b.call('GET', `/api/confirmation/${answer.Order.ID}`);
    expect(confirmation.status).toBe(200);
    const order = Confirmation.parse(confirmation.body).Order;
    expect(order).toMatchObject({ ID: answer.Order.ID, Total: total, Email: 'ada@example.com' });
    expect(order.Payment).toMatchObject({ PaymentType: 'CreditCard', CardBrand: 'Visa', CCLast4: '4242' });
    expect(order.TicketItems.map((t) => t.Key).sort()).toEqual(seats.map((s) => s.key).sort());
    expect(order.TicketsUrl).toBe(`/api/orders/${answer.Order.ID}/tickets.pdf`);

    const pdf = await b.call('GET', order.TicketsUrl!);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.raw.startsWith('%PDF')).toBe(true);
  });

  test('retrying with the same IdempotencyKey answers the same order and never charges twice', async () => {
    const { b, basketId } = await buyerWithSeats(1);
    const body = checkoutBody(await b.token('4242424242424242'));
    // A double click: two requests at once, then a network retry afterwards.
    const [first, twin] = await Promise.all([b.checkout(body), b.checkout(body)]);
    const again = await b.checkout(body);
    expect([first.status, twin.status, again.status]).toEqual([200, 200, 200]);
    expect(twin.body.Order.ID).toBe(first.body.Order.ID);
    expect(again.body.Order.ID).toBe(first.body.Order.ID);
    expect(await db('orders').where({ basket_id: basketId }).count({ n: '*' })).toEqual([{ n: 1 }]);
    expect(await db('payments').where({ basket_id: basketId }).count({ n: '*' })).toEqual([{ n: 1 }]);
    expect(
      await db('offline_payments').where({ idempotency_key: body.IdempotencyKey }).count({ n: '*' }),
    ).toEqual([{ n: 1 }]);
  });

  test('an IdempotencyKey already used for another basket answers 409 and charges nothing', async () => {
    const first = await buyerWithSeats(1);
    const body = checkoutBody(await first.b.token('4242424242424242'));
    expect((await first.b.checkout(body)).status).toBe(200);
    // Another buyer's live, valid basket, sent with the first buyer's key.
    const other = await buyerWithSeats(1);
    const res = await other.b.checkout({
      ...checkoutBody(await other.b.token('4242424242424242')),
      IdempotencyKey: body.IdempotencyKey,
    });
    expect(res.status).toBe(409);
    expect(res.body.Message).toBe(
      'This payment was already made for another basket. Please reload the page.',
    );
    expect(await db('payments').where({ basket_id: other.basketId }).count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await db('baskets').where({ id: other.basketId }).first()).toMatchObject({ status: 'Active' });
  });

  test('a declined card answers 402 with the gateway message and leaves the basket as it was', async () => {
    const { b, seats, basketId } = await buyerWithSeats(1);
    const body = checkoutBody(await b.token('4000000000000002'));
    const res = await b.checkout(body);
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ Message: 'Your card was declined.', Code: 'card_declined' });
    expect((await seatRows([seats[0]!.seat_id]))[0]).toMatchObject({ status: 'Open', basket_id: basketId });
    expect(await db('payments').where({ idempotency_key: body.IdempotencyKey }).first()).toMatchObject({
      status: 'failed',
      failure_code: 'card_declined',
      order_id: null,
    });
    // The same attempt repeats its outcome; a new attempt with another card goes through.
    expect((await b.checkout(body)).status).toBe(402);
    const paid = await b.checkout(checkoutBody(await b.token('4242424242424242')));
    expect(paid.status).toBe(200);
  });

  test('insufficient funds answers 402 with its own message', async () => {
    const { b } = await buyerWithSeats(1);
    const res = await b.checkout(checkoutBody(await b.token('4000000000009995')));
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ Message: 'Your card has insufficient funds.', Code: 'insufficient_funds' });
  });

  test('3-D Secure: 422 RequiresAction, the authentication page, then the resubmission makes the order', async () => {
    const { b, basketId } = await buyerWithSeats(1);
    const body = checkoutBody(await b.token('4000002500003155'));
    const first = await b.checkout(body);
    expect(first.status).toBe(422);
    const action = RequiresActionAnswer.parse(first.body);
    expect(action.ActionUrl).toBe(`/offline/authenticate/${action.PaymentIntentId}`);
    // Resubmitting before authenticating asks again; nothing is sold yet.
    const early = await b.checkout({ ...body, PaymentIntentId: action.PaymentIntentId });
    expect(early.status).toBe(422);
    expect(await db('orders').where({ basket_id: basketId }).first()).toBeUndefined();

    const page = await b.call('GET', action.ActionUrl!);
    expect(page.status).toBe(200);
    expect(page.raw).toContain('Complete');
    expect(page.raw).toContain('Fail');
    const done = await b.authenticate(action.ActionUrl!, 'complete');
    expect(done.status).toBe(303); // back to the payment page
    expect(String(done.headers.location)).toContain(`paymentIntent=${action.PaymentIntentId}`);

    const paid = await b.checkout({ ...body, PaymentIntentId: action.PaymentIntentId });
    expect(paid.status).toBe(200);
    expect(await db('offline_payments').where({ ref: action.PaymentIntentId }).first()).toMatchObject({
      status: 'succeeded',
      authentication: 'completed',
    });
  });

  test('3-D Secure failed: the resubmission is declined', async () => {
    const { b } = await buyerWithSeats(1);
    const body = checkoutBody(await b.token('4000002500003155'));
    const action = RequiresActionAnswer.parse((await b.checkout(body)).body);
    await b.authenticate(action.ActionUrl!, 'fail');
    const res = await b.checkout({ ...body, PaymentIntentId: action.PaymentIntentId });
    expect(res.status).toBe(402);
    expect(res.body.Code).toBe('authentication_failed');
  });

  test('bad input answers 400 naming the fields and changes nothing', async () => {
    const { b, seats, basketId } = await buyerWithSeats(1);
    const card = await b.token('4242424242424242');
    const res = await b.checkout(
      checkoutBody(card, {
        FirstName: '  ',
        Email: 'not-an-email',
        AcceptTermsOfService: false,
        Phone: 'call me',
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      Message: 'Please fill in all required fields.',
      Code: 'reqAllFields',
      Fields: ['FirstName', 'AcceptTermsOfService', 'Email', 'Phone'],
    });
    const tos = await b.checkout(checkoutBody(card, { AcceptTermsOfService: false }));
    expect(tos.body).toMatchObject({ Code: 'reqAcceptTermsOfService', Fields: ['AcceptTermsOfService'] });
    const rewards = await b.checkout(checkoutBody(card, { RewardsNumber: '12345' }));
    expect(rewards.body).toMatchObject({ Code: 'invalidFields', Fields: ['RewardsNumber'] });
    const staffTender = await b.checkout(checkoutBody(null, { PaymentType: 'Cash' }));
    expect(staffTender.body).toMatchObject({ Fields: ['PaymentType'] });
    const noKey = await b.checkout({ ...checkoutBody(card), IdempotencyKey: undefined });
    expect(noKey.status).toBe(400);

    expect(await db('payments').where({ basket_id: basketId }).count({ n: '*' })).toEqual([{ n: 0 }]);
    expect((await seatRows([seats[0]!.seat_id]))[0]).toMatchObject({ status: 'Open', basket_id: basketId });
    expect((await db('baskets').where({ id: basketId }).first()).status).toBe('Active');
  });

  test('no live basket answers 404 and charges nothing', async () => {
    const { b, basketId } = await buyerWithSeats(1);
    const card = await b.token('4242424242424242');
    expect((await b.call('POST', '/api/baskets/expire')).status).toBe(200);
    const body = checkoutBody(card);
    const res = await b.checkout(body);
    expect(res.status).toBe(404);
    expect(await db('payments').where({ basket_id: basketId }).count({ n: '*' })).toEqual([{ n: 0 }]);
    const stranger = await browser(api.server);
    expect((await stranger.checkout(checkoutBody(card))).status).toBe(404);
  });

  test('the confirmation and the tickets are only for the buyer: another cookie gets 401', async () => {
    const { b } = await buyerWithSeats(1);
    const paid = await b.checkout(checkoutBody(await b.token('4242424242424242')));
    const id = paid.body.Order.ID as number;
    const stranger = await browser(api.server);
    await stranger.holdSeats(eventId, [(await plainOpenSeats(db, eventId, 1, nextSeat++))[0]!.key]);
    expect((await stranger.call('GET', `/api/confirmation/${id}`)).status).toBe(401);
    expect((await stranger.call('GET', `/api/orders/${id}/tickets.pdf`)).status).toBe(401);
    const noCookie = await api.server.inject(`/api/confirmation/${id}`);
    expect(noCookie.statusCode).toBe(401);
    expect(JSON.parse(noCookie.payload).Message).toBe('This order is not yours to see.');
    expect((await b.call('GET', '/api/confirmation/999999')).status).toBe(404);
  });
});

describe('Apple Pay with the offline processor', () => {
  test('the wallet token pays in test mode: the card is the wallet’s, the order made', async () => {
    const { b, total } = await buyerWithSeats(1);
    const wallet = applePayTestToken('Visa 4242', 'Visa');
    const body = checkoutBody(null, { PaymentType: 'ApplePay', Token: JSON.stringify(wallet) });
    const res = await b.checkout(body);
    expect(res.status).toBe(200);
    const order = CheckoutAnswer.parse(res.body).Order;
    expect(order.Total).toBe(total);
    const confirmation = Confirmation.parse((await b.call('GET', `/api/confirmation/${order.ID}`)).body);
    expect(confirmation.Order.Payment).toMatchObject({
      PaymentType: 'ApplePay',
      CardBrand: 'Visa',
      CCLast4: '4242',
    });
    // Apple's encrypted data is not kept anywhere.
    const stored = await db('offline_payments').where({ idempotency_key: body.IdempotencyKey });
    expect(JSON.stringify(stored)).not.toContain(wallet.paymentData.data);
  });

  test('a declining wallet card is declined; a Token that is no Apple Pay token is refused naming Token', async () => {
    const { b, basketId } = await buyerWithSeats(1);
    const declined = await b.checkout(
      checkoutBody(null, {
        PaymentType: 'ApplePay',
        Token: JSON.stringify(applePayTestToken('Visa 0002')),
      }),
    );
    expect(declined).toMatchObject({ status: 402, body: { Message: 'Your card was declined.' } });
    const bad = await b.checkout(checkoutBody(null, { PaymentType: 'ApplePay', Token: 'tok_visa' }));
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toMatch(/^Token: must be an Apple Pay payment token/);
    // A card token is still a short one.
    const long = await b.checkout(checkoutBody(null, { Token: `tok_${'x'.repeat(300)}` }));
    expect(long.status).toBe(400);
    expect((await db('baskets').where({ id: basketId }).first()).status).not.toBe('Completed');
  });
});

describe('the payment page', () => {
  test('consumer payment types: the offline processor takes cards; PayPal and WorldPay are not configured', async () => {
    const res = await api.server.inject('/api/paymentmethods/consumerPaymentTypes?paymentProcessor=Stripe');
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.payload)).toEqual([
      {
        PaymentMethodId: expect.any(Number),
        PaymentType: 'CreditCard',
        PaymentMethodName: 'Credit card',
        Processor: 'Offline',
      },
    ]);
  });

  test('validateBIN: a BIN-restricted promotion takes only its cards', async () => {
    const promotion: { id: number } = await db('promotions').where({ code: 'CARD15' }).first('id');
    const ok = await api.server.inject(`/api/promotions/validateBIN?BINNumber=424242&id=${promotion.id}`);
    expect(JSON.parse(ok.payload)).toEqual({ IsValid: true, Message: null });
    const other = await api.server.inject(`/api/promotions/validateBIN?BINNumber=400005&id=${promotion.id}`);
    expect(JSON.parse(other.payload).IsValid).toBe(false);
    const free: { id: number } = await db('promotions').where({ code: 'SAVE10' }).first('id');
    const any = await api.server.inject(`/api/promotions/validateBIN?BINNumber=400005&id=${free.id}`);
    expect(JSON.parse(any.payload).IsValid).toBe(true);
    expect((await api.server.inject('/api/promotions/validateBIN?BINNumber=12&id=1')).statusCode).toBe(400);
  });

  test('recaptcha without a provider configured: nothing is checked, none is needed, no answer passes', async () => {
    const b = await browser(api.server);
    for (const answer of ['abc', ''])
      expect((await b.call('POST', `/api/checkout/recaptcha?gRecaptchaResponse=${answer}`)).body).toEqual({
        Success: false,
        Required: false,
      });
    expect((await b.call('GET', '/api/checkout/robotcheck')).body).toEqual({ Provider: null, SiteKey: null });
  });

  test('tokenising an invalid card answers 400 with the card fields', async () => {
    const b = await browser(api.server);
    const res = await b.call('POST', '/api/offline/tokens', {
      number: '4242424242424241',
      expMonth: 1,
      expYear: 2020,
      cvc: '1234', // a Visa's code has 3 digits
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.raw).Fields).toEqual(['number', 'expMonth', 'cvc']);
  });
});

describe('open seat maps hear the sale', () => {
  test('a checkout publishes Sold for its seats', async () => {
    await api.server.start();
    const { b, seats } = await buyerWithSeats(1);
    const heard: string[] = [];
    const req = http.get(
      `http://127.0.0.1:${api.server.info.port}/api/events/${eventId}/seatchanges`,
      { headers: { accept: 'text/event-stream' } },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => heard.push(chunk));
      },
    );
    try {
      const deadline = Date.now() + 5000;
      while (heard.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect((await b.checkout(checkoutBody(await b.token('4242424242424242')))).status).toBe(200);
      const sold = () => heard.join('').includes('"Sold"') && heard.join('').includes(seats[0]!.key);
      while (!sold() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(sold()).toBe(true);
    } finally {
      req.destroy();
    }
  });
});
