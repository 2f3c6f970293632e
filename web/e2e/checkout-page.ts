import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { BasketViewModel } from '../../adapters/http/contract/basket.ts';
import { Confirmation } from '../../adapters/http/contract/checkout.ts';
import { clickSeat, openSeatMap, plainOpenSeats, type Performance } from './seat-map-page.ts';

// The buyer's way through checkout, shared by the checkout browser tests.

export const serverBasket = async (page: Page) =>
  BasketViewModel.parse(
    await page.evaluate(async () => (await fetch('/api/baskets/viewmodel', { cache: 'no-store' })).json()),
  ).Basket;

/** Seats on the map, Continue, a delivery method on the basket page, Checkout: the payment page. */
export const reachPayment = async (page: Page, baseUrl: string, p: Performance, keys: readonly string[]) => {
  await openSeatMap(page, baseUrl, p);
  for (const [i, key] of keys.entries()) {
    await clickSeat(page, p, key);
    await page.getByText(i === 0 ? '1 ticket' : `${i + 1} tickets`, { exact: true }).waitFor();
  }
  await page.waitForFunction(
    () => !(document.querySelector('.footer-cart__continue') as HTMLButtonElement).disabled,
  );
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname === '/checkout/basket');
  const chosen = page.waitForResponse((r) => r.url().includes('/api/baskets/changedeliverymethod/'));
  await page.getByRole('radio', { name: /^Print at home/ }).check();
  expect((await chosen).status()).toBe(200);
  await page.waitForFunction(() => !document.querySelector('.basket-updating--on'));
  await page.getByRole('button', { name: /^Checkout/ }).click();
  await page.waitForURL((url) => url.pathname === '/checkout/payment');
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
};

export const fillDetails = async (page: Page) => {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('E-mail').fill('ada@example.com');
  await page.getByLabel('Address line 1').fill('1 Analytical Row');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('Postal code').fill('62701');
  await page.getByRole('checkbox', { name: 'I have read and accept the terms of service' }).check();
};

export const pay = (page: Page) => page.getByRole('button', { name: /^Pay \$/ }).click();

/**
 * Waits for the confirmation page (its heading in the page's language) and answers the order it
 * shows, as the server has it.
 */
export const confirmationOf = async (page: Page, title = 'Thank you for your order') => {
  await page.waitForURL((url) => url.pathname.startsWith('/checkout/confirmation/'), { timeout: 20_000 });
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  const orderId = Number(new URL(page.url()).pathname.split('/').pop());
  const answer = await page.evaluate(
    async (id) => (await fetch(`/api/confirmation/${id}`, { cache: 'no-store' })).json(),
    orderId,
  );
  return Confirmation.parse(answer).Order;
};

/**
 * Lets a dialog's opening animation finish before a screenshot. An animation cancelled meanwhile
 * (a spinner whose element went away) is settled too: its `finished` rejects with AbortError.
 */
export const settledAnimations = (page: Page) =>
  page
    .evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    )
    .then(() => undefined);

/** A new buyer on the payment page with one plain open seat of this performance, details filled in. */
export const atPaymentWithOneSeat = async (page: Page, baseUrl: string, p: Performance) => {
  await reachPayment(
    page,
    baseUrl,
    p,
    plainOpenSeats(p, 1).map((s) => s.Key),
  );
  await fillDetails(page);
};
