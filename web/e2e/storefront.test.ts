import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFoyer } from '../../server/start.ts';
import { EventList } from '../../adapters/http/contract/catalogue.ts';
import { createTestDatabase } from '../../test/database.ts';
import { seriousAccessibilityViolations } from './axe.ts';
import { ensureBuiltStorefront } from '../../scripts/built-storefront.ts';
import { launchChromium } from './chromium.ts';

// What a ticket buyer sees in a real browser, against the real server and a fresh demo database.

const root = path.resolve(import.meta.dirname, '../..');
const desktop = { width: 1280, height: 900 };
const mobile = { width: 375, height: 812 };

let stopAll: (() => Promise<void>) | undefined;
let baseUrl = '';
let browser: Browser;

beforeAll(async () => {
  ensureBuiltStorefront(root);
  const db = await createTestDatabase();
  const app = await startFoyer({
    env: { DATABASE_URL: db.url, WORKERS: 'false' },
    port: 0,
    quiet: true,
  }).catch(async (error: unknown) => {
    await db.drop();
    throw error;
  });
  baseUrl = app.url;
  browser = await launchChromium();
  stopAll = async () => {
    await browser.close();
    await app.stop();
    await db.drop();
  };
});

afterAll(async () => {
  await stopAll?.();
});

// Far from the venues' zones: a show's time must be the venue's wall clock, whatever the reader's zone.
const openPage = async (options: BrowserContextOptions = {}): Promise<Page> => {
  const context = await browser.newContext({
    viewport: desktop,
    locale: 'en-US',
    timezoneId: 'Asia/Tokyo',
    ...options,
  });
  return context.newPage();
};

const api = async (pathAndQuery: string) =>
  EventList.parse(await (await fetch(`${baseUrl}${pathAndQuery}`)).json());

/** Every upcoming date of a series, page by page. */
const allDatesOf = async (code: string) => {
  const dates: EventList['Items'] = [];
  for (;;) {
    const page = await api(`/api/events?SeriesCode=${code}&Limit=100&Offset=${dates.length}`);
    dates.push(...page.Items);
    if (!page.HasMore) return dates;
  }
};

/** '2026-12-01T19:30:00' -> '7:30 PM', as en-US writes the wall clock. */
const wallClock = (localDate: string) => {
  const [hours = 0, minutes = 0] = localDate.slice(11, 16).split(':').map(Number);
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
};

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('the storefront in Chromium', () => {
  it('lists every series with its next dates, in the venue’s local time', async () => {
    const { Items } = await api('/api/events?PerSeries=3');
    const hamletDates = Items.filter((e) => e.EventTemplateCode === 'HAMLET');
    expect(hamletDates.length).toBeGreaterThan(0);

    const page = await openPage();
    await page.goto(baseUrl);
    await page.getByRole('heading', { level: 1, name: 'What’s on' }).waitFor();
    const cards = page.getByRole('article');
    expect(await cards.count()).toBe(new Set(Items.map((e) => e.EventTemplateCode)).size);

    const hamlet = cards.filter({ has: page.getByRole('heading', { name: 'Hamlet', exact: true }) });
    expect(await hamlet.getByText('The Grand Theatre').isVisible()).toBe(true);
    const times = hamlet.locator('time');
    expect(await times.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('datetime')))).toEqual(
      hamletDates.map((e) => e.LocalDate),
    );
    expect(await times.allInnerTexts()).toEqual(
      hamletDates.map((e) => expect.stringContaining(wallClock(e.LocalDate))),
    );

    await page.screenshot({ path: '/tmp/foyer-e2e-home-desktop.png', fullPage: true });
    await page.setViewportSize(mobile);
    await page.screenshot({ path: '/tmp/foyer-e2e-home-mobile.png', fullPage: true });
    await page.context().close();
  });

  it('opens a series from What’s on and shows its month of dates, each leading to seats', async () => {
    // The listing starts at the venue's midnight; the next date to book has not started yet.
    const all = await allDatesOf('HAMLET');
    const Items = all.filter((e) => Date.parse(e.StartsAtUtc) > Date.now() + 60_000);
    const first = Items[0]!;
    const firstDay = first.LocalDate.slice(0, 10);
    const sameDay = Items.filter((e) => e.LocalDate.startsWith(firstDay));

    const page = await openPage();
    await page.goto(baseUrl);
    await page.getByRole('link', { name: 'Hamlet', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/tickets/series/HAMLET');
    await page.getByRole('heading', { level: 1, name: 'Hamlet' }).waitFor();
    expect(await page.title()).toBe('Hamlet · Foyer');

    // The calendar opens on the month of the listing's first performance (on a month's last
    // evening, one that has started); the next one's day opens a tray of times.
    await page.getByRole('table').waitFor();
    if (all[0]!.LocalDate.slice(0, 7) !== firstDay.slice(0, 7))
      await page.getByRole('button', { name: 'Next month' }).click();
    await page.locator(`td[data-date="${firstDay}"] button`).click();
    const dates = page.getByRole('link', { name: /Choose seats/ });
    await dates.first().waitFor();
    expect(await dates.count()).toBe(sameDay.filter((e) => e.Availability !== 'SoldOut').length);
    expect(await dates.first().getAttribute('href')).toMatch(
      new RegExp(`^/tickets/series/HAMLET/${first.ID}\\?`),
    );
    expect(await page.getByText(wallClock(first.LocalDate), { exact: true }).first().isVisible()).toBe(true);

    await page.screenshot({ path: '/tmp/foyer-e2e-series-desktop.png' });
    await page.setViewportSize(mobile);
    await page.screenshot({ path: '/tmp/foyer-e2e-series-mobile.png' });

    // Back on the series after a date, the page is where the reader left it.
    await page.setViewportSize(desktop);
    await dates.first().scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await dates.first().click();
    await page.waitForURL((url) => url.pathname === `/tickets/series/HAMLET/${first.ID}`);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Hamlet' }).waitFor();
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 2, scrolled, { timeout: 5_000 });
    await page.context().close();
  });

  it('has no serious or critical accessibility violations on What’s on (axe-core)', async () => {
    // The server's CSP (script-src 'self') would refuse the injected axe script.
    const page = await openPage({ bypassCSP: true });
    await page.goto(baseUrl);
    await page.getByRole('article').first().waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.goto(`${baseUrl}/tickets/series/HAMLET?view=list`);
    await page
      .getByRole('link', { name: /Choose seats/ })
      .first()
      .waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('breaks no rule of its own Content-Security-Policy on What’s on, a series and a seat map', async () => {
    const page = await openPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (globalThis as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`),
      );
    });
    const violations = () =>
      page.evaluate(() => (globalThis as unknown as { cspViolations: string[] }).cspViolations);
    await page.goto(baseUrl);
    await page.getByRole('article').first().waitFor();
    expect(await violations()).toEqual([]);
    const [date] = await allDatesOf('HAMLET');
    await page.goto(`${baseUrl}/tickets/series/HAMLET?view=list`);
    await page
      .getByRole('link', { name: /Choose seats/ })
      .first()
      .waitFor();
    expect(await violations()).toEqual([]);
    await page.goto(`${baseUrl}${date!.SelectSeatsUrl}`);
    await page.locator('[data-seats-drawn]').waitFor();
    expect(await violations()).toEqual([]);
    await page.context().close();
  });

  it('sends an unknown path to the not-found page, which leads home', async () => {
    const page = await openPage();
    await page.goto(`${baseUrl}/no/such/page`);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(pathOf(page)).toBe('/Error/NotFound');
    await page.getByRole('link', { name: 'Go to What’s on', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'What’s on' }).waitFor();
    expect(pathOf(page)).toBe('/');
    await page.context().close();
  });

  it('follows the storefront’s redirects, ignores case and drops trailing slashes', async () => {
    const page = await openPage();
    const landings: [string, string, string][] = [
      ['/checkout/', '/checkout/basket', 'Your basket is empty'],
      ['/checkout/null', '/basket/expired', 'Your basket has expired'],
      ['/checkout/undefined', '/basket/expired', 'Your basket has expired'],
      ['/Checkout/Error', '/Checkout/Error', 'We could not complete your checkout'],
      ['/TICKETS/series/HAMLET/', '/TICKETS/series/HAMLET', 'Hamlet'],
      ['/tickets/series/NO-SUCH-SHOW', '/tickets/series/NO-SUCH-SHOW', 'Show not found'],
    ];
    for (const [from, to, heading] of landings) {
      await page.goto(`${baseUrl}${from}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(pathOf(page), from).toBe(to);
    }
    await page.context().close();
  });

  it('shows the server’s error with a retry when the listing fails, then recovers', async () => {
    const page = await openPage();
    let fail = true;
    await page.route('**/api/events?PerSeries=3', (route) =>
      fail
        ? route.fulfill({ status: 503, json: { Message: 'The catalogue is resting.' } })
        : route.continue(),
    );
    await page.goto(baseUrl);
    const alert = page.getByRole('alert');
    await alert.getByRole('heading', { name: 'We could not load what’s on.' }).waitFor();
    expect(await alert.innerText()).toContain('The catalogue is resting.');
    fail = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Hamlet', exact: true }).waitFor();
    await page.context().close();
  });

  it('speaks the reader’s language with strings from the server', async () => {
    const page = await openPage({ locale: 'fr-FR' });
    await page.goto(baseUrl);
    await page.getByRole('heading', { level: 1, name: 'À l’affiche' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(
      await page
        .getByRole('navigation', { name: 'Principale' })
        .getByRole('link', { name: 'Panier' })
        .isVisible(),
    ).toBe(true);
    await page.context().close();
  });
});
