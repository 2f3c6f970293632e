import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import {
  startSiteverifyStandIn,
  type SiteverifyStandIn,
} from '../../../test/stand-ins/captcha/siteverify.ts';
import { browser, checkoutBody } from './test-browser.ts';

// The checkout's robot check wired as a deployment configures it (CAPTCHA_*), against a loopback
// stand-in of the provider's siteverify: paying needs a passing answer first, and a provider
// that cannot be reached lets nothing through and charges nothing.

const SECRET = 'robot-secret';
const HOST = 'tickets.example';
let standIn: SiteverifyStandIn;
let api: TestApi;
let db: Knex;
let eventId: number;
let nextSeat = 0;

const apiWith = (verifyUrl: string) =>
  createTestApi({
    env: {
      BASKET_HOLD_MINUTES: '10',
      CAPTCHA_PROVIDER: 'recaptcha',
      CAPTCHA_SITE_KEY: 'robot-site-key',
      CAPTCHA_SECRET_KEY: SECRET,
      CAPTCHA_VERIFY_URL: verifyUrl,
    },
  });

beforeAll(async () => {
  standIn = await startSiteverifyStandIn(SECRET);
  api = await apiWith(standIn.url);
  db = api.db;
  eventId = await saleEventId(db, 'HAMLET', 2);
}, 120_000);

afterAll(async () => {
  await api?.close();
  await standIn?.close();
});

/** A buyer on HOST holding two fresh seats. */
const buyerWithSeats = async (on: TestApi = api) => {
  const b = await browser(on.server);
  const seats = await plainOpenSeats(on.db, eventId, 2, nextSeat);
  nextSeat += 2;
  expect(
    (
      await b.holdSeats(
        eventId,
        seats.map((s) => s.key),
      )
    ).status,
  ).toBe(200);
  const call = (method: string, url: string, payload?: unknown) =>
    b.call(method, url, payload, { host: HOST });
  return { ...b, call, seats };
};

const paymentsOf = (idempotencyKey: unknown) => db('payments').where({ idempotency_key: idempotencyKey });

describe('the robot check, configured', () => {
  test('the payment page is told which widget to show', async () => {
    const b = await browser(api.server);
    expect((await b.call('GET', '/api/checkout/robotcheck')).body).toEqual({
      Provider: 'recaptcha',
      SiteKey: 'robot-site-key',
    });
  });

  test('paying without a passing answer is refused before any charge', async () => {
    const b = await buyerWithSeats();
    const body = checkoutBody(await b.token('4242 4242 4242 4242'));
    const res = await b.call('POST', '/api/checkout', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ Code: 'RobotCheckRequired' });
    expect(await paymentsOf(body.IdempotencyKey)).toEqual([]);
    const statuses = await db('event_seats')
      .where({ event_id: eventId })
      .whereIn(
        'seat_id',
        b.seats.map((s) => s.seat_id),
      )
      .pluck('status');
    expect(statuses).not.toContain('Sold');
  });

  test('a wrong answer, or one from another site, does not pass; a good one lets the basket pay', async () => {
    const b = await buyerWithSeats();
    expect((await b.call('POST', '/api/checkout/recaptcha?gRecaptchaResponse=guessed')).status).toBe(400);
    standIn.issue('other-site', { hostname: 'evil.example' });
    expect((await b.call('POST', '/api/checkout/recaptcha?gRecaptchaResponse=other-site')).status).toBe(400);

    standIn.issue('good', { hostname: HOST });
    const passed = await b.call('POST', '/api/checkout/recaptcha?gRecaptchaResponse=good');
    expect([passed.status, passed.body]).toEqual([200, { Success: true, Required: true }]);
    expect(standIn.requests.at(-1)?.get('response')).toBe('good');

    const body = checkoutBody(await b.token('4242 4242 4242 4242'));
    const res = await b.call('POST', '/api/checkout', body);
    expect(res.status).toBe(200);
    expect(await paymentsOf(body.IdempotencyKey)).toHaveLength(1);
  });

  test('a pass is for its own basket only', async () => {
    const first = await buyerWithSeats();
    standIn.issue('mine', { hostname: HOST });
    expect((await first.call('POST', '/api/checkout/recaptcha?gRecaptchaResponse=mine')).status).toBe(200);
    const second = await buyerWithSeats();
    const res = await second.call(
      'POST',
      '/api/checkout',
      checkoutBody(await second.token('4242 4242 4242 4242')),
    );
    expect(res.body).toMatchObject({ Code: 'RobotCheckRequired' });
  });
});

describe('the robot check, its provider down', () => {
  test('the answer cannot be checked (503) and the checkout is refused, nothing charged', async () => {
    const down = await apiWith('http://127.0.0.1:9/siteverify');
    try {
      const b = await buyerWithSeats(down);
      const check = await b.call('POST', '/api/checkout/recaptcha?gRecaptchaResponse=anything');
      expect(check.status).toBe(503);
      expect(check.body).toMatchObject({
        Code: 'RobotCheckUnavailable',
        Message: expect.stringMatching(/nothing was charged/),
      });
      const body = checkoutBody(await b.token('4242 4242 4242 4242'));
      const res = await b.call('POST', '/api/checkout', body);
      expect(res.body).toMatchObject({ Code: 'RobotCheckRequired' });
      expect(await down.db('payments').where({ idempotency_key: body.IdempotencyKey })).toEqual([]);
    } finally {
      await down.close();
    }
  }, 120_000);
});
