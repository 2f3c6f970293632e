import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { formatMoney } from '../../core/i18n/format-money.ts';
import type { Event } from '../../adapters/http/contract/catalogue.ts';
import type { FoyerUnderTest } from './foyer-under-test.ts';
import { performanceOf, plainOpenSeats } from './seat-map-page.ts';

// Acting as staff in the browser tests: the demo staff (adapters/postgres/demo/people.ts), a
// session opened through the API, and calls made from the page the way the web app makes them.

/** Every demo account has this password. */
export const STAFF_PASSWORD = 'foyer-demo';
export const SELLER = 'seller@foyer.local';
export const SUPERVISOR = 'supervisor@foyer.local';
export const ADMIN = 'admin@foyer.local';
export const OWNER = 'owner@foyer.local';

/** '$1,234.50', as the staff screens show amounts. */
export const money = (minor: number) => formatMoney(minor, 'en-US');

/** '1234.50', as an amount is typed into a field. */
export const decimal = (minor: number) =>
  `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** Full-page screenshots named `${prefix}${name}.png` ('/tmp/shots/exchange-' and so on). */
export const screenshots = (prefix: string) => (page: Page, name: string) =>
  page.screenshot({ path: `${prefix}${name}.png`, fullPage: true });

/**
 * Signs in through POST /api/account/login, echoing the CSRF cookie the first request set, then
 * opens `then` when given (the page stays where it is otherwise).
 */
export const signIn = async (foyer: FoyerUnderTest, page: Page, email: string, then?: string) => {
  await page.request.get(`${foyer.baseUrl}/healthz`);
  const csrf = (await page.context().cookies()).find((c) => c.name === 'foyer_csrf')?.value ?? '';
  const answer = await page.request.post(`${foyer.baseUrl}/api/account/login`, {
    data: { Email: email, Password: STAFF_PASSWORD },
    headers: { 'X-CSRF-Token': csrf },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  if (then !== undefined) await page.goto(`${foyer.baseUrl}${then}`);
};

/** Signs in as a person would: the login page's form, sent back to `then` once signed in. */
export const signInOnLoginPage = async (foyer: FoyerUnderTest, page: Page, email: string, then: string) => {
  await page.goto(`${foyer.baseUrl}/account/login?returnUrl=${encodeURIComponent(then)}`);
  await page.locator('main input[type="email"]').fill(email);
  await page.locator('main input[type="password"]').fill(STAFF_PASSWORD);
  await page.locator('main form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === then);
};

/** Calls the API from the page, as the web app does (session cookie, CSRF header). */
export const api = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ method, path, body }) => {
      const csrf = /(?:^|; )foyer_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const response = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'X-CSRF-Token': decodeURIComponent(csrf) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
    },
    { method, path, body },
  );

/** `api` that must answer 200 (the failure names the call and the answer); the body. */
export const ok = async (page: Page, method: string, path: string, body?: unknown) => {
  const answer = await api(page, method, path, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body as Record<string, unknown>;
};

/** `count` plain open seats of a performance into the clerk's basket (box office channel); their keys. */
export const holdSeats = async (page: Page, event: Event, count: number) => {
  const p = await performanceOf(new URL(page.url()).origin, event);
  const seats = plainOpenSeats(p, count).map((s) => s.Key);
  await ok(page, 'POST', '/api/baskets/additems', {
    eventId: event.ID,
    basketItems: seats.map((Key) => ({ Key })),
    salesChannel: 'BoxOffice',
  });
  return seats;
};

/**
 * Pays `amount` of a counter order by card on the counter's simulated reader, as the payment
 * page does: an intent, the card presented, the payment recorded. Must leave nothing due.
 */
export const payOnReader = async (page: Page, orderId: number, amount: number, counter: string) => {
  const intent = await ok(
    page,
    'GET',
    `/api/admin/stripeterminal/intent?amount=${amount}&currency=USD&idempotencyKey=${crypto.randomUUID()}`,
  );
  await ok(page, 'POST', '/api/admin/stripeterminal/simulate', {
    PaymentIntentId: intent.PaymentIntentId,
    Card: 'success',
  });
  const paid = await ok(page, 'POST', '/api/admin/payments', {
    OrderId: orderId,
    IdempotencyKey: crypto.randomUUID(),
    PaymentType: 'CreditCard',
    PaymentIntentId: intent.PaymentIntentId,
    Amount: amount,
    Counter: counter,
  });
  expect(paid.BalanceDue).toBe(0);
};
