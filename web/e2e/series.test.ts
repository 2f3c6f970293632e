import type { Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CalendarSeries,
  EventList,
  EventsByMonth,
  type Event,
} from '../../adapters/http/contract/catalogue.ts';
import { seriousAccessibilityViolations } from './axe.ts';
import { mobile, startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';

// The series screen as a new buyer meets it, in Chromium against the real server and a fresh
// demo database: Hamlet's month calendar and its previous season, Nova Reyes' presale, Aurora
// Skyline's sold-out night, Comedy Nights' outlet sale.

let foyer: FoyerUnderTest;

beforeAll(async () => {
  foyer = await startFoyerUnderTest();
});

afterAll(async () => {
  await foyer?.stop();
});

const api = async <S extends z.ZodType>(pathAndQuery: string, schema: S): Promise<z.output<S>> =>
  schema.parse(await (await fetch(`${foyer.baseUrl}${pathAndQuery}`)).json());

const notStarted = (e: Event) => Date.parse(e.StartsAtUtc) > Date.now() + 60_000;

/** The next performance that has not started (the API lists today's from the venue's midnight). */
const nextPerformance = async (code: string) =>
  (await api(`/api/events?SeriesCode=${code}&Limit=10`, EventList)).Items.find(notStarted)!;

/**
 * The performance whose month the series screen opens on: the API's first, which lists today's
 * from the venue's midnight, started or not (on a month's last evening that month is still shown).
 */
const openingPerformance = async (code: string) =>
  (await api(`/api/events?SeriesCode=${code}&Limit=1`, EventList)).Items[0]!;

/**
 * Steps the calendar on to the month of `localDate` when the page opened on the month before
 * (on a month's last evening, once its last performance has started).
 */
const showMonthOf = async (page: Page, code: string, localDate: string) => {
  const opening = await openingPerformance(code);
  await page.getByRole('table').waitFor();
  if (opening.LocalDate.slice(0, 7) !== localDate.slice(0, 7))
    await page.getByRole('button', { name: 'Next month' }).click();
};

/**
 * The performances behind a page's links, against those the page offers: the page leaves out the
 * ones started when it loaded (between `loading` and `loaded`), so a performance starting in that
 * window may be there or not; every later one must be, and no earlier one.
 */
const expectOffered = async (
  links: ReturnType<Page['getByRole']>,
  events: readonly Event[],
  loading: number,
  loaded: number,
) => {
  const hrefs = await links.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href') ?? ''));
  const linked = hrefs.map((href) => Number(/\/(\d+)(?:\?|$)/.exec(href)?.[1]));
  const startsAt = (e: Event) => Date.parse(e.StartsAtUtc);
  const surely = events.filter((e) => startsAt(e) > loaded).map((e) => e.ID);
  const perhaps = events.filter((e) => startsAt(e) > loading).map((e) => e.ID);
  expect(linked).toEqual(expect.arrayContaining(surely));
  expect(perhaps).toEqual(expect.arrayContaining(linked));
  expect(new Set(linked).size).toBe(linked.length);
};

const monthOf = (code: string, localDate: string) =>
  api(`/api/events/getbymonth?seriesCode=${code}&requestedTime=${localDate.slice(0, 10)}`, EventsByMonth);

const utcOf = (localDate: string) => new Date(`${localDate.slice(0, 10)}T12:00:00Z`);
/** 'Saturday, November 28, 2026', as en-US writes a venue's local day. */
const longDay = (localDate: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utcOf(localDate));
/** 'November 2026' */
const monthName = (localDate: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    utcOf(localDate),
  );
/** '11-28-2026' */
const urlDate = (localDate: string) =>
  `${localDate.slice(5, 7)}-${localDate.slice(8, 10)}-${localDate.slice(0, 4)}`;

const byDay = (events: readonly Event[]) => {
  const days = new Map<string, Event[]>();
  for (const e of events)
    days.set(e.LocalDate.slice(0, 10), [...(days.get(e.LocalDate.slice(0, 10)) ?? []), e]);
  return days;
};

const search = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const dayButton = (page: Page, localDate: string) =>
  page.getByRole('button', { name: new RegExp(`^${longDay(localDate)}: \\d+ performances?$`) });
const tray = (page: Page) => page.getByRole('region', { name: /^\w+day, / });

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

describe('the series screen in Chromium', () => {
  it('shows Hamlet’s month calendar with a dot per performance, and moves months and seasons', async () => {
    const first = await openingPerformance('HAMLET');
    const month = await monthOf('HAMLET', first.LocalDate);
    const page = await foyer.openPage();
    await page.goto(`${foyer.baseUrl}/tickets/series/HAMLET`);
    await page.getByRole('heading', { level: 1, name: 'Hamlet' }).waitFor();
    const calendar = page.getByRole('table', { name: `Performances in ${monthName(first.LocalDate)}` });
    await calendar.waitFor();
    expect(await page.getByRole('button', { name: 'Calendar' }).getAttribute('aria-pressed')).toBe('true');

    // Every day with performances is a button with one dot per performance (at most 6), in its
    // availability colour; days without are not buttons.
    const days = byDay(month.Events);
    expect(await calendar.getByRole('button').count()).toBe(days.size);
    for (const [day, events] of days) {
      const cell = page.locator(`td[data-date="${day}"]`);
      await expect(cell.getByRole('button').getAttribute('aria-label')).resolves.toBe(
        `${longDay(day)}: ${events.length} performance${events.length === 1 ? '' : 's'}`,
      );
      const dots = cell.locator('.calendar__dot');
      expect(await dots.count()).toBe(Math.min(events.length, 6));
      const colours = await dots.evaluateAll((nodes) =>
        nodes.map((n) => getComputedStyle(n).backgroundColor),
      );
      expect(colours).toEqual(events.slice(0, 6).map((e) => rgb(e.AvailabilityColor)));
    }
    await page.screenshot({ path: '/tmp/foyer-series-desktop.png', fullPage: true });

    // Next month: the dropdown and startDate follow.
    const monthSelect = page.getByRole('combobox', { name: 'Month' });
    const shown = await monthSelect.inputValue();
    await page.getByRole('button', { name: 'Next month' }).click();
    await page.waitForFunction((before) => {
      const select = document.querySelector<HTMLSelectElement>('.month-bar__select');
      return select !== null && select.value !== before;
    }, shown);
    const next = await monthSelect.inputValue();
    expect(search(page).startDate).toBe(`${next.slice(5, 7)}-01-${next.slice(0, 4)}`);
    await page.getByRole('table', { name: `Performances in ${monthName(`${next}-01`)}` }).waitFor();

    // The dropdown jumps straight to a month.
    const options = await monthSelect
      .locator('option')
      .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
    const lastMonth = options.at(-1)!;
    await monthSelect.selectOption(lastMonth);
    await page.getByRole('table', { name: `Performances in ${monthName(`${lastMonth}-01`)}` }).waitFor();
    expect(search(page).startDate).toBe(`${lastMonth.slice(5, 7)}-01-${lastMonth.slice(0, 4)}`);
    // Past the last month of the template there is no future season: the step is disabled.
    expect(await page.getByRole('button', { name: 'Next month' }).isDisabled()).toBe(true);

    // Before the first month, the previous season (HAMLET-PREV) is called instead of loading.
    await monthSelect.selectOption(options[0]!);
    await page
      .getByRole('button', { name: /^Previous month: earlier dates are in the previous season$/ })
      .click();
    await page.waitForURL((url) => url.pathname === '/tickets/series/HAMLET-PREV');
    await page.getByRole('heading', { level: 1, name: 'Hamlet: the previous season' }).waitFor();
    await page.getByRole('button', { name: /Next season/ }).click();
    await page.waitForURL((url) => url.pathname === '/tickets/series/HAMLET');
    await page.getByRole('heading', { level: 1, name: 'Hamlet' }).waitFor();
    await page.context().close();
  });

  it('opens a day’s tray with its performances, keeps the date in the URL, and closes it on a second click', async () => {
    const first = await nextPerformance('HAMLET');
    const events = byDay((await monthOf('HAMLET', first.LocalDate)).Events).get(
      first.LocalDate.slice(0, 10),
    )!;
    const page = await foyer.openPage();
    await page.goto(`${foyer.baseUrl}/tickets/series/HAMLET?persistparam=spring&seatQty=40&planCode=FLEX`);
    await showMonthOf(page, 'HAMLET', first.LocalDate);
    const day = dayButton(page, first.LocalDate);
    await day.click();
    const open = tray(page);
    await open.getByRole('heading', { name: longDay(first.LocalDate) }).waitFor();
    expect(await day.getAttribute('aria-expanded')).toBe('true');
    expect(search(page)).toMatchObject({ startDate: urlDate(first.LocalDate), persistparam: 'spring' });

    // One entry per performance, each leading to its seats with the buyer's query carried on
    // (seatQty clamped to the series' ticket limit).
    const links = open.getByRole('link', { name: /^Choose seats/ });
    const buyable = events.filter(
      (e) => notStarted(e) && e.Availability !== 'SoldOut' && !e.IsBeforeSaleDate,
    );
    expect(await links.count()).toBe(buyable.length);
    const href = new URL((await links.first().getAttribute('href'))!, foyer.baseUrl);
    expect(href.pathname).toBe(`/tickets/series/HAMLET/${buyable[0]!.ID}`);
    expect(Object.fromEntries(href.searchParams)).toEqual({
      persistparam: 'spring',
      planCode: 'FLEX',
      seatQty: '12',
      startDate: urlDate(first.LocalDate),
    });
    await page.screenshot({ path: '/tmp/foyer-series-tray-desktop.png', fullPage: true });

    await day.click();
    await open.waitFor({ state: 'detached' });
    expect(await day.getAttribute('aria-expanded')).toBe('false');

    // A link with startDate opens on that day's tray.
    await page.goto(`${foyer.baseUrl}/tickets/series/HAMLET?startDate=${urlDate(first.LocalDate)}`);
    await tray(page)
      .getByRole('heading', { name: longDay(first.LocalDate) })
      .waitFor();
    await page.context().close();
  });

  it('switches to the list view, whose dates lead to seats and keep the query', async () => {
    // The month of the next performance, named so that the month cannot end before the page opens.
    const first = await nextPerformance('HAMLET');
    const month = await monthOf('HAMLET', first.LocalDate);
    const page = await foyer.openPage();
    const loading = Date.now();
    await page.goto(
      `${foyer.baseUrl}/tickets/series/HAMLET?isPaired=true&slotId=7&startDate=${urlDate(first.LocalDate)}`,
    );
    await page.getByRole('button', { name: 'List' }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'list');
    expect(await page.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    const links = page.getByRole('link', { name: /^Choose seats/ });
    await links.first().waitFor();
    const loaded = Date.now();
    const buyable = month.Events.filter((e) => e.Availability !== 'SoldOut');
    await expectOffered(links, buyable, loading, loaded);
    const href = new URL((await links.first().getAttribute('href'))!, foyer.baseUrl);
    expect(Object.fromEntries(href.searchParams)).toMatchObject({
      isPaired: 'true',
      slotId: '7',
      view: 'list',
    });
    await links.first().click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(href.pathname);
    await page.goBack();
    await page.getByRole('button', { name: 'List' }).waitFor();
    expect(await page.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    await page.context().close();
  });

  it('shows the secondary-market banner only on nearly sold-out nights that are not heavy on-sale', async () => {
    // Hamlet offers resale; its near weekend performances are nearly gone.
    const { Items } = await api('/api/events?SeriesCode=HAMLET&Limit=40', EventList);
    const low = Items.find((e) => notStarted(e) && e.Availability === 'Low')!;
    expect(low).toBeDefined();
    const page = await foyer.openPage();
    await page.goto(`${foyer.baseUrl}/tickets/series/HAMLET?startDate=${urlDate(low.LocalDate)}`);
    const open = tray(page);
    await open.waitFor();
    const dayEvents = Items.filter((e) => e.LocalDate.slice(0, 10) === low.LocalDate.slice(0, 10));
    expect(await open.getByText('Only a few seats left.').count()).toBe(
      dayEvents.filter((e) => notStarted(e) && e.Availability === 'Low').length,
    );
    // Aurora Skyline offers resale too, but sells heavy on-sale: no banner on its Low night.
    await page.goto(`${foyer.baseUrl}/tickets/series/AURORA`);
    await page.getByText('Few seats left').first().waitFor();
    expect(await page.getByText('Only a few seats left.').count()).toBe(0);
    // Its dates go to best-available selection, which its own issue builds.
    const bestAvailable = page.getByRole('link', { name: /^Find seats/ }).first();
    expect(await bestAvailable.getAttribute('href')).toMatch(
      /^\/tickets\/series\/AURORA\/\d+\/bestAvailable\?/,
    );
    await page.context().close();
  });

  it('covers NOVA’s presale-only dates with the on-sale overlay until the presale code is entered', async () => {
    const series = await api('/api/events/calendarseries/NOVA', CalendarSeries);
    const nova = await nextPerformance('NOVA');
    expect(nova.IsBeforeSaleDate && nova.IsPresale).toBe(true);
    const page = await foyer.openPage();
    await page.goto(`${foyer.baseUrl}/tickets/series/NOVA`);
    const overlay = page.getByRole('region', { name: /^Tickets go on sale / });
    await overlay.waitFor();
    expect(
      await overlay.getByRole('listitem').filter({ hasText: series.Promotions[0]!.DisplayName }).count(),
    ).toBe(1);
    expect(await page.getByRole('link', { name: /^Choose seats/ }).count()).toBe(0);
    await page.screenshot({ path: '/tmp/foyer-series-onsale-desktop.png', fullPage: true });

    // The promo modal: the form must be valid first.
    await overlay.getByRole('button', { name: /^Enter presale code/ }).click();
    const modal = page.getByRole('dialog', { name: 'Enter your presale code' });
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Apply code' }).click();
    expect(await modal.getByRole('alert').innerText()).toContain('Presale Code is empty');
    // A code for another series is refused with the server's reason.
    await modal.getByLabel('Presale code').fill('SAVE10');
    await modal.getByRole('button', { name: 'Apply code' }).click();
    await modal.getByText('This code is not valid for this event.').waitFor();
    await modal.getByLabel('Presale code').fill('earlybird');
    await modal.getByRole('button', { name: 'Apply code' }).click();
    await modal.waitFor({ state: 'detached' });

    await page.getByText('Fan club presale applied with the code EARLYBIRD.').waitFor();
    expect(search(page).promo).toBe('EARLYBIRD');
    await overlay.waitFor({ state: 'detached' });
    const links = page.getByRole('link', { name: /^Choose seats/ });
    await links.nth(1).waitFor();
    expect(await links.count()).toBe(2);
    expect(
      new URL((await links.first().getAttribute('href'))!, foyer.baseUrl).searchParams.get('promo'),
    ).toBe('EARLYBIRD');

    // Clearing the promotion takes promo (and groupCode) out of the query; the overlay returns.
    await page.getByRole('button', { name: /^Remove/ }).click();
    await page.waitForURL((url) => !url.searchParams.has('promo'));
    await overlay.waitFor();
    // The buyer may still look at the dates under it.
    await overlay.getByRole('button', { name: 'Browse the dates' }).click();
    await overlay.waitFor({ state: 'detached' });
    expect(await page.getByText(/^On sale /).count()).toBe(2);
    await page.context().close();
  });

  it('applies a code from the URL, reports a refused one, and asks members to log in', async () => {
    const page = await foyer.openPage();
    await page.goto(`${foyer.baseUrl}/tickets/series/HAMLET?promo=SAVE10&groupCode=&view=list`);
    await page.getByText('10% off applied with the code SAVE10.').waitFor();

    await page.goto(`${foyer.baseUrl}/tickets/series/HAMLET?promo=NOPE&view=list`);
    await page.getByRole('alert').filter({ hasText: 'The code NOPE could not be applied' }).waitFor();
    await page.waitForURL((url) => !url.searchParams.has('promo') && url.searchParams.get('view') === 'list');

    // Members: 20% off is restricted to a customer tag: an anonymous buyer must log in.
    await page.getByRole('button', { name: 'Enter a code' }).click();
    const modal = page.getByRole('dialog', { name: 'Enter a promo code' });
    await modal.getByLabel('Promo code').fill('MEMBERS');
    await modal.getByRole('button', { name: 'Apply code' }).click();
    const login = page.getByRole('alertdialog', { name: 'Log in to use this code' });
    await login.waitFor();
    const loginLink = login.getByRole('link', { name: 'Log in' });
    expect(
      new URL((await loginLink.getAttribute('href'))!, foyer.baseUrl).searchParams.get('returnUrl'),
    ).toContain('/tickets/series/HAMLET');
    // Modals close on Escape.
    await page.keyboard.press('Escape');
    await login.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('applies Comedy Nights’ outlet sale by itself', async () => {
    const page = await foyer.openPage();
    await page.goto(`${foyer.baseUrl}/tickets/series/COMEDY`);
    await page.getByText('Outlet sale: 25% off applied automatically.').waitFor();
    await page.context().close();
  });

  it('opens the event info modal of a performance', async () => {
    const aurora = await nextPerformance('AURORA');
    const page = await foyer.openPage();
    await page.goto(`${foyer.baseUrl}/tickets/series/AURORA?startDate=${urlDate(aurora.LocalDate)}`);
    await page
      .getByRole('button', { name: `Event information, ${longDay(aurora.LocalDate)} 7:30 PM` })
      .click();
    const info = page.getByRole('dialog', { name: aurora.Name });
    await info.waitFor();
    expect(await info.innerText()).toContain(aurora.Venue.DisplayName);
    expect(await info.innerText()).toContain(aurora.UpfrontFeeDisclosure!);
    await info.getByRole('button', { name: 'Close' }).click();
    await info.waitFor({ state: 'detached' });
    await page.context().close();
  });

  for (const viewport of ['desktop', 'mobile'] as const)
    it(`offers the sold-out e-mail form on Aurora’s sold-out night, with the typo suggestion (${viewport})`, async () => {
      const series = await api('/api/events/calendarseries/AURORA', CalendarSeries);
      const { Items } = await api('/api/events?SeriesCode=AURORA', EventList);
      const soldOut = Items.find((e) => e.Availability === 'SoldOut')!;
      const page = await foyer.openPage(
        viewport === 'mobile' ? { viewport: mobile, isMobile: true, hasTouch: true } : {},
      );
      await page.goto(`${foyer.baseUrl}/tickets/series/AURORA?startDate=${urlDate(soldOut.LocalDate)}`);
      const panel = page.getByRole('region', { name: series.SoldOutHeader! });
      await panel.waitFor();
      expect(await panel.innerText()).toContain(series.SoldOutMessage!);

      const email = panel.getByLabel('E-mail me if tickets become available');
      await panel.getByRole('button', { name: 'Notify me' }).click();
      await panel.getByText('Enter your e-mail address.').waitFor();
      const address = `someone.${viewport}@gmial.com`;
      await email.fill(address);
      await email.blur();
      const suggestion = panel.getByRole('button', { name: `someone.${viewport}@gmail.com` });
      await suggestion.waitFor();
      expect(await panel.getByText('Did you mean').isVisible()).toBe(true);
      if (viewport === 'mobile') {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          mobile.width,
        );
        await page.screenshot({ path: '/tmp/foyer-series-soldout-mobile.png', fullPage: true });
      } else await page.screenshot({ path: '/tmp/foyer-series-soldout-desktop.png', fullPage: true });
      await suggestion.click();
      expect(await email.inputValue()).toBe(`someone.${viewport}@gmail.com`);
      await panel.getByRole('button', { name: 'Notify me' }).click();
      await panel
        .getByText(`Thank you. We will e-mail someone.${viewport}@gmail.com if tickets become available.`)
        .waitFor();

      const client = new pg.Client({ connectionString: foyer.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query(
          'select email from ticket_notification_requests where event_id = $1 and email = $2',
          [soldOut.ID, `someone.${viewport}@gmail.com`],
        );
        expect(rows).toHaveLength(1);
      } finally {
        await client.end();
      }
      await page.context().close();
    });

  it('works on a 375 px wide phone: compact calendar, tray under the week, no sideways scrolling', async () => {
    const first = await nextPerformance('HAMLET');
    const page = await foyer.openPage({ viewport: mobile, isMobile: true, hasTouch: true });
    await page.goto(`${foyer.baseUrl}/tickets/series/HAMLET`);
    await showMonthOf(page, 'HAMLET', first.LocalDate);
    await dayButton(page, first.LocalDate).tap();
    const open = tray(page);
    await open.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(mobile.width);
    const [calendarBox, trayBox] = [await page.getByRole('table').boundingBox(), await open.boundingBox()];
    expect(trayBox!.width).toBeGreaterThan(calendarBox!.width - 4);
    await page.screenshot({ path: '/tmp/foyer-series-mobile.png', fullPage: true });
    await page.getByRole('button', { name: 'List' }).tap();
    await page
      .getByRole('link', { name: /^Choose seats/ })
      .first()
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(mobile.width);
    await page.screenshot({ path: '/tmp/foyer-series-list-mobile.png', fullPage: true });
    await page.context().close();
  });

  it('retries the month’s data from 100 ms, doubling, until it arrives', async () => {
    const page = await foyer.openPage();
    const attempts: number[] = [];
    await page.route('**/api/events/getbymonth?**', (route) => {
      attempts.push(Date.now());
      return attempts.length <= 3
        ? route.fulfill({ status: 503, json: { Message: 'Resting.' } })
        : route.continue();
    });
    await page.goto(`${foyer.baseUrl}/tickets/series/HAMLET`);
    await page.getByRole('table').waitFor();
    expect(attempts).toHaveLength(4);
    const gaps = attempts.slice(1).map((t, i) => t - attempts[i]!);
    // 100, 200, 400 ms waits (plus the round trips).
    expect(gaps[0]).toBeGreaterThanOrEqual(95);
    expect(gaps[1]).toBeGreaterThanOrEqual(195);
    expect(gaps[2]).toBeGreaterThanOrEqual(395);
    await page.context().close();
  });

  it('says so, with a retry, when a month cannot be loaded at all', async () => {
    const page = await foyer.openPage();
    let fail = true;
    await page.route('**/api/events/getbymonth?**', (route) =>
      fail ? route.fulfill({ status: 503, json: { Message: 'Resting.' } }) : route.continue(),
    );
    await page.goto(`${foyer.baseUrl}/tickets/series/HAMLET`);
    const alert = page.getByRole('alert').filter({ hasText: 'We could not load the dates for' });
    await alert.waitFor({ timeout: 15_000 });
    fail = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('table').waitFor();
    await page.context().close();
  });

  it('has no serious or critical accessibility violations (axe-core): calendar, tray, list, overlay, modal', async () => {
    const first = await nextPerformance('HAMLET');
    const page = await foyer.openPage({ bypassCSP: true });
    await page.goto(`${foyer.baseUrl}/tickets/series/HAMLET?startDate=${urlDate(first.LocalDate)}`);
    await tray(page).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const soldOut = (await api('/api/events?SeriesCode=AURORA', EventList)).Items.find(
      (e) => e.Availability === 'SoldOut',
    )!;
    await page.goto(`${foyer.baseUrl}/tickets/series/AURORA?startDate=${urlDate(soldOut.LocalDate)}`);
    await page.getByRole('button', { name: 'Notify me' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.goto(`${foyer.baseUrl}/tickets/series/NOVA`);
    await page.getByRole('region', { name: /^Tickets go on sale / }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Enter a code' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });
});
