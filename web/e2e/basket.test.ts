import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BasketViewModel, Expired } from '../../adapters/http/contract/basket.ts';
import { formatMoney } from '../../core/i18n/format-money.ts';
import { seriousAccessibilityViolations } from './axe.ts';
import { desktop, mobile, startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import {
  clickSeat,
  openSeatMap,
  performanceOf,
  plainOpenSeats,
  seatMapPath,
  seatName,
  seatStatusOf,
  shownSeatStatus,
  upcomingDates,
  type Performance,
} from './seat-map-page.ts';

// The basket as a buyer meets it, in Chromium against the real server and a fresh demo
// database: seats chosen on Hamlet's seat map, Continue, the basket page (lines by event, ticket
// types, promo code, fees, delivery, note, removal with the release-seats warning), a second
// buyer's map turning the seats unavailable and free again live, and a short hold running out.

/** The basket as the server has it, read with the page's own cookies. */
const serverBasket = async (page: Page) =>
  BasketViewModel.parse(
    await page.evaluate(async () => (await fetch('/api/baskets/viewmodel', { cache: 'no-store' })).json()),
  ).Basket;

const money = (minor: number) => formatMoney(minor, 'en-us');

/** Waits until the status a seat shows on a map is `wanted`; answers how long that took (ms). */
const waitForShownStatus = async (
  page: Page,
  p: Performance,
  key: string,
  wanted: string,
  timeoutMs = 5000,
) => {
  const start = performance.now();
  let shown = '';
  while (performance.now() - start < timeoutMs) {
    // The map may be between two drawings: try again.
    shown = await shownSeatStatus(page, p, key).catch(() => '');
    if (shown === wanted) return performance.now() - start;
    await page.waitForTimeout(50);
  }
  throw new Error(`${key} still shows ${shown}, not ${wanted}, after ${timeoutMs} ms`);
};

/** Chooses seats on the map and continues to the basket page. */
const chooseAndContinue = async (page: Page, baseUrl: string, p: Performance, keys: readonly string[]) => {
  await openSeatMap(page, baseUrl, p);
  for (const [i, key] of keys.entries()) {
    await clickSeat(page, p, key);
    await page.getByText(i === 0 ? '1 ticket' : `${i + 1} tickets`, { exact: true }).waitFor();
  }
  await page.waitForFunction(
    () => !(document.querySelector('.footer-cart__continue') as HTMLButtonElement).disabled,
  );
  const added = page.waitForResponse((r) => r.url().endsWith('/api/baskets/additems'));
  await page.getByRole('button', { name: 'Continue' }).click();
  const response = await added;
  await page.waitForURL((url) => url.pathname === '/checkout/basket');
  await page.getByRole('heading', { level: 1, name: 'Your basket' }).waitFor();
  return response;
};

describe('the basket in Chromium', () => {
  let foyer: FoyerUnderTest;
  let p: Performance;
  let seats: string[];
  let buyer: Page;
  let other: Page;

  beforeAll(async () => {
    foyer = await startFoyerUnderTest();
    const dates = await upcomingDates(foyer.baseUrl, 'HAMLET');
    p = await performanceOf(foyer.baseUrl, dates[3]!);
    seats = plainOpenSeats(p, 3).map((s) => s.Key);
    // bypassCSP: the accessibility scan injects axe-core into the page.
    buyer = await foyer.openPage({ bypassCSP: true });
    other = await foyer.openPage();
  });

  afterAll(async () => {
    await foyer?.stop();
  });

  it('holds the seats chosen on the map, lists them under their performance with totals, and another buyer sees them taken live', async () => {
    // The other buyer has the same map open, listening for changes, and sees the seats free.
    const listening = other.waitForResponse((r) => r.url().endsWith(`/api/events/${p.event.ID}/seatchanges`));
    await openSeatMap(other, foyer.baseUrl, p);
    await listening;
    expect(await shownSeatStatus(other, p, seats[0]!)).toBe('Available');

    const added = await chooseAndContinue(buyer, foyer.baseUrl, p, seats);
    expect(added.status()).toBe(200);
    const addedAt = performance.now();

    // Live: the other map shows the seats unavailable without reloading.
    const waited = await waitForShownStatus(other, p, seats[0]!, 'Unavailable');
    const lag = performance.now() - addedAt;
    console.info(
      `seat turned unavailable on the other map ${Math.round(lag)} ms after the hold (${Math.round(waited)} ms polling)`,
    );
    expect(lag).toBeLessThan(1000);
    expect(await shownSeatStatus(other, p, seats[1]!)).toBe('Unavailable');

    const basket = await serverBasket(buyer);
    expect(basket.TicketItems.map((i) => i.Key).sort()).toEqual([...seats].sort());
    const group = buyer.getByRole('region', { name: p.event.Name });
    await group.waitFor();
    for (const key of seats)
      expect(await group.getByText(seatName(p, key), { exact: true }).isVisible()).toBe(true);
    expect(await group.getByText(/\d{4} · \d{1,2}:\d\d [AP]M/).isVisible()).toBe(true);
    expect(await buyer.getByTestId('basket-total').innerText()).toBe(money(basket.Total));
    expect(await buyer.getByTestId('basket-totals').innerText()).toContain('3 tickets');
    expect(await buyer.getByTestId('basket-totals').innerText()).toContain(money(basket.TicketTotal));
    // The footer cart counts the hold down from the server's figure, every second.
    const timer = buyer.getByTestId('basket-timer');
    const first = await timer.innerText();
    expect(first).toMatch(/^1[45]:\d\d$/);
    await buyer.waitForFunction(
      (shown) => document.querySelector('[data-testid="basket-timer"]')?.textContent !== shown,
      first,
    );
    expect(await buyer.title()).toBe('Your basket · Foyer');
  });

  it('changes a ticket type, one change at a time, and puts the old type back when a change fails', async () => {
    const line = (key: string) => buyer.locator('.basket-line', { hasText: seatName(p, key) });
    const select = (key: string) => line(key).getByRole('combobox');
    /** Picks the ticket type whose option starts with `type` ('Child · $15.00'). */
    const choose = async (key: string, type: string) => {
      const value = await select(key).evaluate(
        (s: HTMLSelectElement, wanted) => [...s.options].find((o) => o.text.startsWith(wanted))!.value,
        type,
      );
      await select(key).selectOption(value);
    };
    await choose(seats[0]!, 'Child');
    await buyer.waitForFunction(
      (label) => (document.querySelector('[data-testid="basket-total"]')?.textContent ?? '') !== label,
      await buyer.getByTestId('basket-total').innerText(),
    );
    let basket = await serverBasket(buyer);
    expect(basket.TicketItems.find((i) => i.Key === seats[0])!.PriceTypeName).toBe('Child');
    expect(
      basket.TicketItems.filter((i) => i.Key !== seats[0]).every((i) => i.PriceTypeName === 'Adult'),
    ).toBe(true);
    expect(await buyer.getByTestId('basket-total').innerText()).toBe(money(basket.Total));

    // A slow change: a second one meanwhile is refused with the catalogue's words, and left as it was.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await buyer.route('**/api/baskets/changepricetype', async (route) => {
      await held;
      await route.continue();
    });
    await choose(seats[0]!, 'Concession');
    await buyer.getByText('Updating basket...').waitFor();
    await choose(seats[1]!, 'Child');
    await line(seats[1]!).getByText('There is already a price changed being processed.').waitFor();
    expect(await select(seats[1]!).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]!.text)).toMatch(
      /^Adult/,
    );
    release();
    await buyer.getByText('Updating basket...').waitFor({ state: 'hidden' });
    await buyer.unroute('**/api/baskets/changepricetype');
    basket = await serverBasket(buyer);
    expect(basket.TicketItems.find((i) => i.Key === seats[0])!.PriceTypeName).toBe('Concession');
    expect(basket.TicketItems.find((i) => i.Key === seats[1])!.PriceTypeName).toBe('Adult');

    // A change the server refuses: its words, and the old type back.
    await buyer.route('**/api/baskets/changepricetype', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          Message: 'Error updating the price type on the basket',
          Reason: 'This price type is not offered.',
        }),
      }),
    );
    await choose(seats[2]!, 'Child');
    await line(seats[2]!)
      .getByText('Error updating the price type on the basket: This price type is not offered.')
      .waitFor();
    expect(await select(seats[2]!).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]!.text)).toMatch(
      /^Adult/,
    );
    await buyer.unroute('**/api/baskets/changepricetype');
  });

  it('applies a promo code (the server’s words when it refuses one) and shows the fees in their popup', async () => {
    const code = buyer.getByLabel('Promo or discount code');
    await code.fill('NOPE');
    await buyer.getByRole('button', { name: 'Apply' }).click();
    await buyer.getByText('The code you entered is not valid.').waitFor();
    expect(await code.getAttribute('aria-invalid')).toBe('true');

    const before = await serverBasket(buyer);
    await code.fill('save10');
    await buyer.getByRole('button', { name: 'Apply' }).click();
    await buyer.getByText('10% off applied with the code SAVE10.').waitFor();
    const after = await serverBasket(buyer);
    expect(after.TicketItems.every((i) => i.PromoCode === 'SAVE10')).toBe(true);
    expect(after.TicketTotal).toBeLessThan(before.TicketTotal);
    expect(await buyer.getByTestId('basket-total').innerText()).toBe(money(after.Total));
    expect(await buyer.locator('.basket-line__code').count()).toBe(3);

    await buyer.getByRole('button', { name: 'See the fees' }).click();
    const popup = buyer.getByRole('dialog', { name: 'Tickets and fees' });
    await popup.waitFor();
    const text = await popup.innerText();
    for (const fee of new Set(after.TicketItems.flatMap((i) => i.ChildFeeItems.map((f) => f.Name)))) {
      const sum = after.TicketItems.reduce(
        (s, i) => s + i.Quantity * (i.ChildFeeItems.find((f) => f.Name === fee)?.Value ?? 0),
        0,
      );
      expect(text).toContain(fee);
      expect(text).toContain(money(sum));
    }
    expect(text).toContain(money(after.TicketAndFeeTotal));
    await buyer.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
  });

  it('asks for a delivery method before checkout, adds its price, and keeps the basket note', async () => {
    await buyer.getByRole('button', { name: /^Checkout/ }).click();
    await buyer.getByText('Please choose how you would like to receive your tickets.').waitFor();
    await buyer.getByRole('radio', { name: /^Post/ }).check();
    await buyer.getByTestId('basket-totals').getByText('Delivery').waitFor();
    const basket = await serverBasket(buyer);
    expect(basket.DeliveryTotal).toBe(250);
    expect(await buyer.getByTestId('basket-total').innerText()).toBe(money(basket.Total));

    const note = buyer.getByLabel('Note for the box office');
    await note.fill('Please leave the tickets with the concierge.');
    await buyer.getByRole('button', { name: 'Save note' }).click();
    await buyer.getByText('Note saved.').waitFor();
    expect((await serverBasket(buyer)).BasketNote).toBe('Please leave the tickets with the concierge.');
    await buyer.getByRole('checkbox', { name: /Send me news/ }).check();
  });

  it('has no serious or critical accessibility violations (axe-core), and looks right on a desktop and a phone', async () => {
    await buyer.evaluate(() => window.scrollTo(0, 0));
    expect(await seriousAccessibilityViolations(buyer)).toEqual([]);
    await buyer.screenshot({ path: '/tmp/foyer-basket-desktop.png' });
    await buyer.screenshot({ path: '/tmp/foyer-basket-desktop-full.png', fullPage: true });
    await buyer.setViewportSize(mobile);
    await buyer.evaluate(() => window.scrollTo(0, 0));
    expect(await seriousAccessibilityViolations(buyer)).toEqual([]);
    expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      mobile.width,
    );
    await buyer.screenshot({ path: '/tmp/foyer-basket-mobile.png' });
    await buyer.screenshot({ path: '/tmp/foyer-basket-mobile-full.png', fullPage: true });
    await buyer.getByRole('button', { name: 'See the fees' }).click();
    await buyer.getByRole('dialog', { name: 'Tickets and fees' }).waitFor();
    expect(await seriousAccessibilityViolations(buyer)).toEqual([]);
    await buyer.screenshot({ path: '/tmp/foyer-basket-mobile-fees.png' });
    await buyer.keyboard.press('Escape');
    await buyer.setViewportSize(desktop);
  });

  it('releases a seat only after the warning, and the other buyer sees it free again live', async () => {
    const removed = seats[2]!;
    await buyer.getByRole('button', { name: `Remove ${seatName(p, removed)}` }).click();
    const warning = buyer.getByRole('alertdialog', { name: 'Release this seat?' });
    await warning.waitFor();
    expect(await warning.innerText()).toContain(`${seatName(p, removed)} will go back on sale straight away`);
    await warning.getByRole('button', { name: 'Keep it' }).click();
    await warning.waitFor({ state: 'detached' });
    expect((await serverBasket(buyer)).TicketItems).toHaveLength(3);

    await buyer.getByRole('button', { name: `Remove ${seatName(p, removed)}` }).click();
    await buyer.getByRole('button', { name: 'Release seat' }).click();
    await buyer.locator('.basket-line').nth(1).waitFor();
    await buyer.waitForFunction(() => document.querySelectorAll('.basket-line').length === 2);
    expect((await serverBasket(buyer)).TicketItems.map((i) => i.Key)).not.toContain(removed);
    expect(await seatStatusOf(foyer.baseUrl, p.event.ID, removed)).toBe('Open');
    await waitForShownStatus(other, p, removed, 'Available');
  });

  it('goes on to payment once the basket is valid', async () => {
    await buyer.getByRole('button', { name: /^Checkout/ }).click();
    await buyer.waitForURL((url) => url.pathname === '/checkout/payment');
    await buyer.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    expect(await buyer.evaluate(() => sessionStorage.getItem('foyer.basket.optIns'))).toContain('"tagIds":[');
  });

  it('returns to the seat map when the last seat leaves the basket', async () => {
    await buyer.goto(`${foyer.baseUrl}/basket`);
    for (const key of seats.slice(0, 2)) {
      await buyer.getByRole('button', { name: `Remove ${seatName(p, key)}` }).click();
      await buyer.getByRole('button', { name: 'Release seat' }).click();
      await buyer.getByRole('button', { name: `Remove ${seatName(p, key)}` }).waitFor({ state: 'detached' });
    }
    await buyer.waitForURL((url) => url.pathname === seatMapPath(p));
    for (const key of seats) expect(await seatStatusOf(foyer.baseUrl, p.event.ID, key)).toBe('Open');
  });

  it('shows an empty basket to a new visitor, and sends basket links made from a missing id to the expired page', async () => {
    const page = await foyer.openPage();
    await page.goto(`${foyer.baseUrl}/checkout/basket`);
    await page.getByRole('heading', { name: 'Your basket is empty' }).waitFor();
    await page.goto(`${foyer.baseUrl}/checkout/`);
    await page.waitForURL((url) => url.pathname === '/checkout/basket');
    await page.goto(`${foyer.baseUrl}/checkout/null`);
    await page.waitForURL((url) => url.pathname === '/basket/expired');
    await page.getByRole('heading', { name: 'Your basket has expired' }).waitFor();
    await page.context().close();
  });
});

describe('a short hold in Chromium', () => {
  let foyer: FoyerUnderTest;

  beforeAll(async () => {
    // 0.2 minutes: 12 seconds to choose, continue and watch the basket run out.
    foyer = await startFoyerUnderTest({ env: { BASKET_HOLD_MINUTES: '0.2' } });
  });

  afterAll(async () => {
    await foyer?.stop();
  });

  it('counts down, lands on the expired page when the hold runs out, frees the seats and leads back to the show', async () => {
    const dates = await upcomingDates(foyer.baseUrl, 'HAMLET');
    const p = await performanceOf(foyer.baseUrl, dates[1]!);
    const [seat] = plainOpenSeats(p, 1).map((s) => s.Key);
    const page = await foyer.openPage({ bypassCSP: true });
    const expired = page.waitForResponse((r) => r.url().endsWith('/api/baskets/expire'));
    await chooseAndContinue(page, foyer.baseUrl, p, [seat!]);
    expect(await page.getByTestId('basket-timer').innerText()).toMatch(/^0:(0\d|1[0-2])$/);
    await page.waitForURL((url) => url.pathname === '/basket/expired', { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Your basket has expired' }).waitFor();
    expect(Expired.parse(await (await expired).json()).Expired).toBe(true);
    expect(await seatStatusOf(foyer.baseUrl, p.event.ID, seat!)).toBe('Open');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/foyer-basket-expired.png' });
    // Back to the series the seats came from.
    await page.getByRole('link', { name: 'Choose seats again' }).click();
    await page.waitForURL((url) => url.pathname === `/tickets/series/${p.event.EventTemplateCode}`);
    await page.context().close();
  });

  it('moves the basket to /shop/checkout/basket when the showNewBasketPage flag is on', async () => {
    const db = new pg.Client({ connectionString: foyer.databaseUrl });
    await db.connect();
    try {
      await db.query(`update consumer_features set value = 'true'::jsonb where key = 'showNewBasketPage'`);
    } finally {
      await db.end();
    }
    const page = await foyer.openPage();
    await page.goto(`${foyer.baseUrl}/checkout/basket?planCode=FLEX`);
    await page.waitForURL((url) => url.pathname === '/shop/checkout/basket');
    expect(new URL(page.url()).searchParams.get('planCode')).toBe('FLEX');
    await page.getByRole('heading', { name: 'Your basket is empty' }).waitFor();
    await page.context().close();
  });
});
