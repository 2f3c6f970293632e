import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Event } from '../../adapters/http/contract/catalogue.ts';
import type { PrintedTicket } from '../../test/stand-ins/printers/fgl-printer.ts';
import { fillBuyer, soldBanner, toPayment } from './counter-page.ts';
import type { FoyerUnderTest } from './foyer-under-test.ts';
import { api, holdSeats, ok } from './staff-session.ts';

// The counter's POS bridge in the browser tests: the page told where the bridge is (as a
// counter's browser keeps it in localStorage), a cash sale delivered at the box office, and what
// the simulated printers printed.

/** A page whose web app calls the bridge at `bridgeUrl` (its self-signed certificate accepted). */
export const openCounterPage = async (foyer: FoyerUnderTest, bridgeUrl: string) => {
  const page = await foyer.openPage({ bypassCSP: true, ignoreHTTPSErrors: true });
  await page.addInitScript((url) => localStorage.setItem('foyer.pos.bridgeUrl', url), bridgeUrl);
  return page;
};

/** Nothing listens on port 1: a counter without a bridge. */
export const NO_BRIDGE = 'https://127.0.0.1:1';

/** The staff basket with its lines, delivery at the box office (PointOfSale) chosen. */
export const openBasket = async (foyer: FoyerUnderTest, page: Page) => {
  await page.goto(`${foyer.baseUrl}/admin/v2/checkout/basket`);
  await page.getByRole('heading', { level: 1, name: 'Basket' }).waitFor();
  await page.locator('.basket-line').nth(1).waitFor();
  const chosen = page.waitForResponse((r) => r.url().includes('/api/baskets/changedeliverymethod/'));
  await page.getByRole('radio', { name: /^Box office collection/ }).check();
  expect((await chosen).status()).toBe(200);
  await page.waitForFunction(() => !document.querySelector('.basket-updating--on'));
};

/** The basket's total, minor units. */
export const basketTotal = async (page: Page) => {
  const vm = await api(page, 'GET', '/api/baskets/viewmodel');
  return (vm.body as { Basket: { Total: number } }).Basket.Total;
};

/**
 * From the staff basket (open, with its delivery chosen), pays its total in cash with `change`
 * given back; the order's id and name, and the banner's words back at the sell screen.
 */
export const payCash = async (page: Page, change: number) => {
  const total = await basketTotal(page);
  await toPayment(page);
  await fillBuyer(page);
  await page.getByRole('radio', { name: 'Cash' }).check();
  await page.getByLabel(/^Cash tendered/).fill(((total + change) / 100).toFixed(2));
  const paid = page.waitForResponse((r) => r.url().endsWith('/api/checkout/pos'));
  await page.getByRole('button', { name: /^Take / }).click();
  const answer = (await (await paid).json()) as { Order: { ID: number; Name: string } };
  const banner = await soldBanner(page);
  return { orderId: answer.Order.ID, orderName: answer.Order.Name, banner };
};

/** Sells `seats` (2 or more) seats of `event` for cash with `change` given back (payCash). */
export const sellForCash = async (
  foyer: FoyerUnderTest,
  page: Page,
  event: Event,
  seats: number,
  change: number,
) => {
  await holdSeats(page, event, seats);
  await openBasket(foyer, page);
  return payCash(page, change);
};

export interface OrderTicketRow {
  readonly Id: number;
  readonly Barcode: string;
  readonly Printed: boolean;
  readonly Status: string;
}

/** The order as the order page reads it: its tickets and whether it awaits printing. */
export const orderOf = async (page: Page, orderId: number) => {
  const order = await ok(page, 'GET', `/api/admin/orders/${orderId}`);
  return {
    tickets: order.Tickets as OrderTicketRow[],
    awaitingPrint: (order.Delivery as { AwaitingPrint: boolean }).AwaitingPrint,
  };
};

/** The barcode each printed ticket carries in its QR code. */
export const barcodesOf = (tickets: readonly PrintedTicket[]) =>
  tickets.map((t) => t.items.find((i) => i.kind === 'qr')).map((i) => (i?.kind === 'qr' ? i.data : null));

/** The texts printed on a ticket. */
export const textsOf = (ticket: PrintedTicket) =>
  ticket.items.flatMap((i) => (i.kind === 'text' ? [i.text] : []));

export const sorted = <T>(values: readonly T[]) => [...values].sort();
