import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../adapters/http/contract/catalogue.ts';
import { CounterCheckoutAnswer } from '../../adapters/http/contract/counter.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { seatStatusOf, upcomingDates } from './seat-map-page.ts';
import {
  SUPERVISOR,
  decimal,
  holdSeats,
  money,
  ok,
  payOnReader,
  screenshots,
  signIn,
} from './staff-session.ts';

// Exchanges in Chromium against the real server and a fresh demo database: a supervisor opens an
// exchange basket from an order (sent to the series' sell screen with the exchange's id, the map
// first and no promo), sees the exchange banner on the sell and basket screens, is sent from the
// payment page to the exchange's own, completes the swap and settles the difference: one ticket
// for two on another night paid in cash; two tickets paid partly by card for one, the money back
// to the card as suggested. Screenshots in /tmp/shots/.

const shot = screenshots('/tmp/shots/exchange-');

/** `count` seats sold at the counter: all in cash, or `cash` in cash and the rest by card on the reader. */
const counterOrder = async (page: Page, event: Event, count: number, cash: number | null) => {
  await holdSeats(page, event, count);
  const who = `Xavier${Date.now()}`;
  const made = await ok(page, 'POST', '/api/admin/customers', {
    FirstName: who,
    LastName: 'Exchange',
    Email: `${who.toLowerCase()}@example.com`,
  });
  await ok(page, 'PUT', `/api/admin/baskets/updatecustomer/${String(made.CustomerId)}`);
  const sold = CounterCheckoutAnswer.parse(
    await ok(page, 'POST', '/api/checkout/pos', {
      IdempotencyKey: crypto.randomUUID(),
      PaymentType: 'Cash',
      ...(cash === null ? {} : { Amount: cash }),
      AmountTendered: 10_000_000,
      Counter: 'Window 4',
    }),
  );
  if (cash !== null) await payOnReader(page, sold.Order.ID, sold.BalanceDue, 'Window 4');
  return { id: sold.Order.ID, name: sold.Order.Name };
};

/** What the order's tickets were sold for (price and fees): the exchange's credit. */
const creditOf = async (page: Page, orderId: number) => {
  const vm = await ok(page, 'GET', '/api/baskets/exchangeviewmodel');
  expect(vm.orderId).toBe(orderId);
  return vm.credit as number;
};

/**
 * Starts the exchange from the order page: find the order, click Exchange tickets, confirm, land
 * on the series' sell screen with the exchange's id, the map first and no promo code.
 */
const startExchange = async (foyer: FoyerUnderTest, page: Page, order: { id: number; name: string }) => {
  await page.goto(`${foyer.baseUrl}/admin/orders?q=${order.name}`);
  await page.getByTestId('order-search-results').getByRole('link', { name: order.name }).click();
  await page.waitForURL((url) => url.pathname === `/admin/orders/${order.id}`);
  await page.getByRole('button', { name: 'Exchange tickets' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Choose new seats' }).click();
  await page.waitForURL((url) => url.pathname === '/admin/selltickets/seriestickets/HAMLET');
  const params = new URL(page.url()).searchParams;
  expect(params.get('defaultToMap')).toBe('true');
  expect(params.get('promo')).toBe('');
  const started = await openExchangeId(page, order.id);
  expect(params.get('orderId')).toBe(started);
  return started;
};

/** The open exchange of the order, as the exchange basket's view model names it. */
const openExchangeId = async (page: Page, orderId: number) => {
  const vm = await ok(page, 'GET', '/api/baskets/exchangeviewmodel');
  expect(vm.orderId).toBe(orderId);
  return vm.exchangeGlobalId as string;
};

/** The exchange payment page's figure. */
const figure = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).trim();

describe('exchanges in Chromium', { timeout: 180_000 }, () => {
  let foyer: FoyerUnderTest;
  let dates: Event[];
  let page: Page;

  beforeAll(async () => {
    await mkdir('/tmp/shots', { recursive: true });
    foyer = await startFoyerUnderTest();
    dates = await upcomingDates(foyer.baseUrl, 'HAMLET');
    page = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, page, SUPERVISOR, '/admin/v2/sell-tickets');
  });

  afterAll(async () => {
    await foyer?.stop();
  });

  it('exchanges one ticket for two on another night and takes the difference in cash', async () => {
    const order = await counterOrder(page, dates[3]!, 1, null);
    await startExchange(foyer, page, order);
    const credit = await creditOf(page, order.id);
    const banner = page.getByTestId('exchange-banner');
    await banner.getByText(`Exchanging order ${order.name}: 1 ticket, credit ${money(credit)}`).waitFor();
    await shot(page, '1-series-banner');

    await holdSeats(page, dates[5]!, 2);
    await page.goto(`${foyer.baseUrl}/admin/checkout/basket`);
    await banner.waitFor();
    expect(await banner.innerText()).toContain('To pay:');
    await shot(page, '2-basket-banner');

    // The counter's payment page sends an exchange basket to the exchange's own.
    await page.goto(`${foyer.baseUrl}/admin/checkout/payment`);
    await page.waitForURL((url) => url.pathname === '/admin/checkout/exchange/payment');
    await page.getByTestId('exchange-new-items').waitFor();
    expect(await page.getByTestId('exchange-old-tickets').locator('li').count()).toBe(1);
    expect(await page.getByTestId('exchange-new-items').locator('li').count()).toBe(2);
    const owed = await figure(page, 'exchange-remaining');
    expect(await figure(page, 'exchange-difference')).toBe(owed);
    await shot(page, '3-exchange-payment');

    await page.getByRole('button', { name: 'Complete exchange' }).click();
    await page.getByText(`Exchange complete. The customer owes ${owed}.`).waitFor();
    await shot(page, '4-completed');
    await page.getByRole('link', { name: 'Take payment' }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/admin/checkout/payment' && url.searchParams.get('orderId') === String(order.id),
    );
    const due = Number(owed.replace(/[$,]/g, '').replace('.', ''));
    await page.getByTestId('counter-balance-panel').getByText(`Balance left: ${owed}`).waitFor();
    await page.getByRole('radio', { name: 'Cash' }).check();
    await page.getByLabel(/^Cash tendered/).fill(decimal(due + 500));
    await page.getByRole('button', { name: `Take ${owed}` }).click();
    await page.getByText(`Order ${order.name} is paid`).waitFor();
    await shot(page, '5-paid');
    const balance = await ok(page, 'GET', `/api/admin/orders/${order.id}/balance`);
    expect(balance.BalanceDue).toBe(0);
  });

  it('exchanges two tickets paid partly by card for one, giving the difference back to the card', async () => {
    const order = await counterOrder(page, dates[4]!, 2, 1_000);
    await startExchange(foyer, page, order);
    await holdSeats(page, dates[6]!, 1);
    await page.goto(`${foyer.baseUrl}/admin/checkout/exchange/payment`);
    await page.getByTestId('exchange-new-items').waitFor();
    const back = await figure(page, 'exchange-remaining');
    await page.getByRole('button', { name: 'Complete exchange' }).click();
    const refund = page.getByTestId('exchange-refund');
    await refund.waitFor();
    await shot(page, '6-refund-lines');
    // The refund rules' suggestion: the older payment (the cash) first, then the card.
    const cashLine = refund.getByRole('textbox', { name: /^Refund from Cash/ });
    const cardLine = refund.getByRole('textbox', { name: /^Refund from .*(Card|••••)/ });
    const backMinor = Number(back.replace(/[$,]/g, '').replace('.', ''));
    expect(await cashLine.inputValue()).toBe(decimal(1_000));
    expect(await cardLine.inputValue()).toBe(decimal(backMinor - 1_000));
    // The clerk gives it all back to the original card instead.
    await cashLine.fill('0.00');
    await cardLine.fill(decimal(backMinor));
    await refund.getByRole('button', { name: `Refund ${back}` }).click();
    await page.getByText(`Exchange complete: order ${order.name} owes nothing.`).waitFor();
    await shot(page, '7-refunded');
    const balance = await ok(page, 'GET', `/api/admin/orders/${order.id}/balance`);
    expect(balance.BalanceDue).toBe(0);
    // The card gave it back; the cash is untouched.
    const after = await ok(page, 'GET', '/api/baskets/exchangeviewmodel');
    const left = (after.payments as { paymentType: string; amount: number }[]).map((p) => [
      p.paymentType,
      p.amount,
    ]);
    expect(left[0]).toEqual(['Cash', 1_000]);
    expect(left[1]![0]).toBe('CreditCard');
  });

  it('abandons an exchange from its banner: the seats go back, the order keeps its tickets', async () => {
    const order = await counterOrder(page, dates[3]!, 1, null);
    await startExchange(foyer, page, order);
    const [seat] = await holdSeats(page, dates[6]!, 1);
    await page.goto(`${foyer.baseUrl}/admin/checkout/basket`);
    const banner = page.getByTestId('exchange-banner');
    await banner.getByRole('button', { name: 'Abandon exchange' }).click();
    const confirm = page.getByRole('dialog', { name: `Abandon the exchange of order ${order.name}?` });
    await confirm.getByText(`Order ${order.name} keeps its tickets as they are.`).waitFor();
    await shot(page, '8-abandon-confirm');
    await confirm.getByRole('button', { name: 'Abandon it' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/orders/${order.id}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(`^${order.name}`) }).waitFor();
    await page.getByRole('button', { name: 'Exchange tickets' }).waitFor();
    await shot(page, '9-abandoned');
    const detail = await ok(page, 'GET', `/api/admin/orders/${order.id}`);
    expect((detail.Tickets as { Status: string }[]).map((t) => t.Status)).toEqual(['Active']);
    // The seat chosen for the exchange is on sale again.
    expect(await seatStatusOf(foyer.baseUrl, dates[6]!.ID, seat!)).toBe('Open');
  });
});
