import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import { checkoutBody, type Browser } from '../checkout/test-browser.ts';
import { signedIn } from '../checkout/test-people.ts';
import { CounterCheckoutAnswer } from '../contract/counter.ts';

// A card on the counter's terminal (the offline processor's simulated readers, through the
// terminal's own calls): the intent the reader authorised is captured by the counter's checkout
// or balance payment, once, and only for the amount it was made for.

let api: TestApi;
let db: Knex;
let eventId: number;
let nextSeat = 0;
let clerk: Browser;

beforeAll(async () => {
  api = await createTestApi({ env: { BASKET_HOLD_MINUTES: '10' } });
  db = api.db;
  eventId = await saleEventId(db, 'HAMLET', 4);
  clerk = await signedIn(api.server, 'boxoffice@foyer.local');
});
afterAll(async () => {
  await api?.close();
});

const holdFresh = async (count = 1) => {
  const seats = await plainOpenSeats(db, eventId, count, nextSeat);
  nextSeat += count;
  const held = await clerk.call('POST', '/api/baskets/additems', {
    eventId,
    salesChannel: 'BoxOffice',
    basketItems: seats.map((s) => ({ Key: s.key })),
  });
  expect(held.status).toBe(200);
  return held.body.Total as number;
};

/** An intent for `amount` on a free reader, the customer's card tapped: requires_capture. */
const tappedCard = async (amount: number, card: 'success' | 'decline' = 'success') => {
  const started = await clerk.call(
    'GET',
    `/api/admin/stripeterminal/intent?amount=${amount}&currency=USD&idempotencyKey=${randomUUID()}`,
  );
  expect(started.status).toBe(200);
  const id = started.body.PaymentIntentId as string;
  const tapped = await clerk.call('POST', '/api/admin/stripeterminal/simulate', {
    PaymentIntentId: id,
    Card: card,
  });
  expect(tapped.status).toBe(200);
  return { id, status: tapped.body.Status as string };
};

const intentStatus = async (id: string) =>
  (await clerk.call('GET', `/api/admin/stripeterminal/intent?paymentIntentId=${id}`)).body.Status as string;

describe('a card on the terminal', () => {
  test('the precheck passes before the card is taken; the checkout without the terminal payment is refused', async () => {
    const total = await holdFresh(1);
    const pre = await clerk.call(
      'POST',
      '/api/checkout/precheck',
      checkoutBody(null, { PaymentType: 'CreditCard', Amount: total }),
    );
    expect(pre.status, pre.raw).toBe(200);
    expect(pre.body).toMatchObject({ Total: total, Valid: true });
    const pos = await clerk.call(
      'POST',
      '/api/checkout/pos',
      checkoutBody(null, { PaymentType: 'CreditCard' }),
    );
    expect(pos.status).toBe(400);
    expect(pos.body.Fields).toEqual(['PaymentIntentId']);
  });

  test('the whole total: captured by the checkout, once for a repeated key', async () => {
    const total = await holdFresh();
    const intent = await tappedCard(total);
    expect(intent.status).toBe('requires_capture');
    const body = checkoutBody(null, { PaymentType: 'CreditCard', PaymentIntentId: intent.id });
    const res = await clerk.call('POST', '/api/checkout/pos', body);
    expect(res.status).toBe(200);
    const answer = CounterCheckoutAnswer.parse(res.body);
    expect(answer).toMatchObject({ BalanceDue: 0, ChangeDue: 0 });
    expect(await intentStatus(intent.id)).toBe('succeeded');
    expect(await db('payments').where({ id: answer.PaymentID }).first()).toMatchObject({
      payment_type: 'CreditCard',
      payment_ref: intent.id,
      status: 'succeeded',
      amount: total,
      seller_name: 'Bo Boxoffice',
    });
    const again = await clerk.call('POST', '/api/checkout/pos', body);
    expect(again.body).toEqual(res.body);
    expect(Number((await db('payments').where({ payment_ref: intent.id }).count({ n: '*' }))[0]!.n)).toBe(1);
  });

  test('an intent for another amount is refused before anything is taken', async () => {
    const total = await holdFresh();
    const intent = await tappedCard(total + 1);
    const res = await clerk.call(
      'POST',
      '/api/checkout/pos',
      checkoutBody(null, { PaymentType: 'CreditCard', PaymentIntentId: intent.id }),
    );
    expect(res.status).toBe(400);
    expect(res.body.Fields).toContain('PaymentIntentId');
    expect(await intentStatus(intent.id)).toBe('requires_capture');
  });

  test('a declined card is not ready: refused, nothing sold', async () => {
    const total = await holdFresh();
    const intent = await tappedCard(total, 'decline');
    const res = await clerk.call(
      'POST',
      '/api/checkout/pos',
      checkoutBody(null, { PaymentType: 'CreditCard', PaymentIntentId: intent.id }),
    );
    expect(res.status).toBe(400);
    expect(res.body.Fields).toEqual(['PaymentIntentId']);
  });

  test('split: cash first, the card pays the balance', async () => {
    const total = await holdFresh(2);
    const placed = CounterCheckoutAnswer.parse(
      (
        await clerk.call(
          'POST',
          '/api/checkout/pos',
          checkoutBody(null, { PaymentType: 'Cash', Amount: total - 700 }),
        )
      ).body,
    );
    const intent = await tappedCard(700);
    const res = await clerk.call('POST', '/api/admin/payments', {
      OrderId: placed.Order.ID,
      IdempotencyKey: randomUUID(),
      PaymentType: 'CreditCard',
      PaymentIntentId: intent.id,
      Amount: 700,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ BalanceDue: 0 });
    expect(await intentStatus(intent.id)).toBe('succeeded');
    expect(await db('payments').where({ id: res.body.PaymentID }).first('status', 'kind')).toEqual({
      status: 'succeeded',
      kind: 'balance',
    });
  });
});
