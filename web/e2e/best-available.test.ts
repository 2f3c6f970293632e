import type { Browser, Page } from 'playwright-core';
import type { Knex } from 'knex';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFoyer } from '../../server/start.ts';
import { createDatabase } from '../../adapters/postgres/database.ts';
import { createTestDatabase } from '../../test/database.ts';
import { lastOnSaleEventId } from '../../test/basket.ts';
import { seriousAccessibilityViolations } from './axe.ts';
import { ensureBuiltStorefront } from '../../scripts/built-storefront.ts';
import { launchChromium } from './chromium.ts';
import { serverBasket } from './checkout-page.ts';
import { upcomingDates } from './seat-map-page.ts';

// The heavy on-sale flow in Chromium against the real server: quantity, results held in the
// basket, map, try again, back (releases), leaving asks first, accept to the basket, and the
// waiting room in front of it.

const root = path.resolve(import.meta.dirname, '../..');
let stopAll: (() => Promise<void>) | undefined;
let baseUrl = '';
let browser: Browser;
let db: Knex;
let eventId = 0;

beforeAll(async () => {
  ensureBuiltStorefront(root);
  const database = await createTestDatabase();
  const app = await startFoyer({
    env: { DATABASE_URL: database.url, WORKERS: 'false' },
    port: 0,
    quiet: true,
  }).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  baseUrl = app.url;
  db = createDatabase(database.url, { max: 2 });
  browser = await launchChromium();
  eventId = await lastOnSaleEventId(db, 'AURORA');
  stopAll = async () => {
    await browser.close();
    await db.destroy();
    await app.stop();
    await database.drop();
  };
});

afterAll(async () => {
  await stopAll?.();
});

const openPage = async (): Promise<Page> => {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    bypassCSP: true,
  });
  return context.newPage();
};

const heldSeats = async () =>
  (await db('event_seats')
    .where({ event_id: eventId })
    .whereRaw('held_until > now()')
    .select('basket_id')) as {
    basket_id: string;
  }[];

const hashOf = (page: Page) => new URL(page.url()).hash;

describe('best available on a heavy on-sale', () => {
  it('finds, shows, swaps, releases and puts seats in the basket', async () => {
    const page = await openPage();
    await page.goto(`${baseUrl}/tickets/series/AURORA/${eventId}/bestAvailable?quantity=3`);
    await page.getByRole('heading', { level: 1, name: 'Best available seats' }).waitFor();
    await expect.poll(() => hashOf(page)).toBe('#bestAvailableQuantity');
    const quantity = page.getByLabel('How many tickets?');
    expect(await quantity.inputValue()).toBe('3');

    // Capped at the series' ticket limit, with its own message.
    await quantity.fill('20');
    await page.getByRole('button', { name: 'Find seats' }).click();
    await page.getByText('Tickets for this tour are limited to 6 per household.').waitFor();
    expect(await quantity.inputValue()).toBe('6');

    await quantity.fill('3');
    await page.getByRole('button', { name: 'Find seats' }).click();
    await page.getByRole('heading', { name: 'Your seats' }).waitFor();
    await expect.poll(() => hashOf(page)).toBe('#heavyOnSaleResults');
    expect(await page.getByText('Your seats are together.').isVisible()).toBe(true);
    expect(await page.getByRole('list', { name: 'Seats we are holding for you' }).innerText()).toMatch(
      /Section \d+, row [A-Z], seats \d+–\d+/,
    );
    expect(await page.getByText(/^Total:/).isVisible()).toBe(true);
    let held = await heldSeats();
    expect(held).toHaveLength(3);
    const basketId = held[0]!.basket_id;
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/foyer-e2e-best-available-results.png', fullPage: true });

    // The map modal marks the three seats.
    await page.getByRole('button', { name: 'See where these seats are' }).click();
    const map = page.getByRole('dialog', { name: 'Where your seats are' });
    await map.waitFor();
    await expect.poll(() => hashOf(page)).toBe('#bestAvailableMapModal');
    await map.locator('.best-available__chosen').first().waitFor();
    await page.screenshot({ path: '/tmp/foyer-e2e-best-available-map.png' });
    expect(await map.locator('.best-available__chosen').count()).toBe(3);
    await page.keyboard.press('Escape');
    await map.waitFor({ state: 'hidden' });
    await expect.poll(() => hashOf(page)).toBe('#heavyOnSaleResults');

    // Leaving while the results are open asks first; staying keeps the seats.
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toMatch(/seats we are holding for you will be released/);
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: 'Aurora Skyline' }).first().click();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe(`/tickets/series/AURORA/${eventId}/bestAvailable`);
    expect(await heldSeats()).toHaveLength(3);

    // Try again: a new block of three replaces the first, in the same basket.
    const before = await page.getByRole('list', { name: 'Seats we are holding for you' }).innerText();
    await page.getByRole('button', { name: 'Try different seats' }).click();
    await page.getByRole('heading', { name: 'Your seats' }).waitFor();
    held = await heldSeats();
    expect(held).toHaveLength(3);
    expect(new Set(held.map((h) => h.basket_id))).toEqual(new Set([basketId]));
    expect(typeof before).toBe('string');

    // Going back releases the basket's block.
    await page.getByRole('button', { name: 'Change the number of tickets' }).click();
    await page.getByLabel('How many tickets?').waitFor();
    await expect.poll(async () => (await heldSeats()).length).toBe(0);

    // Accept: to the basket, with the seats held there.
    await page.getByLabel('How many tickets?').fill('2');
    await page.getByRole('button', { name: 'Find seats' }).click();
    await page.getByRole('heading', { name: 'Your seats' }).waitFor();
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await page.waitForURL((url) => url.pathname.toLowerCase() === '/checkout/basket');
    held = await heldSeats();
    expect(held).toHaveLength(2);
    const items = await db('basket_items').where({ basket_id: held[0]!.basket_id, event_id: eventId });
    expect(items).toHaveLength(2);
    await page.context().close();
  });

  it('is offered beside the seat map of an ordinary night, with the buyer’s promo code, unless the series turns it off', async () => {
    const night = (await upcomingDates(baseUrl, 'HAMLET')).find(
      (e) => !e.UseHeavyOnSale && !e.IsBeforeSaleDate && e.Availability !== 'SoldOut',
    )!;
    const page = await openPage();
    await page.goto(`${baseUrl}/tickets/series/HAMLET/${night.ID}?seatQty=2&promo=SAVE10`);
    await page.locator('[data-seats-drawn]').waitFor();
    const gotIt = page.getByRole('button', { name: 'Got it' });
    if (await gotIt.isVisible()) await gotIt.click();
    const offer = page.getByRole('link', { name: 'Find the best available seats' });
    await offer.click();
    await page.waitForURL((url) => url.pathname === `/tickets/series/HAMLET/${night.ID}/bestAvailable`);
    await expect.poll(() => hashOf(page)).toBe('#bestAvailableQuantity');
    expect(await page.getByLabel('How many tickets?').inputValue()).toBe('2');
    await page.getByRole('button', { name: 'Find seats' }).click();
    await page.getByRole('heading', { name: 'Your seats' }).waitFor();
    await expect.poll(() => hashOf(page)).toBe('#bestAvailableResults');
    const held = await db('event_seats').where({ event_id: night.ID }).whereRaw('held_until > now()');
    expect(held).toHaveLength(2);
    // The buyer's promotion came along and priced the seats held.
    const items = await db('basket_items').where({ basket_id: held[0].basket_id, event_id: night.ID });
    expect(items.map((i: { promo_code: string | null }) => i.promo_code)).toEqual(['SAVE10', 'SAVE10']);

    // A series flagged NoBestAvailable sells from the map only.
    await db('event_templates').where({ code: 'HAMLET' }).update({ no_best_available: true });
    // The series the map read a moment ago may be answered from the read cache for a second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    try {
      page.once('dialog', (dialog) => void dialog.accept()); // leaving the held results
      // The series, which carries the flag, is asked for once the map is drawn.
      const series = page.waitForResponse((r) => r.url().includes('/api/events/calendarseries/HAMLET'));
      await page.goto(`${baseUrl}/tickets/series/HAMLET/${night.ID}`);
      await page.locator('[data-seats-drawn]').waitFor();
      expect((await (await series).json()).NoBestAvailable).toBe(true);
      await page.waitForTimeout(300); // time to render what it said
      expect(await offer.count()).toBe(0);
    } finally {
      await db('event_templates').where({ code: 'HAMLET' }).update({ no_best_available: false });
    }
    await page.context().close();
  });

  it('names the sections and writes the date as the basket does, in the venue’s time', async () => {
    const night = (await upcomingDates(baseUrl, 'HAMLET')).filter(
      (e) => !e.UseHeavyOnSale && !e.IsBeforeSaleDate && e.Availability !== 'SoldOut',
    )[1]!;
    // Far from the venue's time zone: the show's time is the venue's, whatever the reader's clock.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
      timezoneId: 'Asia/Tokyo',
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/tickets/series/HAMLET/${night.ID}/bestAvailable?quantity=2`);
    await page.getByRole('button', { name: 'Find seats' }).click();
    await page.getByRole('heading', { name: 'Your seats' }).waitFor();
    const when = await page.locator('.best-available__event time').innerText();
    expect(when).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4} · \d{1,2}:\d{2} [AP]M$/);
    const [, hour, minute] = /T(\d{2}):(\d{2})/.exec(night.LocalDate)!;
    expect(when).toContain(`${Number(hour) % 12 || 12}:${minute} ${Number(hour) < 12 ? 'AM' : 'PM'}`);
    const lines = await page
      .getByRole('list', { name: 'Seats we are holding for you' })
      .locator('li')
      .allInnerTexts();
    await page.screenshot({ path: '/tmp/foyer-e2e-best-available-names.png', fullPage: true });

    await page.getByRole('button', { name: 'Add to basket' }).click();
    await page.waitForURL((url) => url.pathname.toLowerCase() === '/checkout/basket');
    // The basket's lines and date line for the same seats and night.
    const items = (await serverBasket(page)).TicketItems.filter((item) => item.EventID === night.ID);
    expect(items).toHaveLength(2);
    for (const item of items) {
      expect(item.Section).not.toBe(item.Key.split('-')[0]);
      expect(lines.some((line) => line.startsWith(`${item.Section}, row ${item.Row}, seats `))).toBe(true);
      await page.getByText(`${item.Section}, row ${item.Row}, seat ${item.Seat}`).first().waitFor();
    }
    expect(lines.join('\n')).not.toContain(items[0]!.Key.split('-')[0]);
    expect(await page.locator('.basket-event__when time').first().innerText()).toBe(when);
    await context.close();
  });

  it('queues the visitor in the waiting room, then lets them search when it is their turn', async () => {
    await db('event_waiting_rooms').insert({ event_id: eventId, enabled: true, rate_per_minute: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2_100)); // the servers' settings cache
    const page = await openPage();
    await page.goto(`${baseUrl}/tickets/series/AURORA/${eventId}/bestAvailable?quantity=2`);
    await page.getByRole('button', { name: 'Find seats' }).click();
    await page.getByRole('heading', { name: 'You are in the waiting room' }).waitFor();
    expect(await page.getByText('Your place in the queue').isVisible()).toBe(true);
    await page.screenshot({ path: '/tmp/foyer-e2e-waiting-room.png', fullPage: true });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await db('event_waiting_rooms')
      .where({ event_id: eventId })
      .update({ rate_per_minute: 1_000_000, version: 2, changed_at: new Date() });
    await page.getByRole('button', { name: 'Continue' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Your seats' }).waitFor();
    await expect.poll(() => hashOf(page)).toBe('#heavyOnSaleResults');
    await page.context().close();
  });
});
