import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import type { Browser } from '../checkout/test-browser.ts';
import { signedIn, staffOfRole } from '../checkout/test-people.ts';
import { PaymentConfirmation, PaymentLinkViewModel, PaymentRequestView } from '../contract/payment-links.ts';

// Group-sales payment links against real PostgreSQL and the offline test processor: staff make a
// request, the payer (a browser with no session) reads and pays it by card, 3-D Secure included,
// and a request is paid once whatever is retried.

let api: TestApi;
let db: Knex;
let seller: Browser;

beforeAll(async () => {
  api = await createTestApi();
  db = api.db;
  seller = await staffOfRole(api.server, db, 'Seller');
}, 120_000);
afterAll(async () => {
  await api?.close();
});

const newRequest = async (extra: Record<string, unknown> = {}) => {
  const res = await seller.call('POST', '/api/admin/paymentrequests', {
    CustomerName: 'Northside Choir',
    CustomerEmail: 'trips@northside.example',
    Description: 'Deposit for 40 seats, Hamlet',
    Kind: 'deposit',
    Amount: 25_000,
    Currency: 'USD',
    ...extra,
  });
  expect(res.status, res.raw).toBe(201);
  return PaymentRequestView.parse(res.body);
};

const payer = () => signedIn(api.server, null);

const payBody = (
  request: { GsRequestId: number; PaymentCode: string },
  card: { Token: string; CardBrand: string; CCBin: string; CCLast4: string } | null,
  extra: Record<string, unknown> = {},
) => ({
  IdempotencyKey: randomUUID(),
  PaymentRequestId: request.GsRequestId,
  PaymentCode: request.PaymentCode,
  PaymentRequestType: 0,
  PaymentType: 'CreditCard',
  Amount: 25_000,
  IsDepositPayment: true,
  ...(card ?? {}),
  CardHolderName: 'Ada Lovelace',
  FirstName: 'Ada',
  LastName: 'Lovelace',
  Email: 'ada@example.com',
  AcceptTermsOfService: true,
  ...extra,
});

describe('making payment requests', () => {
  test('staff who may sell make one with an unguessable code and a link; others may not', async () => {
    const a = await newRequest();
    const b = await newRequest({ Kind: 'balance', Amount: 1, Currency: 'eur' });
    expect(a.PaymentCode).toMatch(/^[0-9a-f]{32}$/);
    expect(a.PaymentCode).not.toBe(b.PaymentCode);
    expect(a.Link).toBe(`/payment/paymentlink?gsRequestId=${a.GsRequestId}&paymentCode=${a.PaymentCode}`);
    expect(b).toMatchObject({ Kind: 'balance', Currency: 'EUR', Status: 'open', PaymentId: null });
    const list = await seller.call('GET', '/api/admin/paymentrequests');
    expect(list.status).toBe(200);
    expect(list.body.map((r: { GsRequestId: number }) => r.GsRequestId).slice(0, 2)).toEqual([
      b.GsRequestId,
      a.GsRequestId,
    ]);

    const anonymous = await payer();
    expect((await anonymous.call('GET', '/api/admin/paymentrequests')).status).toBe(401);
    const device = await staffOfRole(api.server, db, 'PointOfSale');
    expect((await device.call('GET', '/api/admin/paymentrequests')).status).toBe(403);
  });

  test('bad fields are a 400 naming each one, and nothing is made', async () => {
    const before = (await db('group_payment_requests').count<{ count: string }[]>('* as count'))[0]!.count;
    const res = await seller.call('POST', '/api/admin/paymentrequests', {
      CustomerName: ' ',
      CustomerEmail: 'nobody',
      Description: 'x',
      Kind: 'tip',
      Amount: 12.5,
      Currency: 'dollars',
    });
    expect(res.status).toBe(400);
    expect(res.body.Fields.sort()).toEqual(['Amount', 'Currency', 'CustomerEmail', 'CustomerName', 'Kind']);
    expect(res.body.Message).toContain('Amount: must be a whole number');
    const after = (await db('group_payment_requests').count<{ count: string }[]>('* as count'))[0]!.count;
    expect(after).toBe(before);
  });
});

describe('the payer', () => {
  test('reads the view model with both parameters; a wrong or missing code is 401, a missing parameter 400', async () => {
    const request = await newRequest();
    const browser = await payer();
    const ok = await browser.call(
      'GET',
      `/api/payments/getViewModel?gsRequestId=${request.GsRequestId}&paymentCode=${request.PaymentCode}`,
    );
    expect(ok.status, ok.raw).toBe(200);
    expect(PaymentLinkViewModel.parse(ok.body)).toMatchObject({
      GsRequestId: request.GsRequestId,
      CustomerName: 'Northside Choir',
      IsDepositPayment: true,
      Amount: 25_000,
      Currency: 'USD',
      Status: 'open',
      CardProcessor: 'Offline',
      ReqAcceptTermsOfService: true,
      WorldPayAvailable: false,
    });
    const wrong = request.PaymentCode.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    for (const url of [
      `/api/payments/getViewModel?gsRequestId=${request.GsRequestId}&paymentCode=${wrong}`,
      `/api/payments/getViewModel?gsRequestId=${request.GsRequestId + 1000}&paymentCode=${request.PaymentCode}`,
    ])
      expect((await browser.call('GET', url)).status).toBe(401);
    expect(
      (await browser.call('GET', `/api/payments/getViewModel?gsRequestId=${request.GsRequestId}`)).status,
    ).toBe(400);
  });

  test('pays with 4242: one payment, the request paid, the confirmation for the link only, a retry answers the same', async () => {
    const request = await newRequest();
    const browser = await payer();
    const body = payBody(request, await browser.token('4242424242424242'));
    const paid = await browser.call('POST', '/api/payments', body);
    expect(paid.status, paid.raw).toBe(200);
    const again = await browser.call('POST', '/api/payments', body);
    expect(again).toMatchObject({ status: 200, body: { PaymentID: paid.body.PaymentID } });
    const rows = await db('group_payments').where({ request_id: request.GsRequestId });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'succeeded', amount: 25_000, card_last4: '4242' });

    const confirmation = await browser.call(
      'GET',
      `/api/payments/${paid.body.PaymentID}/confirmation?paymentCode=${request.PaymentCode}`,
    );
    expect(confirmation.status).toBe(200);
    expect(PaymentConfirmation.parse(confirmation.body)).toMatchObject({
      Amount: 25_000,
      CCLast4: '4242',
      PayerName: 'Ada Lovelace',
    });
    expect((await browser.call('GET', `/api/payments/${paid.body.PaymentID}/confirmation`)).status).toBe(401);
    const other = await newRequest();
    expect(
      (
        await browser.call(
          'GET',
          `/api/payments/${paid.body.PaymentID}/confirmation?paymentCode=${other.PaymentCode}`,
        )
      ).status,
    ).toBe(401);
    expect((await seller.call('GET', `/api/payments/${paid.body.PaymentID}/confirmation`)).status).toBe(200);

    // A new attempt on a paid request takes nothing.
    const second = await browser.call(
      'POST',
      '/api/payments',
      payBody(request, await browser.token('4242424242424242')),
    );
    expect(second).toMatchObject({
      status: 409,
      body: { Message: 'This payment request has already been paid.' },
    });
    expect(
      await db('group_payments').where({ request_id: request.GsRequestId, status: 'succeeded' }),
    ).toHaveLength(1);
    const list = (await seller.call('GET', '/api/admin/paymentrequests')).body as {
      GsRequestId: number;
      Status: string;
      PaymentId: number;
    }[];
    expect(list.find((r) => r.GsRequestId === request.GsRequestId)).toMatchObject({
      Status: 'paid',
      PaymentId: paid.body.PaymentID,
    });
  });

  test('two payers at once: one pays, the other is told it is paid and its charge goes back', async () => {
    const request = await newRequest();
    const [a, b] = [await payer(), await payer()];
    const bodies = [
      payBody(request, await a.token('4242424242424242')),
      payBody(request, await b.token('4242424242424242')),
    ];
    const answers = await Promise.all([
      a.call('POST', '/api/payments', bodies[0]),
      b.call('POST', '/api/payments', bodies[1]),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(
      await db('group_payments').where({ request_id: request.GsRequestId, status: 'succeeded' }),
    ).toHaveLength(1);
    const loser = bodies[answers.findIndex((r) => r.status === 409)]!;
    const charge = await db('offline_payments').where({ idempotency_key: loser.IdempotencyKey }).first();
    // Charged before the other payment won, then given back in full; or never charged at all.
    if (charge) expect(charge.refunded).toBe(charge.amount);
  });

  test('two charges made at once: the one that lost is refunded and marked refunded with the reason', async () => {
    const request = await newRequest();
    const [a, b] = [await payer(), await payer()];
    const bodies = [
      payBody(request, await a.token('4242424242424242')),
      payBody(request, await b.token('4242424242424242')),
    ];
    // Both payers are charged before either marks the request paid: the request's row is held
    // until both wait for it, so one marking it paid is certain to find the other already charged.
    const gate = await db.transaction();
    await gate.raw('select id from group_payment_requests where id = ? for no key update', [
      request.GsRequestId,
    ]);
    const answering = Promise.all([
      a.call('POST', '/api/payments', bodies[0]),
      b.call('POST', '/api/payments', bodies[1]),
    ]);
    for (;;) {
      const { rows } = await db.raw(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query ilike '%group_payment_requests%'`,
      );
      if (rows[0].n >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await gate.rollback();
    const answers = await answering;
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);

    const loser = bodies[answers.findIndex((r) => r.status === 409)]!;
    const winner = bodies[answers.findIndex((r) => r.status === 200)]!;
    const rows = await db('group_payments').where({ request_id: request.GsRequestId }).orderBy('id');
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.idempotency_key === winner.IdempotencyKey)).toMatchObject({
      status: 'succeeded',
      failure_reason: null,
    });
    const lost = rows.find((r) => r.idempotency_key === loser.IdempotencyKey);
    expect(lost).toMatchObject({
      status: 'refunded',
      failure_reason: 'Another payment paid this request first; this charge was refunded in full at once.',
    });
    expect(lost.payment_ref).not.toBeNull();
    const charge = await db('offline_payments').where({ idempotency_key: loser.IdempotencyKey }).first();
    expect(charge).toMatchObject({ amount: 25_000, refunded: 25_000 });
    // The request stays paid by the winner; a retry of the lost attempt is told so and changes nothing.
    const retried = await b.call('POST', '/api/payments', loser);
    expect(retried.status).toBe(409);
    expect((await db('group_payments').where({ idempotency_key: loser.IdempotencyKey }).first()).status).toBe(
      'refunded',
    );
  });

  test('3-D Secure: 422 RequiresAction, the bank says yes, the resubmission with the same key pays', async () => {
    const request = await newRequest();
    const browser = await payer();
    const body = payBody(request, await browser.token('4000002500003155'));
    const first = await browser.call('POST', '/api/payments', body);
    expect(first.status, first.raw).toBe(422);
    expect(first.body).toMatchObject({ RequiresAction: true, PaymentIntentId: expect.any(String) });
    expect((await db('group_payment_requests').where({ id: request.GsRequestId }).first()).status).toBe(
      'open',
    );
    await browser.authenticate(first.body.ActionUrl, 'complete');
    const done = await browser.call('POST', '/api/payments', {
      ...body,
      PaymentIntentId: first.body.PaymentIntentId,
    });
    expect(done.status, done.raw).toBe(200);
    expect((await db('group_payment_requests').where({ id: request.GsRequestId }).first()).status).toBe(
      'paid',
    );
  });

  test('3-D Secure failed is a 402 and the request stays open; a declined card is a 402', async () => {
    const request = await newRequest();
    const browser = await payer();
    const body = payBody(request, await browser.token('4000002500003155'));
    const first = await browser.call('POST', '/api/payments', body);
    await browser.authenticate(first.body.ActionUrl, 'fail');
    const failed = await browser.call('POST', '/api/payments', {
      ...body,
      PaymentIntentId: first.body.PaymentIntentId,
    });
    expect(failed.status).toBe(402);
    const declined = await browser.call(
      'POST',
      '/api/payments',
      payBody(request, await browser.token('4000000000000002')),
    );
    expect(declined.status).toBe(402);
    expect((await db('group_payment_requests').where({ id: request.GsRequestId }).first()).status).toBe(
      'open',
    );
  });

  test('terms and every field are required, as at checkout, and nothing is charged', async () => {
    const request = await newRequest();
    const browser = await payer();
    const card = await browser.token('4242424242424242');
    const noTerms = await browser.call(
      'POST',
      '/api/payments',
      payBody(request, card, { AcceptTermsOfService: false }),
    );
    expect(noTerms).toMatchObject({ status: 400, body: { Fields: ['AcceptTermsOfService'] } });
    const noName = await browser.call('POST', '/api/payments', payBody(request, card, { FirstName: '' }));
    expect(noName).toMatchObject({ status: 400, body: { Fields: ['FirstName'] } });
    const wrongCode = await browser.call(
      'POST',
      '/api/payments',
      payBody({ ...request, PaymentCode: 'nope' }, card),
    );
    expect(wrongCode.status).toBe(401);
    expect(await db('group_payments').where({ request_id: request.GsRequestId })).toHaveLength(0);
  });

  test('a cancelled request takes no payment; WorldPay set-up is a 409 while WorldPay is not configured', async () => {
    const request = await newRequest();
    expect(
      (await seller.call('POST', `/api/admin/paymentrequests/${request.GsRequestId}/cancel`)).body,
    ).toMatchObject({
      Status: 'cancelled',
    });
    expect(
      (await seller.call('POST', `/api/admin/paymentrequests/${request.GsRequestId}/cancel`)).status,
    ).toBe(409);
    const browser = await payer();
    const res = await browser.call(
      'POST',
      '/api/payments',
      payBody(request, await browser.token('4242424242424242')),
    );
    expect(res.status).toBe(409);
    const setup = await browser.call('POST', '/api/worldpay/setup', {
      PaymentRequestId: request.GsRequestId,
      PaymentCode: request.PaymentCode,
    });
    expect(setup).toMatchObject({
      status: 409,
      body: { Message: 'WorldPay is not set up for this box office. Please pay by card.' },
    });
  });
});
