import { mkdirSync } from 'node:fs';
import knex from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Event } from '../../adapters/http/contract/catalogue.ts';
import {
  PerformanceView,
  TemplatePerformancesView,
  TemplatePricesView,
} from '../../adapters/http/contract/performances.ts';
import { hashPassword } from '../../adapters/crypto/password.ts';
import { seriousAccessibilityViolations } from './axe.ts';
import { confirmationOf, fillDetails, pay, reachPayment } from './checkout-page.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { apiOf, performanceOf } from './seat-map-page.ts';
import { api, screenshots, signIn, STAFF_PASSWORD } from './staff-session.ts';

// Performances end to end, in Chromium against the real server: an event admin sets two price
// levels by two price types as a demo template's defaults, adds a run of three performances
// (Tue, Wed, Thu), and a customer finds one on the storefront and buys a seat at the set price.

const EVENT_ADMIN = 'events@foyer.local';
const shot = screenshots('/tmp/shots/performances-');

describe('performances in Chromium', () => {
  let foyer: FoyerUnderTest;
  let templateId: number;

  beforeAll(async () => {
    mkdirSync('/tmp/shots', { recursive: true });
    foyer = await startFoyerUnderTest();
    const db = knex({ client: 'pg', connection: foyer.databaseUrl });
    try {
      await db('staff_users').insert({
        email: EVENT_ADMIN,
        name: 'Eve Events',
        role: 'EventAdmin',
        password_hash: await hashPassword(STAFF_PASSWORD),
      });
      templateId = (await db('event_templates').where({ code: 'HAMLET' }).first('id')).id;
    } finally {
      await db.destroy();
    }
  });

  afterAll(async () => {
    await foyer?.stop();
  });

  it('template prices, a run of three, and a customer buying a seat of it at the set price', async () => {
    // CSP set aside so the accessibility scan (axe.ts) can run in the page.
    const staff = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, staff, EVENT_ADMIN, `/admin/v2/event-templates/${templateId}/prices`);
    const read = TemplatePricesView.parse(
      (await api(staff, 'GET', `/api/admin/performances/templates/${templateId}/prices`)).body,
    );
    const levels = read.Template.Zones.slice(0, 2).map(
      (zone) => read.Levels.find((l) => l.Zone === zone)?.Label ?? zone,
    );
    await staff.getByRole('heading', { level: 1, name: `Prices of ${read.Template.Name}` }).waitFor();
    const typed: [string, string, string][] = [
      [levels[0]!, 'Adult', '55,50'],
      [levels[0]!, 'Child', '33.00'],
      [levels[1]!, 'Adult', '44'],
      [levels[1]!, 'Child', '22,25'],
    ];
    for (const [level, type, amount] of typed)
      await staff.getByLabel(`${level}, ${type}`, { exact: true }).fill(amount);
    await staff.getByRole('button', { name: 'Save prices' }).click();
    await staff.getByText('Prices saved.').waitFor();
    await shot(staff, 'template-prices');
    expect(await seriousAccessibilityViolations(staff)).toEqual([]);
    const saved = TemplatePricesView.parse(
      (await api(staff, 'GET', `/api/admin/performances/templates/${templateId}/prices`)).body,
    );
    const adult = saved.PriceTypes.find((t) => t.Name === 'Adult')!.ID;
    const child = saved.PriceTypes.find((t) => t.Name === 'Child')!.ID;
    const [zone1, zone2] = read.Template.Zones;
    const amount = (zone: string | undefined, type: number) =>
      saved.Prices.find((p) => p.Zone === zone && p.PriceTypeID === type)?.Amount;
    expect([amount(zone1, adult), amount(zone1, child), amount(zone2, adult), amount(zone2, child)]).toEqual([
      5550, 3300, 4400, 2225,
    ]);

    await staff.goto(`${foyer.baseUrl}/admin/v2/event-templates/${templateId}/performances`);
    await staff.getByRole('heading', { level: 1, name: `Performances of ${read.Template.Name}` }).waitFor();
    await staff.getByRole('radio', { name: 'A run of performances' }).check();
    await staff.getByLabel('First day').fill('2031-01-06');
    await staff.getByLabel('Last day').fill('2031-01-12');
    for (const day of ['Tuesday', 'Wednesday', 'Thursday'])
      await staff.getByRole('checkbox', { name: day, exact: true }).check();
    await staff.getByRole('button', { name: 'Show the dates' }).click();
    const preview = staff.getByTestId('run-preview');
    await preview.getByText('3 performances will be added:').waitFor();
    expect(await preview.locator('li').allInnerTexts()).toEqual([
      expect.stringMatching(/^Tue, Jan 7, 2031, 7:30\sPM$/),
      expect.stringMatching(/^Wed, Jan 8, 2031, 7:30\sPM$/),
      expect.stringMatching(/^Thu, Jan 9, 2031, 7:30\sPM$/),
    ]);
    await shot(staff, 'run-preview');
    expect(await seriousAccessibilityViolations(staff)).toEqual([]);
    await staff
      .locator('form.performances__add')
      .screenshot({ path: '/tmp/shots/performances-run-form.png' });
    await staff.getByRole('button', { name: 'Add 3 performances' }).click();
    await staff.getByText('3 performances added; 0 skipped.', { exact: false }).waitFor();
    await shot(staff, 'performances');

    const list = TemplatePerformancesView.parse(
      (await api(staff, 'GET', `/api/admin/performances/templates/${templateId}`)).body,
    );
    const added = list.Performances.filter((p) => p.StartsAt.startsWith('2031-01-'));
    expect(added).toHaveLength(3);
    await staff.goto(`${foyer.baseUrl}/admin/v2/event/${added[0]!.ID}/edit`);
    await staff.getByRole('heading', { level: 1, name: `Edit ${added[0]!.Name}` }).waitFor();
    await shot(staff, 'edit');
    expect(await seriousAccessibilityViolations(staff)).toEqual([]);
    // Someone else saves first: this page's save is refused in words, nothing overwritten.
    const current = PerformanceView.parse(
      (await api(staff, 'GET', `/api/admin/performances/events/${added[0]!.ID}`)).body,
    );
    const first = await api(staff, 'PUT', `/api/admin/performances/events/${added[0]!.ID}`, {
      Version: current.Version,
      StartsAt: '2031-01-07T19:00',
      EndsAt: null,
      OnSaleAt: '2026-01-01T09:00',
      OffSaleAt: null,
      IsPresale: false,
    });
    expect(first.status).toBe(200);
    await staff.getByLabel('Starts').fill('2031-01-07T20:00');
    await staff.getByRole('button', { name: 'Save', exact: true }).click();
    const refusal = staff.getByTestId('edit-refusal');
    await refusal
      .getByText('Someone else saved this performance while you were editing.', { exact: false })
      .waitFor();
    expect(await refusal.evaluate((el) => el === document.activeElement)).toBe(true);
    await shot(staff, 'edit-stale');
    const after = PerformanceView.parse(
      (await api(staff, 'GET', `/api/admin/performances/events/${added[0]!.ID}`)).body,
    );
    expect(after.StartsAt).toBe('2031-01-08T00:00:00.000Z');
    await staff.goto(`${foyer.baseUrl}/admin/v2/event/${added[0]!.ID}/prices`);
    await staff.getByRole('heading', { level: 1, name: `Prices of ${added[0]!.Name}` }).waitFor();
    await shot(staff, 'event-prices');
    expect(await seriousAccessibilityViolations(staff)).toEqual([]);
    await staff.context().close();

    // The customer: the new performance is on the storefront at once, its seats at the set price.
    const event = await apiOf(foyer.baseUrl)(`/api/events/${added[1]!.ID}`, Event);
    expect(event.LocalDate).toBe('2031-01-08T19:30:00');
    const p = await performanceOf(foyer.baseUrl, event);
    const levelId = p.pricing.PriceLevels.find((l) => l.Zone === zone1)?.ID;
    const seat = p.inventory.MapSeats.find(
      (s) =>
        s.seatStatus === 'Open' &&
        !s.ADAType &&
        s.seatAlertId === undefined &&
        !s.IsGASeat &&
        s.PriceKey === String(levelId),
    );
    expect(seat).toBeDefined();
    const customer = await foyer.openPage({ bypassCSP: true });
    await reachPayment(customer, foyer.baseUrl, p, [seat!.Key]);
    await fillDetails(customer);
    await customer.getByLabel('Card number').fill('4242 4242 4242 4242');
    await customer.getByLabel('Expiry date (MM/YY)').pressSequentially('1234');
    await customer.getByLabel('Security code').fill('123');
    await customer.getByLabel('Name on card').fill('Ada Lovelace');
    await pay(customer);
    const order = await confirmationOf(customer);
    expect(order.TicketItems.map((t) => [t.EventID, t.Key, t.PriceTypeName, t.Price])).toEqual([
      [added[1]!.ID, seat!.Key, 'Adult', 5550],
    ]);
    await customer.context().close();
  });
});
