import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import knex from 'knex';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Event } from '../../adapters/http/contract/catalogue.ts';
import { OutboxList, OutboxMessage, outboxMessagePath } from '../../adapters/http/contract/outbox.ts';
import { EventTemplateView } from '../../adapters/http/contract/event-templates.ts';
import { TemplatePricesView } from '../../adapters/http/contract/performances.ts';
import { hashPassword } from '../../adapters/crypto/password.ts';
import { confirmationOf, fillDetails, pay } from './checkout-page.ts';
import { root, startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { apiOf, clickSeat, performanceOf } from './seat-map-page.ts';
import { api, money, screenshots, signIn, STAFF_PASSWORD } from './staff-session.ts';

// A box office sets up a season on screen, end to end, in Chromium against the real server: a new
// EventAdmin, starting from the admin home and moving only by the screens' own links, imports a
// small pretix plan as a new venue, makes a template on it with an image and its own e-mail text,
// sets two price levels by two price types as its defaults, adds a run of three performances on
// sale now; then a customer finds the series on the storefront, picks a seat on the new map, pays
// with the offline test card, and the confirmation e-mail carries the template's text and price.

const PRETIX = path.join(root, 'cli/fixtures/small-pretix.json');
const EVENT_ADMIN = 'season-admin@foyer.local';
const VENUE = 'Riverside Playhouse';
const SEAT_MAP = 'Main floor';
const CODE = 'RIVALS27';
const TITLE = 'The Rivals';
const EMAIL_TEXT = 'Show this e-mail at the Riverside bar for a free programme.';
const CUSTOMER = 'ada@example.com';
const shot = screenshots('/tmp/shots/season-setup-');

/**
 * The first week (1st to 7th, 'YYYY-MM-DD') of the month after next: one Tuesday, Wednesday and
 * Thursday each, all in one month, so the storefront's list of dates shows them together.
 */
const runWeek = () => {
  const now = new Date();
  const day = (d: number) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, d)).toISOString().slice(0, 10);
  return { from: day(1), to: day(7) };
};

/** The newest outbox message to `to`, waited for (the worker sends the order e-mail). */
const mailTo = async (page: Page, baseUrl: string, to: string) => {
  for (let tries = 0; ; tries++) {
    const list = OutboxList.parse(await (await page.request.get(`${baseUrl}/api/outbox`)).json());
    const found = list.Messages.find((m) => m.To.includes(to));
    if (found)
      return OutboxMessage.parse(
        await (await page.request.get(`${baseUrl}${outboxMessagePath(found.Name)}`)).json(),
      );
    expect(tries, `an e-mail to ${to} reaches the outbox within 30 s`).toBeLessThan(60);
    await page.waitForTimeout(500);
  }
};

describe('a season set up on screen', () => {
  let foyer: FoyerUnderTest;
  let dataDir: string | undefined;

  beforeAll(async () => {
    mkdirSync('/tmp/shots', { recursive: true });
    // Workers on and an outbox of its own: the order e-mail is really sent, to DATA_DIR/outbox.
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'foyer-season-setup-e2e-'));
    foyer = await startFoyerUnderTest({ env: { WORKERS: 'true', DATA_DIR: dataDir } });
    const db = knex({ client: 'pg', connection: foyer.databaseUrl, pool: { min: 0, max: 1 } });
    try {
      await db('staff_users').insert({
        email: EVENT_ADMIN,
        name: 'Sam Season',
        role: 'EventAdmin',
        password_hash: await hashPassword(STAFF_PASSWORD),
      });
    } finally {
      await db.destroy();
    }
  });

  afterAll(async () => {
    await foyer?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('venue, template, prices and a run made on screen; a customer buys a seat of it', async () => {
    const staff = await foyer.openPage();
    const main = staff.getByRole('main');
    await signIn(foyer, staff, EVENT_ADMIN, '/admin');

    // 1. The venue: a pretix plan imported as a new venue.
    await main.getByRole('link', { name: /^Venues and seat maps/ }).click();
    await staff.getByRole('heading', { name: 'Venues and seat maps', level: 1 }).waitFor();
    await main.getByRole('link', { name: 'Import a seat map' }).click();
    await staff.getByRole('heading', { name: 'Import a seat map', level: 1 }).waitFor();
    await staff.getByLabel('Seat plan file').setInputFiles(PRETIX);
    await staff.getByText('small-pretix.json: a seating plan in JSON').waitFor();
    await staff.getByLabel('Seat map name').fill(SEAT_MAP);
    await staff.getByRole('radio', { name: 'A new venue' }).check();
    await staff.getByLabel('New venue’s name').fill(VENUE);
    await staff.getByLabel('Time zone').selectOption('Europe/London');
    await staff.getByLabel('Currency').selectOption('en-us');
    await staff.getByRole('button', { name: 'Preview' }).click();
    const preview = staff.getByTestId('seat-plan-preview');
    await preview.getByText(/^\d+ seats$/).waitFor();
    await shot(staff, '1-import-preview');
    await preview.getByRole('button', { name: 'Import' }).click();
    await staff.getByRole('heading', { name: SEAT_MAP, level: 1 }).waitFor();
    await staff.getByText('The seat map was imported.').waitFor();
    await shot(staff, '1-imported');

    // 2. The template on that seat map, its words, its e-mail text, listed rather than a calendar.
    await staff.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Home' }).click();
    await main.getByRole('link', { name: /^Event templates/ }).click();
    await staff.getByRole('heading', { name: 'Event templates', exact: true }).waitFor();
    await main.getByRole('link', { name: 'New template' }).click();
    await staff.getByRole('heading', { name: 'New event template' }).waitFor();
    await staff.getByLabel('Code', { exact: true }).fill(CODE);
    await staff.getByLabel('Internal name', { exact: true }).fill('The Rivals, this season');
    await staff.getByLabel('Display name', { exact: true }).fill(TITLE);
    await staff
      .getByLabel('Description', { exact: true })
      .fill('Sheridan’s comedy of manners, in the round.');
    await staff.getByLabel('Text in the confirmation e-mail').fill(EMAIL_TEXT);
    await staff.getByLabel('Venue', { exact: true }).selectOption({ label: VENUE });
    await staff.getByLabel('Seat map', { exact: true }).selectOption({ label: SEAT_MAP });
    await staff.getByLabel('Show the performances as a calendar').uncheck();
    await shot(staff, '2-new-template');
    await staff.getByRole('button', { name: 'Create template' }).click();
    await staff.getByRole('heading', { name: `Edit ${CODE}` }).waitFor();
    await staff.getByText('Performances: 0').waitFor();
    const templateId = Number(new URL(staff.url()).pathname.split('/').pop());

    // Its image, made here: a small PNG, uploaded and shown.
    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#7a2a4d' } })
      .png()
      .toBuffer();
    await staff
      .getByLabel('Image file')
      .setInputFiles({ name: 'rivals.png', mimeType: 'image/png', buffer: png });
    await staff.getByRole('button', { name: 'Upload image' }).click();
    await staff.getByText('Image uploaded.').waitFor();
    await expect
      .poll(() => staff.getByTestId('template-image').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(
      EventTemplateView.parse((await api(staff, 'GET', `/api/admin/eventtemplates/${templateId}`)).body)
        .ImageUrl,
    ).toMatch(/^\/api\/eventtemplates\/images\//);
    await staff.getByRole('button', { name: 'Preview e-mail' }).click();
    await staff.frameLocator('[data-testid="email-preview"]').getByText(EMAIL_TEXT).waitFor();
    await shot(staff, '2-template');

    // 3. The default prices, reached from the template's row in the list.
    await main.getByRole('link', { name: 'All event templates' }).click();
    const row = staff.getByTestId('event-template-row').filter({ hasText: CODE });
    await row.getByText(VENUE).waitFor();
    await shot(staff, '3-list');
    await row.getByRole('link', { name: `Default prices of ${CODE}` }).click();
    await staff.getByRole('heading', { level: 1, name: `Prices of ${TITLE}` }).waitFor();
    const grid = staff.getByTestId('price-grid');
    // The small plan's levels are its two categories.
    expect(await grid.locator('.performances__zone').allInnerTexts()).toEqual(['Zone Circle', 'Zone Stalls']);
    const typed: [string, string, string][] = [
      ['Stalls', 'Adult', '42.50'],
      ['Stalls', 'Child', '21'],
      ['Circle', 'Adult', '30,00'],
      ['Circle', 'Child', '15.50'],
    ];
    for (const [level, type, amount] of typed)
      await grid.getByLabel(`${level}, ${type}`, { exact: true }).fill(amount);
    await shot(staff, '3-prices-typed');
    await staff.getByRole('button', { name: 'Save prices' }).click();
    await staff.getByText('Prices saved.').waitFor();
    await shot(staff, '3-prices');
    const saved = TemplatePricesView.parse(
      (await api(staff, 'GET', `/api/admin/performances/templates/${templateId}/prices`)).body,
    );
    const typeId = (name: string) => saved.PriceTypes.find((t) => t.Name === name)!.ID;
    const amount = (zone: string, type: string) =>
      saved.Prices.find((p) => p.Zone === zone && p.PriceTypeID === typeId(type))?.Amount;
    expect(typed.map(([zone, type]) => amount(zone, type))).toEqual([4250, 2100, 3000, 1550]);

    // 4. A run of three performances (Tuesday to Thursday of one week), on sale now.
    await main.getByRole('link', { name: `Performances of ${TITLE}` }).click();
    await staff.getByRole('heading', { level: 1, name: `Performances of ${TITLE}` }).waitFor();
    await staff.getByRole('radio', { name: 'A run of performances' }).check();
    const week = runWeek();
    await staff.getByLabel('First day').fill(week.from);
    await staff.getByLabel('Last day').fill(week.to);
    for (const day of ['Tuesday', 'Wednesday', 'Thursday'])
      await staff.getByRole('checkbox', { name: day, exact: true }).check();
    await staff.getByRole('radio', { name: 'Now', exact: true }).check();
    await staff.getByRole('button', { name: 'Show the dates' }).click();
    const run = staff.getByTestId('run-preview');
    await run.getByText('3 performances will be added:').waitFor();
    await shot(staff, '4-run-preview');
    await staff.getByRole('button', { name: 'Add 3 performances' }).click();
    await staff.getByText('3 performances added; 0 skipped.', { exact: false }).waitFor();
    await shot(staff, '4-performances');

    // Back on the template, which now counts them, and on to its performances from there.
    await main.getByRole('link', { name: `Template ${CODE}` }).click();
    await staff.getByRole('heading', { name: `Edit ${CODE}` }).waitFor();
    await staff.getByText('Performances: 3').waitFor();
    await shot(staff, '4-template-after');
    await main.getByRole('link', { name: 'Performances', exact: true }).click();
    await staff.getByRole('heading', { level: 1, name: `Performances of ${TITLE}` }).waitFor();
    await expect.poll(() => staff.getByTestId('performance-row').count()).toBe(3);
    // And from the list, by the template's own row.
    await staff.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Templates' }).click();
    await row.getByRole('cell', { name: '3', exact: true }).waitFor();
    await row.getByRole('link', { name: `Performances of ${CODE}` }).click();
    await expect
      .poll(() => staff.getByTestId('performance-row').allInnerTexts())
      .toEqual([
        expect.stringMatching(/On sale/),
        expect.stringMatching(/On sale/),
        expect.stringMatching(/On sale/),
      ]);
    await staff.context().close();

    // 5. The customer: the series on What's on, its dates listed, a seat on the new map.
    const customer = await foyer.openPage();
    await customer.goto(foyer.baseUrl);
    await customer.getByRole('heading', { level: 1, name: 'What’s on' }).waitFor();
    const card = customer
      .getByRole('article')
      .filter({ has: customer.getByRole('heading', { name: TITLE }) });
    await card.getByText(VENUE).waitFor();
    // The card shows the uploaded image (the demo's series without one show a letter).
    const art = card.locator('img');
    expect(await art.getAttribute('src')).toMatch(/^\/api\/eventtemplates\/images\//);
    await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await shot(customer, '5-whats-on');
    await card.getByRole('link', { name: TITLE, exact: true }).click();
    await customer.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    const dates = customer.getByRole('link', { name: /^Choose seats/ });
    await expect.poll(() => dates.count()).toBe(3);
    await shot(customer, '5-series');
    await dates.first().click();
    await customer.waitForURL((url) => url.pathname.startsWith(`/tickets/series/${CODE}/`));
    await customer.locator('[data-seats-drawn]').waitFor();
    const gotIt = customer.getByRole('button', { name: 'Got it' });
    if (await gotIt.isVisible()) await gotIt.click();
    const eventId = Number(new URL(customer.url()).pathname.split('/').pop());
    const event = await apiOf(foyer.baseUrl)(`/api/events/${eventId}`, Event);
    expect(event.EventTemplateCode).toBe(CODE);
    const p = await performanceOf(foyer.baseUrl, event);
    const stalls = p.pricing.PriceLevels.find((l) => l.Zone === 'Stalls')!.ID;
    const seat = p.inventory.MapSeats.find(
      (s) => s.seatStatus === 'Open' && !s.ADAType && !s.IsGASeat && s.PriceKey === String(stalls),
    )!;
    await clickSeat(customer, p, seat.Key);
    await customer.getByText('1 ticket', { exact: true }).waitFor();
    await shot(customer, '5-seat-map');
    await customer.getByRole('button', { name: 'Continue' }).click();
    await customer.waitForURL((url) => url.pathname === '/checkout/basket');
    await customer.getByRole('radio', { name: /^Print at home/ }).check();
    await customer.waitForFunction(() => !document.querySelector('.basket-updating--on'));
    await customer.getByRole('button', { name: /^Checkout/ }).click();
    await customer.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await fillDetails(customer);
    await customer.getByLabel('Card number').fill('4242 4242 4242 4242');
    await customer.getByLabel('Expiry date (MM/YY)').pressSequentially('1234');
    await customer.getByLabel('Security code').fill('123');
    await customer.getByLabel('Name on card').fill('Ada Lovelace');
    await shot(customer, '5-payment');
    await pay(customer);
    const order = await confirmationOf(customer);
    expect(order.TicketItems.map((t) => [t.EventID, t.Key, t.PriceTypeName, t.Price])).toEqual([
      [eventId, seat.Key, 'Adult', 4250],
    ]);
    await shot(customer, '5-confirmation');

    // 6. The confirmation e-mail: the template's own words and the price set.
    const mail = await mailTo(customer, foyer.baseUrl, CUSTOMER);
    const body = `${mail.Text ?? ''}\n${mail.Html ?? ''}`;
    expect(body).toContain(EMAIL_TEXT);
    expect(body).toContain(money(4250));
    expect(body).toContain(order.Name);
    await customer.goto(`${foyer.baseUrl}/outbox`);
    await customer.locator('.outbox__item', { hasText: CUSTOMER }).first().click();
    await customer.frameLocator('iframe.outbox__html').getByText(EMAIL_TEXT).waitFor();
    await shot(customer, '6-email');
    await customer.context().close();
  });
});
