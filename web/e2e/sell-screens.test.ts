import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BoxOfficeInventory,
  SellSearchAnswer,
  type BoxOfficeSeat,
} from '../../adapters/http/contract/staff-inventory.ts';
import { SvgData } from '../../adapters/http/contract/catalogue.ts';
import { accessibilityViolationsOf } from './axe.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { seatPoint, type Performance } from './seat-map-page.ts';
import { signInOnLoginPage } from './staff-session.ts';

// The clerk's selling screens in Chromium against the real server: a Seller signs in, finds
// HAMLET by name and by date, opens the staff seat map, sees a hold drawn as a hold, reads a
// seat's info with the I key, adds two seats and lands on the staff basket with them in it.

const SELLER = 'sam.seller@foyer.local';
const shot = (name: string) => `/tmp/foyer-sell-${name}.png`;

describe('the box office selling screens', () => {
  let foyer: FoyerUnderTest;

  beforeAll(async () => {
    foyer = await startFoyerUnderTest({ env: { BASKET_HOLD_MINUTES: '10' } });
    // A Seller with the demo password (the demo staff are managers and admins).
    const db = new pg.Client({ connectionString: foyer.databaseUrl });
    await db.connect();
    await db.query(
      `insert into staff_users (email, name, role, password_hash)
       select $1, 'Sam Seller', 'Seller', password_hash from staff_users where email = 'admin@foyer.local'`,
      [SELLER],
    );
    await db.end();
  });

  afterAll(async () => {
    await foyer?.stop();
  });

  /** GET through the page's own session (its cookies). */
  const apiGet = async <T>(page: Page, path: string, parse: (json: unknown) => T): Promise<T> => {
    const answer = await page.request.get(`${foyer.baseUrl}${path}`);
    expect(answer.status(), await answer.text()).toBe(200);
    return parse(await answer.json());
  };

  it('a Seller finds HAMLET, sells two seats from the staff map and lands on the staff basket', async () => {
    // bypassCSP: axe is added to the page as an inline script.
    const page = await foyer.openPage({ bypassCSP: true });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Sign in on the login page, back to the selling home.
    await signInOnLoginPage(foyer, page, SELLER, '/admin/v2/sell-tickets');
    await page.getByRole('heading', { name: 'Coming up' }).waitFor();
    await page.screenshot({ path: shot('home'), fullPage: true });
    // Every Check-in and Sell link's accessible name starts with its visible text.
    await page.locator('table.sell-events tbody tr').first().waitFor();
    expect(await accessibilityViolationsOf(page, ['label-content-name-mismatch'])).toEqual([]);
    const checkIn = page.getByRole('link', { name: /^Check-in: / }).first();
    expect(await checkIn.innerText()).toBe('Check-in');

    // By name: the series and its performances.
    await page.getByLabel('Show, series code or date').fill('Hamlet');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'Hamlet');
    await page.getByRole('heading', { name: 'Performances found' }).waitFor();
    const seriesLink = page.locator('.sell-series__link', { hasText: 'HAMLET' });
    await expect.poll(() => seriesLink.count()).toBeGreaterThan(0);
    const rows = page.locator('table.sell-events tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    for (const code of await page.locator('.sell-events__code').allInnerTexts()) expect(code).toBe('HAMLET');
    await page.screenshot({ path: shot('by-name'), fullPage: true });

    // The performance with most seats open, found again by its date.
    const found = await apiGet(page, '/api/admin/sell/search?q=HAMLET&limit=100', (j) =>
      SellSearchAnswer.parse(j),
    );
    const target = [...found.Events].sort((a, b) => b.Open - a.Open)[0]!;
    const [month, day, year] = target.StartDate.split('-');
    await page.getByLabel('Show, series code or date').fill('');
    await page.getByLabel('Date', { exact: true }).fill(`${year}-${month}-${day}`);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('date') === target.StartDate);
    const targetRow = page.locator(`tr[data-event-id="${target.EventID}"]`);
    await targetRow.waitFor();
    await page.screenshot({ path: shot('by-date'), fullPage: true });

    // The staff seat map.
    await targetRow.getByRole('link', { name: /Sell tickets for/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/admin/selltickets/seriestickets/HAMLET/'));
    expect(new URL(page.url()).searchParams.get('startDate')).toBe(target.StartDate);
    await page.locator('[data-seats-drawn]').waitFor({ timeout: 30_000 });
    const gotIt = page.getByRole('button', { name: 'Got it' });
    if (await gotIt.isVisible()) await gotIt.click();

    const inventory = await apiGet(page, `/api/admin/eventinventory/${target.EventID}/boxoffice`, (j) =>
      BoxOfficeInventory.parse(j),
    );
    const venueConfig = inventory.VenueConfigurationID;
    const svg = await apiGet(page, `/api/svg/svgdata/${venueConfig}`, (j) => SvgData.parse(j));
    const p = { svg } as unknown as Performance;

    // A hold is drawn as a hold: the legend names it, the hold list offers it, hovering says so.
    const held = inventory.MapSeats.find(
      (s) => s.seatStatus === 'Hold' && s.HoldSubclassName === 'House Seats',
    )!;
    expect(held).toBeTruthy();
    await expect.poll(() => page.locator('.legend__list--statuses').innerText()).toContain('Held');
    await expect.poll(() => page.locator('.hold-picker').innerText()).toContain('House Seats');
    const heldAt = await seatPoint(page, p, held.Key);
    await page.mouse.move(1, 1);
    await page.mouse.move(heldAt.x, heldAt.y);
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    expect(await tooltip.locator('.seat-details__status').innerText()).toBe('Held');
    expect(await tooltip.getByTestId('staff-seat-info').innerText()).toContain('House Seats');
    // Its pixels are the hold's colour (seat-colour.ts STATUS_PAINT.Hold #a7a2b5), not a price's.
    const pixel = await page.evaluate(({ x, y }) => {
      const canvas = [...document.querySelectorAll('canvas')].find((c) => {
        const r = c.getBoundingClientRect();
        return x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
      });
      if (!canvas) return null;
      const r = canvas.getBoundingClientRect();
      const ctx = canvas.getContext('2d');
      const scale = canvas.width / r.width;
      const d = ctx?.getImageData(
        Math.round((x - r.left) * scale),
        Math.round((y - r.top) * scale),
        1,
        1,
      ).data;
      return d ? [d[0], d[1], d[2]] : null;
    }, heldAt);
    if (pixel) {
      expect(Math.abs(pixel[0]! - 0xa7)).toBeLessThan(24);
      expect(Math.abs(pixel[1]! - 0xa2)).toBeLessThan(24);
      expect(Math.abs(pixel[2]! - 0xb5)).toBeLessThan(24);
    }
    await page.screenshot({ path: shot('map-hold'), fullPage: false });
    await page.mouse.move(1, 1);

    // Seat info with the I key: the map focused, a seat chosen by arrow, I pins its details.
    await page.locator('.seat-map__frame').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('i');
    const pinned = page.getByRole('dialog', { name: 'Seat details' });
    await pinned.waitFor();
    const info = await pinned.getByTestId('staff-seat-info').innerText();
    expect(info).toContain('Section');
    expect(info).toContain('Price level');
    await page.screenshot({ path: shot('map-seat-info'), fullPage: false });
    await page.keyboard.press('Escape');
    await expect.poll(() => pinned.count()).toBe(0);
    // Back to the whole house (the arrow brought the map close to the seat). The map may still be
    // moving to the seat (or keeping its details in view) when they close: wait for it to stop,
    // press 0 on the focused map, and wait again, until the whole floor plan is inside the frame.
    const plan = page.locator('img.seat-map__plan');
    const frame = page.locator('.seat-map__frame');
    const settled = async () => {
      let box = await plan.boundingBox();
      for (let i = 0; i < 50; i++) {
        await page.waitForTimeout(150);
        const now = await plan.boundingBox();
        const still = box && now && Math.abs(now.x - box.x) < 0.5 && Math.abs(now.width - box.width) < 0.5;
        box = now;
        if (still) return now;
      }
      return box;
    };
    const wholeHouse = async () => {
      await settled();
      await frame.focus();
      await page.keyboard.press('0');
      const [p, f] = [await settled(), await frame.boundingBox()];
      return !!p && !!f && p.x >= f.x - 1 && p.y >= f.y - 1 && p.x + p.width <= f.x + f.width + 1;
    };
    await expect.poll(wholeHouse, { timeout: 20_000 }).toBe(true);

    // Two plain open seats into the basket on the box office's channel.
    const plain = inventory.MapSeats.filter(
      (s: BoxOfficeSeat) =>
        s.seatStatus === 'Open' && !s.ADAType && s.seatAlertId === undefined && !s.PossiblePackageIDs,
    );
    const chosen = [plain[Math.floor(plain.length / 3)]!, plain[Math.floor((2 * plain.length) / 3)]!];
    for (const seat of chosen) {
      const at = await seatPoint(page, p, seat.Key);
      await page.mouse.click(at.x, at.y);
    }
    const cont = page.getByRole('button', { name: 'Continue' });
    await expect.poll(() => cont.isEnabled()).toBe(true);
    await page.screenshot({ path: shot('map-two-seats'), fullPage: false });
    await cont.click();
    await page.waitForURL((url) => url.pathname === '/admin/v2/checkout/basket', { timeout: 20_000 });

    const basket = await apiGet(page, '/api/baskets/viewmodel', (j) => j as Record<string, unknown>);
    const text = JSON.stringify(basket);
    for (const seat of chosen) expect(text).toContain(seat.Key);
    expect(text).toContain('BoxOffice');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: shot('basket'), fullPage: true });
    expect(errors).toEqual([]);
  });
});
