import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventProducts } from '../../adapters/http/contract/basket.ts';
import { WebTickets } from '../../adapters/http/contract/web-tickets.ts';
import { confirmationOf, fillDetails, pay, serverBasket } from './checkout-page.ts';
import { mobile, startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { SELLER, signIn } from './staff-session.ts';
import {
  clickSeat,
  openSeatMap,
  performanceOf,
  plainOpenSeats,
  upcomingDates,
  type Performance,
} from './seat-map-page.ts';

// The product selection page and the web tickets page in Chromium against the real server and
// the demo data: Hamlet's interval drink is a product with variants, its glasses of wine counted
// in stock. A buyer with a seat picks two glasses on /products/{eventId}/selection, sees what is
// left go down, buys them with the seat, then opens their tickets' QR codes on the phone: by order
// number as the buyer, by the order's link from anywhere, and from the page's saved copy offline.

const WINE = 'Interval drink, Glass of wine';

const eventProducts = async (baseUrl: string, eventId: number) =>
  EventProducts.parse(await (await fetch(`${baseUrl}/api/v2/products/event/${eventId}`)).json());

const wineStock = async (baseUrl: string, eventId: number) => {
  const wine = (await eventProducts(baseUrl, eventId)).Products.find(
    (p) => p.VariantName === 'Glass of wine',
  );
  return wine!.Stock!;
};

describe('products bought from the selection page, and the web tickets', () => {
  let foyer: FoyerUnderTest;
  let p: Performance;
  let buyer: Page;
  let orderId = 0;
  let barcodes: string[] = [];

  const stepper = () => buyer.getByRole('group', { name: `Quantity of ${WINE}` });
  const wineLeft = () =>
    buyer
      .getByTestId(/^variant-/)
      .filter({ has: stepper() })
      .getByTestId('stock-left');

  beforeAll(async () => {
    foyer = await startFoyerUnderTest();
    const dates = await upcomingDates(foyer.baseUrl, 'HAMLET');
    p = await performanceOf(foyer.baseUrl, dates[4]!);
    buyer = await foyer.openPage({ viewport: mobile });
  }, 120_000);

  afterAll(async () => {
    await foyer?.stop();
  });

  it('shows the variants with prices and stock, steps never below 0, and adds them to the basket', async () => {
    const before = await wineStock(foyer.baseUrl, p.event.ID);
    expect(before).toBeGreaterThan(2);
    // A seat first: the drinks go with it.
    await openSeatMap(buyer, foyer.baseUrl, p);
    const [seat] = plainOpenSeats(p, 1);
    await clickSeat(buyer, p, seat!.Key);
    await buyer.getByText('1 ticket', { exact: true }).waitFor();
    await buyer.waitForFunction(
      () => !(document.querySelector('.footer-cart__continue') as HTMLButtonElement).disabled,
    );
    await buyer.getByRole('button', { name: 'Continue' }).click();
    await buyer.waitForURL((url) => url.pathname === '/checkout/basket');

    await buyer.goto(`${foyer.baseUrl}/products/${p.event.ID}/selection`);
    await buyer.getByRole('heading', { level: 1, name: 'Add-ons for your visit' }).waitFor();
    await expect.poll(() => wineLeft().innerText()).toBe(`${before} left`);
    await buyer.getByText('$9.50 each').first().waitFor();
    // Soft drinks are not counted: no "left", and they may be added.
    const soft = buyer.getByRole('group', { name: 'Quantity of Interval drink, Soft drink' });
    expect(
      await buyer
        .getByTestId(/^variant-/)
        .filter({ has: soft })
        .getByTestId('stock-left')
        .count(),
    ).toBe(0);
    expect(await soft.getByRole('button', { name: 'One more Interval drink, Soft drink' }).isDisabled()).toBe(
      false,
    );
    expect(await stepper().getByRole('textbox').inputValue()).toBe('0');
    expect(
      await stepper()
        .getByRole('button', { name: `One ${WINE} fewer` })
        .isDisabled(),
    ).toBe(true);

    const more = stepper().getByRole('button', { name: `One more ${WINE}` });
    await more.click();
    await more.click();
    expect(await stepper().getByRole('textbox').inputValue()).toBe('2');
    expect(await wineLeft().innerText()).toBe(`${before - 2} left`);
    expect(await buyer.getByTestId('selection-total').innerText()).toBe('Total: $19.00');

    await buyer.getByRole('button', { name: 'Add to basket' }).click();
    await buyer.waitForURL((url) => url.pathname === '/checkout/basket');
    const basket = await serverBasket(buyer);
    expect(basket.TicketItems.map((t) => t.Key)).toEqual([seat!.Key]);
    expect(
      [...basket.ProductItems, ...basket.EventTemplateProductItems].map((l) => [l.Name, l.Quantity]),
    ).toEqual([['Interval drink (Glass of wine)', 2]]);
    // The basket holds the two glasses: they have left the stock everyone sees.
    expect(await wineStock(foyer.baseUrl, p.event.ID)).toBe(before - 2);

    // Back on the selection page the basket's glasses are the starting point.
    await buyer.goto(`${foyer.baseUrl}/products/${p.event.ID}/selection`);
    await expect.poll(() => stepper().getByRole('textbox').inputValue()).toBe('2');
    expect(await wineLeft().innerText()).toBe(`${before - 2} left`);
  });

  it('buys them with the seat; the web tickets page shows the order’s barcodes as QR codes', async () => {
    await buyer.goto(`${foyer.baseUrl}/checkout/basket`);
    const chosen = buyer.waitForResponse((r) => r.url().includes('/api/baskets/changedeliverymethod/'));
    await buyer.getByRole('radio', { name: /^Print at home/ }).check();
    expect((await chosen).status()).toBe(200);
    await buyer.waitForFunction(() => !document.querySelector('.basket-updating--on'));
    await buyer.getByRole('button', { name: /^Checkout/ }).click();
    await buyer.waitForURL((url) => url.pathname === '/checkout/payment');
    await fillDetails(buyer);
    await buyer.getByLabel('Card number').fill('4242 4242 4242 4242');
    await buyer.getByLabel('Expiry date (MM/YY)').fill('');
    await buyer.getByLabel('Expiry date (MM/YY)').pressSequentially('1234');
    await buyer.getByLabel('Security code').fill('123');
    await buyer.getByLabel('Name on card').fill('Ada Lovelace');
    await pay(buyer);
    const order = await confirmationOf(buyer);
    orderId = order.ID;
    barcodes = order.TicketItems.map((t) => t.Barcode);
    expect(barcodes).toHaveLength(1);

    await buyer.goto(`${foyer.baseUrl}/tickets/bundle/${orderId}/event/${p.event.ID}`);
    await buyer.getByRole('heading', { level: 1, name: p.event.Name }).waitFor();
    expect(await buyer.getByTestId('web-ticket-barcode').allInnerTexts()).toEqual(barcodes);
    // The seat the buyer chose, as the order has it.
    const ticket = order.TicketItems[0]!;
    const card = await buyer.getByTestId('web-ticket').innerText();
    expect(card).toContain(ticket.Row!);
    expect(card).toContain(ticket.SeatID!);
    const qr = buyer.getByRole('img', { name: `Barcode ${barcodes[0]}` });
    await qr.waitFor();
    // The QR code is drawn: an SVG image with a real size, not a broken picture.
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });

  it("opens for the holder of the order's link, not for someone with the order number only", async () => {
    const own = WebTickets.parse(
      await buyer.evaluate(
        async (url) => (await fetch(url, { cache: 'no-store' })).json(),
        `/api/v2/webtickets/${orderId}/event/${p.event.ID}`,
      ),
    );
    expect(own.Path).toMatch(new RegExp(`^/tickets/bundle/[0-9a-f]{64}/event/${p.event.ID}$`));

    const stranger = await foyer.openPage({ viewport: mobile });
    await stranger.goto(`${foyer.baseUrl}/tickets/bundle/${orderId}/event/${p.event.ID}`);
    await stranger.getByText('These tickets belong to another order.', { exact: false }).waitFor();
    expect(await stranger.getByTestId('web-ticket-barcode').count()).toBe(0);

    await stranger.goto(`${foyer.baseUrl}${own.Path}`);
    await stranger.getByRole('heading', { level: 1, name: p.event.Name }).waitFor();
    expect(await stranger.getByTestId('web-ticket-barcode').allInnerTexts()).toEqual(barcodes);
    await stranger.context().close();
  });

  it('sends staff to their own screens: the selection page is for buyers', async () => {
    const seller = await foyer.openPage();
    await signIn(foyer, seller, SELLER, `/products/${p.event.ID}/selection`);
    await seller.waitForURL((url) => url.pathname.startsWith('/admin'));
    expect(await seller.getByRole('button', { name: 'Add to basket' }).count()).toBe(0);
    await seller.context().close();
  });

  it('shows the saved tickets when the server cannot be reached', async () => {
    await buyer.route('**/api/v2/webtickets/**', (route) => route.abort('internetdisconnected'));
    await buyer.reload();
    await buyer.getByText('You are offline', { exact: false }).waitFor();
    expect(await buyer.getByTestId('web-ticket-barcode').allInnerTexts()).toEqual(barcodes);
    await buyer.unroute('**/api/v2/webtickets/**');
  });
});
