import pg from 'pg';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BasketViewModel } from '../../adapters/http/contract/basket.ts';
import { formatMoney } from '../../core/i18n/format-money.ts';
import { seriousAccessibilityViolations } from './axe.ts';
import { desktop, mobile, startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import {
  clickSeat,
  openSeatMap,
  performanceOf,
  plainOpenSeats,
  upcomingDates,
  type Performance,
} from './seat-map-page.ts';

// Add-on products as a buyer meets them on the basket page, in Chromium against the real server
// and the demo data: Hamlet offers a souvenir programme, interval drinks (wine or soft drink) and
// the cloakroom. Quantities go to PUT /api/v2/baskets/updateProducts 1000 ms after the last
// click; the page's clock is Playwright's, so "not yet sent" and
// "sent once the wait is over" are facts about the page's timers, not about this machine's speed.

const money = (minor: number) => formatMoney(minor, 'en-us');

/** The basket as the server has it, read with the page's own cookies. */
const serverViewModel = async (page: Page) =>
  BasketViewModel.parse(
    await page.evaluate(async () => (await fetch('/api/baskets/viewmodel', { cache: 'no-store' })).json()),
  );

const isProductUpdate = (r: Request) =>
  r.url().endsWith('/api/v2/baskets/updateProducts') && r.method() === 'PUT';

describe('add-on products on the basket page', () => {
  let foyer: FoyerUnderTest;
  let p: Performance;
  let buyer: Page;
  const sent: unknown[] = [];

  const panel = () => buyer.getByRole('region', { name: 'Add to your visit' });
  const stepper = (item: string) => panel().getByRole('group', { name: `Quantity of ${item}` });
  const quantityInput = (item: string) => stepper(item).getByRole('textbox');
  const more = (item: string) => stepper(item).getByRole('button', { name: `One more ${item}` });
  const less = (item: string) => stepper(item).getByRole('button', { name: `One ${item} fewer` });
  const shownTotal = () => buyer.getByTestId('basket-total').innerText();
  const summaryLine = (label: string) =>
    buyer.getByTestId('basket-totals').locator('div', { has: buyer.getByText(label, { exact: true }) });
  /** Hamlet's add-ons are the series' (not one performance's): the basket lists them as Extras. */
  const extrasLines = () => buyer.getByRole('region', { name: 'Extras' }).locator('.basket-line--product');
  /** Waits until the page has seen `count` product updates answered. */
  const answered = async (count: number) => {
    await buyer.waitForFunction(
      (n) => ((window as unknown as { __answered?: number }).__answered ?? 0) >= n,
      count,
      { timeout: 10_000 },
    );
  };

  beforeAll(async () => {
    foyer = await startFoyerUnderTest();
    const dates = await upcomingDates(foyer.baseUrl, 'HAMLET');
    p = await performanceOf(foyer.baseUrl, dates[6]!);
    // bypassCSP: the accessibility scan injects axe-core into the page.
    buyer = await foyer.openPage({ bypassCSP: true });
    buyer.on('request', (r) => {
      if (isProductUpdate(r)) sent.push(r.postDataJSON());
    });
    // Counts the answers in the page, so a test can wait for the nth.
    await buyer.addInitScript(() => {
      const original = window.fetch.bind(window);
      window.fetch = async (...args) => {
        const response = await original(...args);
        const url = String(args[0] instanceof Request ? args[0].url : args[0]);
        if (url.endsWith('/api/v2/baskets/updateProducts')) {
          const w = window as unknown as { __answered?: number };
          w.__answered = (w.__answered ?? 0) + 1;
        }
        return response;
      };
    });
  });

  afterAll(async () => {
    await foyer?.stop();
  });

  it("holds seats, and the basket offers the performance's add-ons with their prices and pictures", async () => {
    await openSeatMap(buyer, foyer.baseUrl, p);
    for (const [i, seat] of plainOpenSeats(p, 2).entries()) {
      await clickSeat(buyer, p, seat.Key);
      await buyer.getByText(i === 0 ? '1 ticket' : '2 tickets', { exact: true }).waitFor();
    }
    await buyer.waitForFunction(
      () => !(document.querySelector('.footer-cart__continue') as HTMLButtonElement).disabled,
    );
    await buyer.getByRole('button', { name: 'Continue' }).click();
    await buyer.waitForURL((url) => url.pathname === '/checkout/basket');
    // From here the page's timers are Playwright's clock (time still flows until paused).
    await buyer.clock.install();
    await buyer.reload();
    await panel().waitFor();

    const text = await panel().innerText();
    for (const words of [
      'Souvenir programme',
      `${money(800)} each`,
      'Interval drink',
      'Glass of wine',
      `${money(950)} each`,
      'Soft drink',
      `${money(450)} each`,
      'Cloakroom',
      `${money(300)} each`,
    ])
      expect(text).toContain(words);
    const picture = panel().locator('img').first();
    await picture.waitFor();
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
      true,
    );
    expect(await quantityInput('Souvenir programme').inputValue()).toBe('0');
    // Never below 0: the − button is off at 0.
    expect(await less('Souvenir programme').isDisabled()).toBe(true);
    expect((await serverViewModel(buyer)).Basket.ProductTotal).toBe(0);
  });

  it('adds 2 programmes and a glass of wine in one update sent 1000 ms after the last click; the totals are the server’s', async () => {
    const before = await serverViewModel(buyer);
    const totalBefore = await shownTotal();
    expect(totalBefore).toBe(money(before.Basket.Total));
    await buyer.clock.pauseAt(new Date(Date.now() + 2000));

    await more('Souvenir programme').click();
    await more('Souvenir programme').click();
    await more('Interval drink, Glass of wine').click();
    // Shown at once, not yet sent.
    expect(await quantityInput('Souvenir programme').inputValue()).toBe('2');
    expect(await quantityInput('Interval drink, Glass of wine').inputValue()).toBe('1');
    await buyer.clock.runFor(999);
    expect(sent).toEqual([]);
    expect(await shownTotal()).toBe(totalBefore);

    // Holds the answer back, to see the page say it is updating.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await buyer.route('**/api/v2/baskets/updateProducts', async (route) => {
      await held;
      await route.continue();
    });
    await buyer.clock.runFor(1);
    await buyer.getByRole('status').filter({ hasText: 'Updating basket...' }).waitFor();
    const [programme, wine] = before.Products.filter((o) =>
      ['Souvenir programme', 'Glass of wine'].includes(o.VariantName),
    );
    expect(sent).toEqual([
      {
        items: [
          {
            ProductID: programme!.ProductID,
            ProductVariantID: programme!.ProductVariantID,
            Quantity: 2,
            eventID: null,
          },
          {
            ProductID: wine!.ProductID,
            ProductVariantID: wine!.ProductVariantID,
            Quantity: 1,
            eventID: null,
          },
        ],
      },
    ]);
    release();
    await answered(1);
    await buyer.unroute('**/api/v2/baskets/updateProducts');
    await buyer.clock.resume();

    const after = await serverViewModel(buyer);
    expect(after.Basket.ProductTotal).toBe(2 * 800 + 950);
    expect(after.Basket.Total).toBe(before.Basket.Total + 2 * 800 + 950);
    await buyer.waitForFunction(
      (total) => document.querySelector('[data-testid="basket-total"]')?.textContent === total,
      money(after.Basket.Total),
    );
    expect(await summaryLine('Add-ons').innerText()).toContain(money(2550));
    const lines = await extrasLines().allInnerTexts();
    expect(lines.join('\n')).toContain('Souvenir programme');
    expect(lines.join('\n')).toContain(money(1600));
    expect(lines.join('\n')).toContain('Interval drink (Glass of wine)');
    expect(await buyer.getByRole('region', { name: 'Extras' }).innerText()).toContain(
      `Subtotal\n${money(2550)}`,
    );
  });

  it('has no serious or critical accessibility violations with the add-ons, and looks right on a desktop and a phone', async () => {
    await panel().scrollIntoViewIfNeeded();
    expect(await seriousAccessibilityViolations(buyer)).toEqual([]);
    await buyer.screenshot({ path: '/tmp/foyer-products-desktop.png', fullPage: true });
    await buyer.setViewportSize(mobile);
    await panel().scrollIntoViewIfNeeded();
    expect(await seriousAccessibilityViolations(buyer)).toEqual([]);
    expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      mobile.width,
    );
    await buyer.screenshot({ path: '/tmp/foyer-products-mobile.png', fullPage: true });
    await buyer.evaluate(() =>
      document.getElementById('basket-products')?.scrollIntoView({ block: 'start' }),
    );
    await buyer.screenshot({ path: '/tmp/foyer-products-mobile-panel.png' });
    await buyer.setViewportSize(desktop);
  });

  it('takes a product out at 0, typed or stepped, and the server basket agrees', async () => {
    // Digits only: letters typed are dropped.
    await quantityInput('Souvenir programme').fill('');
    await quantityInput('Souvenir programme').pressSequentially('x0');
    expect(await quantityInput('Souvenir programme').inputValue()).toBe('0');
    await less('Interval drink, Glass of wine').click();
    expect(await less('Interval drink, Glass of wine').isDisabled()).toBe(true);
    await answered(2);
    await buyer.waitForFunction(() => document.querySelectorAll('.basket-line--product').length === 0);
    const basket = (await serverViewModel(buyer)).Basket;
    expect(basket.ProductItems).toEqual([]);
    expect(basket.EventTemplateProductItems).toEqual([]);
    expect(basket.ProductTotal).toBe(0);
    expect(await shownTotal()).toBe(money(basket.Total));
    expect(await buyer.getByTestId('basket-totals').innerText()).not.toContain('Add-ons');
  });

  it('puts the quantity back with the server’s words when the basket refuses the change', async () => {
    // The cloakroom closes while the buyer is on the page.
    const db = new pg.Client({ connectionString: foyer.databaseUrl });
    await db.connect();
    try {
      await db.query(`update products set is_active = false where name = 'Cloakroom'`);
      await more('Cloakroom').click();
      expect(await quantityInput('Cloakroom').inputValue()).toBe('1');
      const alert = panel().getByRole('alert');
      await alert.waitFor();
      expect(await alert.innerText()).toMatch(
        /^Product \d+ is not offered with this basket's performances\./,
      );
      expect(await quantityInput('Cloakroom').inputValue()).toBe('0');
      expect((await serverViewModel(buyer)).Basket.ProductItems).toEqual([]);
    } finally {
      await db.query(`update products set is_active = true where name = 'Cloakroom'`);
      await db.end();
    }
  });
});

describe('add-ons without tickets', () => {
  let foyer: FoyerUnderTest;
  let p: Performance;

  beforeAll(async () => {
    foyer = await startFoyerUnderTest();
    p = await performanceOf(foyer.baseUrl, (await upcomingDates(foyer.baseUrl, 'HAMLET'))[8]!);
  });

  afterAll(async () => {
    await foyer?.stop();
  });

  it('goes from the seat map to a basket of add-ons only, and on to payment with them', async () => {
    const page = await foyer.openPage({ bypassCSP: true });
    await openSeatMap(page, foyer.baseUrl, p);
    const offer = page.getByRole('region', { name: 'Only here for the extras?' });
    await offer.scrollIntoViewIfNeeded();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await offer.screenshot({ path: '/tmp/foyer-products-extras-offer.png' });
    await offer.getByRole('button', { name: 'Buy add-ons without tickets' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout/basket');
    const panel = page.getByRole('region', { name: 'Add to your visit' });
    await panel.waitFor();
    expect(await panel.innerText()).toContain(`Extras for ${p.event.Name}, without tickets.`);
    // A basket with nothing in it yet stays here (it does not go back to the seat map).
    expect(new URL(page.url()).pathname).toBe('/checkout/basket');

    await panel.getByRole('button', { name: 'One more Interval drink, Soft drink' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.basket-line--product').length === 1);
    const vm = BasketViewModel.parse(
      await page.evaluate(async () => (await fetch('/api/baskets/viewmodel', { cache: 'no-store' })).json()),
    );
    expect(vm.Basket).toMatchObject({
      ContinueWithoutTicketsEventID: p.event.ID,
      TicketItems: [],
      ProductTotal: 450,
    });
    expect(vm.Basket.EventTemplateProductItems).toMatchObject([
      { Name: 'Interval drink (Soft drink)', Quantity: 1 },
    ]);

    await page.getByRole('radio', { name: /^Box office collection/ }).check();
    await page.getByTestId('basket-totals').getByText('Add-ons').waitFor();
    await page.getByRole('button', { name: /^Checkout/ }).click();
    await page.waitForURL((url) => url.pathname === '/checkout/payment');
  });
});
