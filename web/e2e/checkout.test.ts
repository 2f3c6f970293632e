import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../core/i18n/format-money.ts';
import { seriousAccessibilityViolations } from './axe.ts';
import {
  atPaymentWithOneSeat,
  confirmationOf,
  fillDetails,
  pay,
  reachPayment,
  serverBasket,
  settledAnimations,
} from './checkout-page.ts';
import { desktop, mobile, startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { performanceOf, plainOpenSeats, seatName, seatStatusOf, upcomingDates } from './seat-map-page.ts';

// The checkout as a new buyer meets it, in Chromium against the real server, the offline test
// processor and a fresh demo database: seats on Hamlet's map, the basket, the payment page
// (form rules, card rules, the test cards), the 3-D Secure step and the confirmation with its
// tickets PDF.

const money = (minor: number) => formatMoney(minor, 'en-us');

const fillCard = async (page: Page, number: string) => {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date (MM/YY)').fill('');
  await page.getByLabel('Expiry date (MM/YY)').pressSequentially('1234');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
};

describe('checkout in Chromium', () => {
  let foyer: FoyerUnderTest;
  let dataDir: string | undefined;
  let dates: Awaited<ReturnType<typeof upcomingDates>>;

  beforeAll(async () => {
    // Workers on and an outbox of its own: the order e-mail is really sent, to DATA_DIR/outbox.
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'foyer-checkout-e2e-'));
    foyer = await startFoyerUnderTest({ env: { WORKERS: 'true', DATA_DIR: dataDir } });
    dates = await upcomingDates(foyer.baseUrl, 'HAMLET');
  });

  afterAll(async () => {
    await foyer?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('pays with 4242 4242 4242 4242 and shows the confirmation with the tickets PDF, the seats sold', async () => {
    const p = await performanceOf(foyer.baseUrl, dates[2]!);
    const seats = plainOpenSeats(p, 2).map((s) => s.Key);
    const page = await foyer.openPage({ bypassCSP: true });
    await reachPayment(page, foyer.baseUrl, p, seats);
    const basket = await serverBasket(page);
    expect(await page.getByTestId('checkout-total').innerText()).toBe(money(basket.Total));
    for (const key of seats) await page.getByText(seatName(p, key)).first().waitFor();
    expect(await page.getByTestId('basket-timer').innerText()).toMatch(/^1[45]:\d\d$/);

    await fillDetails(page);
    await fillCard(page, '4242 4242 4242 4242');
    const checkouts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/checkout')) checkouts.push(r.postData() ?? '');
    });
    await pay(page);
    const order = await confirmationOf(page);
    // The card number went only to the tokenise call, never to the checkout.
    expect(checkouts).toHaveLength(1);
    expect(checkouts[0]).not.toContain('4242424242424242');
    expect(JSON.parse(checkouts[0]!)).toMatchObject({ CCLast4: '4242', CardBrand: 'Visa', CCBin: '424242' });

    expect(order.Total).toBe(basket.Total);
    expect(order.TicketItems).toHaveLength(2);
    expect(await page.getByTestId('confirmation-total').innerText()).toBe(money(order.Total));
    await page.getByText(`Your order ${order.Name} is confirmed.`).waitFor();
    await page.getByText('Visa ending 4242').waitFor();
    for (const key of seats) expect(await seatStatusOf(foyer.baseUrl, p.event.ID, key)).not.toBe('Open');

    const download = page.getByRole('link', { name: 'Download your tickets (PDF)' });
    const href = await download.getAttribute('href');
    expect(href).toBe(order.TicketsUrl);
    const pdf = await page.evaluate(async (url) => {
      const response = await fetch(url);
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { type: response.headers.get('content-type'), head: String.fromCharCode(...bytes.slice(0, 5)) };
    }, href!);
    expect(pdf.type).toContain('application/pdf');
    expect(pdf.head).toBe('%PDF-');

    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/foyer-checkout-confirmation.png', fullPage: true });
    // The basket is gone: the basket page is empty again.
    await page.goto(`${foyer.baseUrl}/checkout/basket`);
    await page.getByRole('heading', { name: 'Your basket is empty' }).waitFor();

    // The confirmation e-mail with the tickets PDF reaches the outbox (the worker sends it).
    await page.goto(`${foyer.baseUrl}/outbox`);
    const mail = page.locator('.outbox__item', { hasText: order.Name });
    for (let tries = 0; (await mail.count()) === 0; tries++) {
      expect(tries, 'the order e-mail reaches the outbox within 30 s').toBeLessThan(60);
      await page.waitForTimeout(500);
      await page.getByRole('button', { name: 'Refresh' }).click();
    }
    await expect.poll(() => mail.innerText()).toContain('ada@example.com');
    await mail.click();
    const attachment = page.locator('a.outbox__attachment');
    await attachment.waitFor();
    const mailed = await page.evaluate(
      async (url) => {
        const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
        return String.fromCharCode(...bytes.slice(0, 5));
      },
      (await attachment.getAttribute('href'))!,
    );
    expect(mailed).toBe('%PDF-');
    await page.screenshot({ path: '/tmp/foyer-checkout-outbox.png', fullPage: true });

    // Somebody else's browser may not see the order.
    const stranger = await foyer.openPage();
    await stranger.goto(`${foyer.baseUrl}/checkout/confirmation/${order.ID}`);
    await stranger.waitForURL((url) => url.pathname.toLowerCase() === '/order/unauthorized');
    await stranger.context().close();
    await page.context().close();
  });

  it('checks the form on blur and on Pay, scrolls to the first error, and helps with the e-mail and card', async () => {
    const p = await performanceOf(foyer.baseUrl, dates[3]!);
    const page = await foyer.openPage({ bypassCSP: true });
    await reachPayment(
      page,
      foyer.baseUrl,
      p,
      plainOpenSeats(p, 1).map((s) => s.Key),
    );

    // Nothing shows while typing; leaving a required field empty flags it.
    await page.getByLabel('First name').focus();
    await page.getByLabel('Last name').focus();
    await page.getByText('First name is required.').waitFor();
    expect(await page.getByText('Last name is required.').count()).toBe(0);

    // Pay with an empty form: nothing is sent, every error shows, the first is scrolled to.
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/checkout') || r.url().includes('/api/offline/tokens')) sent += 1;
    });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await pay(page);
    await page.getByText('Last name is required.').waitFor();
    await page.getByText('Please accept the terms of service to continue.').waitFor();
    await page.getByText('Your card number is incomplete.').waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'checkout-FirstName');
    // Scrolled (smoothly) until the field is in view.
    await page.waitForFunction(() => {
      const box = document.getElementById('checkout-FirstName')!.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    });
    expect(sent).toBe(0);

    // The e-mail typo suggester offers the popular domain.
    await page.getByLabel('E-mail').fill('ada@gmial.com');
    await page.getByLabel('E-mail').blur();
    await page.getByText('Did you mean ada@gmail.com?').waitFor();
    await page.getByRole('button', { name: 'Use this address' }).click();
    expect(await page.getByLabel('E-mail').inputValue()).toBe('ada@gmail.com');

    // The card rules: brand from the digits, MM/YY with a 0 put in front, Luhn.
    await page.getByLabel('Card number').fill('4242424242424241');
    expect(await page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4241');
    await page.getByText('Card type: Visa').waitFor();
    await page.getByLabel('Card number').blur();
    await page.getByText('Your card number is invalid.').waitFor();
    await page.getByLabel('Expiry date (MM/YY)').fill('');
    await page.getByLabel('Expiry date (MM/YY)').pressSequentially('4');
    expect(await page.getByLabel('Expiry date (MM/YY)').inputValue()).toBe('04/');
    await page.getByLabel('Card number').fill('3782 822463 10005');
    await page.getByText('Card type: American Express').waitFor();
    expect(await page.getByLabel('Security code').getAttribute('maxlength')).toBe('4');
    await page.context().close();
  });

  it('shows the declined modal for 4000 0000 0000 0002, stays on payment, and then pays with another card', async () => {
    const p = await performanceOf(foyer.baseUrl, dates[4]!);
    const page = await foyer.openPage({ bypassCSP: true });
    await atPaymentWithOneSeat(page, foyer.baseUrl, p);
    await fillCard(page, '4000 0000 0000 0002');
    const keys: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/checkout')) keys.push(JSON.parse(r.postData() ?? '{}').IdempotencyKey);
    });
    await pay(page);
    const modal = page.getByRole('alertdialog', { name: 'Your card was declined' });
    await modal.waitFor();
    expect(await page.getByTestId('payment-problem').innerText()).toMatch(/declined/i);
    await settledAnimations(page);
    await page.screenshot({ path: '/tmp/foyer-checkout-declined.png' });
    await modal.getByRole('button', { name: 'OK' }).click();
    await modal.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/checkout/payment');
    expect((await serverBasket(page)).TicketItems).toHaveLength(1);

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay(page);
    await confirmationOf(page);
    // A new attempt after the decline: a new idempotency key.
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
    await page.context().close();
  });

  it('authenticates 4000 0025 0000 3155 (3-D Secure), resubmits with the same key and confirms', async () => {
    const p = await performanceOf(foyer.baseUrl, dates[5]!);
    const page = await foyer.openPage({ bypassCSP: true });
    await atPaymentWithOneSeat(page, foyer.baseUrl, p);
    await fillCard(page, '4000 0025 0000 3155');
    const requests: { IdempotencyKey: string; PaymentIntentId?: string }[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/checkout')) requests.push(JSON.parse(r.postData() ?? '{}'));
    });
    await pay(page);
    const step = page.getByRole('dialog', { name: 'Confirm your payment' });
    await step.waitFor();
    await settledAnimations(page);
    await page.screenshot({ path: '/tmp/foyer-checkout-3ds.png' });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const bank = await openBankPage(page);
    await bank.target.getByRole('button', { name: 'Complete' }).click();
    await bank.target.getByText('Authentication complete').waitFor();
    await page.screenshot({ path: '/tmp/foyer-checkout-3ds-done.png' });
    // Closing the bank's window continues; in a frame, the buyer says so.
    await bank.done();

    const order = await confirmationOf(page);
    expect(order.Payment.CCLast4).toBe('3155');
    expect(requests).toHaveLength(2);
    expect(requests[1]!.IdempotencyKey).toBe(requests[0]!.IdempotencyKey);
    expect(requests[1]!.PaymentIntentId).toMatch(/\S/);
    await page.context().close();
  });

  it('has no serious accessibility violations on the payment page, and fits a 375 px phone', async () => {
    const p = await performanceOf(foyer.baseUrl, dates[6]!);
    const page = await foyer.openPage({ bypassCSP: true });
    await reachPayment(
      page,
      foyer.baseUrl,
      p,
      plainOpenSeats(p, 2).map((s) => s.Key),
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/foyer-checkout-payment-desktop.png', fullPage: true });
    await page.setViewportSize(mobile);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(mobile.width);
    await page.screenshot({ path: '/tmp/foyer-checkout-payment-mobile.png', fullPage: true });
    await pay(page);
    await page.getByText('First name is required.').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/foyer-checkout-payment-mobile-errors.png' });
    await page.setViewportSize(desktop);
    await page.context().close();
  });

  it('counts the WorldPay error screen down from 7 seconds, singular at the end, then goes to redirectUrl', async () => {
    const page = await foyer.openPage();
    await page.goto(`${foyer.baseUrl}/checkout/worldPayError?redirectUrl=%2Fcheckout%2Fbasket`);
    const countdown = page.getByTestId('world-pay-countdown');
    expect(await countdown.innerText()).toMatch(/^Redirecting in [67] seconds$/);
    await page.getByText('Redirecting in 1 second', { exact: true }).waitFor({ timeout: 10_000 });
    await page.waitForURL((url) => url.pathname === '/checkout/basket', { timeout: 5000 });
    // Another site is never a redirect target.
    await page.goto(`${foyer.baseUrl}/checkout/worldPayError?redirectUrl=https%3A%2F%2Fevil.example%2F`);
    await page
      .getByRole('button', { name: 'Go back now' })
      .or(page.getByRole('link', { name: 'Go back now' }))
      .click();
    await page.waitForURL(
      (url) => url.pathname === '/checkout/payment' || url.pathname === '/checkout/basket',
    );
    expect(new URL(page.url()).host).toBe(new URL(foyer.baseUrl).host);
    await page.context().close();
  });
});

/** The bank's page: in the step's frame, or in the window the step opens. */
const openBankPage = async (page: Page): Promise<{ target: Page | Frame; done: () => Promise<void> }> => {
  const step = page.getByRole('dialog', { name: 'Confirm your payment' });
  const open = step.getByRole('button', { name: 'Open your bank’s page' });
  const frame = step.locator('iframe');
  await open.or(frame).first().waitFor();
  if (await frame.count()) {
    const content = await (await frame.elementHandle())!.contentFrame();
    return {
      target: content!,
      done: () => step.getByRole('button', { name: 'I have confirmed, continue' }).click(),
    };
  }
  const popup = page.waitForEvent('popup');
  await open.click();
  const window = await popup;
  return { target: window, done: () => window.close() };
};
