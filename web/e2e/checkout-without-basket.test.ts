import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';

// The checkout's pages opened by a browser that has no basket, each in a fresh context (a new
// tab with nothing in its history): the payment page, and the off-site payments' return pages
// with and without their query.

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The page still answers (its main thread is not stuck), or 'stuck' after a second. */
const responsive = (page: Page) =>
  Promise.race([
    page.evaluate(() => 'responsive'),
    new Promise<string>((resolve) => setTimeout(() => resolve('stuck'), 1000)),
  ]);

/** Longer than the few seconds after which a tab that closes itself used to close. */
const stillOpenAfterAWhile = async (page: Page) => {
  await new Promise((resolve) => setTimeout(resolve, 4000));
  return !page.isClosed();
};

describe('the checkout without a basket, in Chromium', () => {
  let foyer: FoyerUnderTest;

  beforeAll(async () => {
    foyer = await startFoyerUnderTest();
  });

  afterAll(async () => {
    await foyer?.stop();
  });

  it('goes from /checkout/payment to the empty basket page, and the tab stays open', async () => {
    const page = await foyer.openPage();
    let closed = false;
    page.on('close', () => (closed = true));
    await page.goto(`${foyer.baseUrl}/checkout/payment`);
    await page.waitForURL((url) => url.pathname === '/checkout/basket', { timeout: 10_000 });
    await page.getByRole('heading', { name: 'Your basket is empty' }).waitFor({ timeout: 10_000 });
    expect(await stillOpenAfterAWhile(page)).toBe(true);
    expect(closed).toBe(false);
    expect(pathOf(page)).toBe('/checkout/basket');
    expect(await responsive(page)).toBe('responsive');
    await page.screenshot({ path: '/tmp/foyer-e2e-payment-without-basket.png', fullPage: true });
    await page.context().close();
  });

  it('goes from a WorldPay return it cannot complete, through payment, to the empty basket page', async () => {
    const page = await foyer.openPage();
    // A return with part of WorldPay's query: back to payment, which has no basket to show.
    await page.goto(`${foyer.baseUrl}/checkout/orderProcessing?orderKey=ADMIN%5EMERCHANT%5EF-1`);
    await page.waitForURL((url) => url.pathname === '/checkout/basket', { timeout: 10_000 });
    await page.getByRole('heading', { name: 'Your basket is empty' }).waitFor({ timeout: 10_000 });
    expect(await stillOpenAfterAWhile(page)).toBe(true);
    expect(pathOf(page)).toBe('/checkout/basket');
    expect(await responsive(page)).toBe('responsive');
    await page.context().close();
  });

  for (const path of ['/checkout/payment', '/checkout/basket'])
    it(`goes from ${path} to the expired page when the tab had a basket the server no longer has`, async () => {
      const page = await foyer.openPage();
      // What the basket page remembers in the tab once it has shown a basket (basket-session.ts).
      await page.addInitScript(() => sessionStorage.setItem('foyer.basket.seen', 'a-basket-now-gone'));
      await page.goto(`${foyer.baseUrl}${path}`);
      await page.waitForURL((url) => url.pathname === '/basket/expired', { timeout: 10_000 });
      await page.getByRole('heading', { name: 'Your basket has expired' }).waitFor({ timeout: 10_000 });
      expect(await stillOpenAfterAWhile(page)).toBe(true);
      expect(await responsive(page)).toBe('responsive');
      await page.context().close();
    });

  for (const path of ['/checkout/orderProcessing', '/checkout/afterPay'])
    it(`shows the error on ${path} without its query, with the ways to the basket and the storefront`, async () => {
      // bypassCSP: the accessibility check injects its script.
      const page = await foyer.openPage({ bypassCSP: true });
      const sent: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/checkout') || r.url().includes('/api/afterpay')) sent.push(r.url());
      });
      await page.goto(`${foyer.baseUrl}${path}`);
      await page
        .getByRole('heading', { level: 1, name: 'Something went wrong' })
        .waitFor({ timeout: 10_000 });
      await page.getByText('Error completing request').waitFor();
      const toStorefront = page.getByRole('link', { name: 'Back to What’s on' });
      expect(await toStorefront.getAttribute('href')).toBe('/');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.screenshot({
        path: `/tmp/foyer-e2e-${path.split('/').pop()}-without-query.png`,
        fullPage: true,
      });
      // It stays: nothing was sent, nothing goes on by itself.
      expect(await stillOpenAfterAWhile(page)).toBe(true);
      expect(pathOf(page)).toBe(path);
      expect(sent).toEqual([]);
      await page.getByRole('link', { name: 'Go to your basket' }).click();
      await page.waitForURL((url) => url.pathname === '/checkout/basket');
      await page.getByRole('heading', { name: 'Your basket is empty' }).waitFor();
      await page.goBack();
      await toStorefront.click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.context().close();
    });
});
