import path from 'node:path';
import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VenueView } from '../../adapters/http/contract/venues.ts';
import { hashPassword } from '../../adapters/crypto/password.ts';
import { createDatabase } from '../../adapters/postgres/database.ts';
import { root, startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { api, screenshots, signIn, STAFF_PASSWORD } from './staff-session.ts';

// Venues and seat maps in Chromium against the real server: an EventAdmin imports a pretix plan
// as a new venue (the preview drawn on the storefront's map, then the stored map), a bad CSV
// shows its problems by line and creates nothing, and a venue edit from a stale form is refused
// on screen with nothing overwritten.

const PRETIX = path.join(root, 'cli/fixtures/small-pretix.json');
const BAD_CSV =
  'section,row,seat,x,y,price level\nA,1,1,10,10,Stalls\nA,1,2,ten,10,Stalls\nA,1,1,30,10,Stalls\n';
const EVENT_ADMIN = 'venue-admin@foyer.local';
const shot = screenshots('/tmp/shots/venues-');

let foyer: FoyerUnderTest;
let db: Knex;

beforeAll(async () => {
  foyer = await startFoyerUnderTest();
  db = createDatabase(foyer.databaseUrl, { max: 2 });
  await db('staff_users').insert({
    email: EVENT_ADMIN,
    name: 'Eve Events',
    role: 'EventAdmin',
    password_hash: await hashPassword(STAFF_PASSWORD),
  });
});

afterAll(async () => {
  await db?.destroy();
  await foyer?.stop();
});

const counts = async () => ({
  venues: Number((await db('venues').count({ n: '*' }).first())!.n),
  configurations: Number((await db('venue_configurations').count({ n: '*' }).first())!.n),
  seats: Number((await db('seats').count({ n: '*' }).first())!.n),
});

/** The seat map is drawn: Leaflet's map with its seat canvas and the floor plan loaded. */
const mapDrawn = async (page: Page) => {
  const map = page.getByTestId('plan-seat-map');
  await map.locator('canvas').first().waitFor();
  await page.waitForFunction(() => {
    const plan = document.querySelector<HTMLImageElement>('[data-testid="plan-seat-map"] img.seat-map__plan');
    return plan !== null && plan.complete && plan.naturalWidth > 0;
  });
};

describe('venues and seat maps in Chromium', () => {
  it('an EventAdmin imports a pretix plan as a new venue: preview, then the stored map', async () => {
    const page = await foyer.openPage();
    await signIn(foyer, page, EVENT_ADMIN, '/admin');
    await page.getByRole('link', { name: /^Venues and seat maps/ }).click();
    await page.getByRole('heading', { name: 'Venues and seat maps', level: 1 }).waitFor();
    await shot(page, 'list');

    const before = await counts();
    await page.getByRole('link', { name: 'Import a seat map' }).click();
    await page.getByRole('heading', { name: 'Import a seat map', level: 1 }).waitFor();
    await page.getByLabel('Seat plan file').setInputFiles(PRETIX);
    await page.getByText('small-pretix.json: a seating plan in JSON').waitFor();
    await page.getByLabel('Seat map name').fill('Main floor');
    await page.getByRole('radio', { name: 'A new venue' }).check();
    await page.getByLabel('New venue’s name').fill('Little Theatre');
    await page.getByLabel('Time zone').selectOption('Europe/London');
    await page.getByLabel('Currency').selectOption('en-gb');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('seat-plan-preview');
    await preview.waitFor();
    await mapDrawn(page);
    await preview.getByText(/^\d+ seats$/).waitFor();
    await preview.getByText('Stalls', { exact: true }).waitFor();
    // The preview stored nothing.
    expect(await counts()).toEqual(before);
    await shot(page, 'import-preview');

    await preview.getByRole('button', { name: 'Import' }).click();
    await page.waitForURL((url) => /^\/admin\/v2\/venues\/\d+\/configurations\/\d+$/.test(url.pathname));
    await page.getByRole('heading', { name: 'Main floor', level: 1 }).waitFor();
    await page.getByText('The seat map was imported.').waitFor();
    await mapDrawn(page);
    const stored = await db('venue_configurations as c')
      .join('venues as v', 'v.id', 'c.venue_id')
      .where('v.name', 'Little Theatre')
      .first('c.id', 'v.time_zone', 'v.currency_locale');
    expect(stored).toMatchObject({ time_zone: 'Europe/London', currency_locale: 'en-gb' });
    expect(page.url()).toContain(`/configurations/${stored.id}`);
    expect((await counts()).configurations).toBe(before.configurations + 1);
    const audit = await db('audit_log').where({ action: 'venues.import' }).first('actor');
    expect(audit.actor).toBe('Eve Events');
    await page.getByText('Seat maps are never edited seat by seat', { exact: false }).waitFor();
    await shot(page, 'configuration');

    // The list shows it, and "Add a seat map" on its row chooses the venue.
    await page.goto(`${foyer.baseUrl}/admin/v2/venues`);
    await page.getByRole('heading', { name: 'Little Theatre', level: 2 }).waitFor();
    await page.getByRole('link', { name: 'Add a seat map to Little Theatre' }).click();
    await page.getByRole('heading', { name: 'Import a seat map', level: 1 }).waitFor();
    expect(await page.getByRole('combobox', { name: /^Venue/ }).inputValue()).toBe(
      String((await db('venues').where({ name: 'Little Theatre' }).first('id')).id),
    );
    await page.context().close();
  });

  it('a bad CSV shows its problems by line, and nothing is created', async () => {
    const page = await foyer.openPage();
    await signIn(foyer, page, EVENT_ADMIN, '/admin/v2/venues/import');
    await page.getByRole('heading', { name: 'Import a seat map', level: 1 }).waitFor();
    const before = await counts();
    // Dropped on the page, as from a file manager.
    const dropped = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'bad.csv', { type: 'text/csv' }));
      return transfer;
    }, BAD_CSV);
    await page.getByTestId('seat-plan-drop').dispatchEvent('drop', { dataTransfer: dropped });
    await page.getByText('bad.csv: a spreadsheet (CSV)').waitFor();
    await page.getByRole('button', { name: 'Preview' }).click();
    const problems = page.getByTestId('seat-plan-problems');
    await problems.getByRole('heading', { name: 'This file cannot be imported' }).waitFor();
    const items = await problems.getByRole('listitem').allInnerTexts();
    expect(items.some((t) => t.startsWith('Line 3: '))).toBe(true);
    expect(items.some((t) => t.startsWith('Line 4: '))).toBe(true);
    // Focus moved to the problems, where the admin reads them; no Import offered.
    expect(await problems.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect(page.getByRole('button', { name: 'Import' }).count()).resolves.toBe(0);
    expect(await counts()).toEqual(before);
    await shot(page, 'bad-csv');
    await page.context().close();
  });

  it('a venue edit from a stale form is refused on screen; the other save stands', async () => {
    const page = await foyer.openPage();
    const venueId = (await db('venues').where({ name: 'Little Theatre' }).first('id')).id as number;
    await signIn(foyer, page, EVENT_ADMIN, `/admin/v2/venues/${venueId}`);
    await page.getByLabel('Name shown to buyers').waitFor();
    await shot(page, 'edit');

    // Another admin saves first, over the same version.
    const loaded = VenueView.parse((await api(page, 'GET', `/api/admin/venues/${venueId}`)).body);
    const other = await api(page, 'PUT', `/api/admin/venues/${venueId}`, {
      Version: loaded.Version,
      Name: loaded.Name,
      DisplayName: 'The Little Theatre',
      Address: loaded.Address ?? '',
      TimeZone: loaded.TimeZone,
      CurrencyLocale: loaded.CurrencyLocale,
    });
    expect(other.status).toBe(200);

    await page.getByLabel('Name shown to buyers').fill('Little Theatre Royal');
    await page.getByLabel('Address').fill('1 Quay Street');
    await page.getByRole('button', { name: 'Save' }).click();
    const refusal = page.getByTestId('venue-refusal');
    await refusal.getByText('Someone else saved this venue after you opened it.', { exact: false }).waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'venue-refusal');
    expect(await db('venues').where({ id: venueId }).first('display_name', 'address')).toEqual({
      display_name: 'The Little Theatre',
      address: null,
    });
    await shot(page, 'edit-stale');

    // Reloading brings the other save; saving again works.
    await refusal.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => page.getByLabel('Name shown to buyers').inputValue()).toBe('The Little Theatre');
    await page.getByLabel('Address').fill('1 Quay Street');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.', { exact: true }).waitFor();
    expect((await db('venues').where({ id: venueId }).first('address')).address).toBe('1 Quay Street');
    await page.context().close();
  });

  it('a demo seat map’s page draws it and lists its performances on the venue’s clock', async () => {
    const page = await foyer.openPage();
    await signIn(foyer, page, EVENT_ADMIN, '/admin/v2/venues');
    await page.getByRole('link', { name: 'Proscenium', exact: true }).click();
    await page.getByRole('heading', { name: 'Proscenium', level: 1 }).waitFor();
    await mapDrawn(page);
    const rows = page.getByTestId('configuration-performances').locator('tbody tr');
    expect(await rows.count()).toBe(
      Number(
        (await db('events as e')
          .join('venue_configurations as c', 'c.id', 'e.venue_configuration_id')
          .where('c.name', 'Proscenium')
          .count({ n: '*' })
          .first())!.n,
      ),
    );
    await page.getByText('Times in Eastern Time', { exact: false }).waitFor();
    await shot(page, 'configuration-with-performances');
    await page.screenshot({ path: '/tmp/shots/venues-configuration-with-performances-top.png' });
    await page.context().close();
  });

  it('a venue with performances keeps its time zone, and the page says why', async () => {
    const page = await foyer.openPage();
    const arena = await db('venues').where({ name: 'Riverside Arena' }).first('id', 'time_zone');
    await signIn(foyer, page, EVENT_ADMIN, `/admin/v2/venues/${arena.id}`);
    const zone = page.getByLabel('Time zone');
    await zone.selectOption('Asia/Tokyo');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/^This venue has \d+ performances: its time zone cannot change/).waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'SELECT');
    expect(await zone.getAttribute('aria-invalid')).toBe('true');
    expect((await db('venues').where({ id: arena.id }).first('time_zone')).time_zone).toBe(arena.time_zone);
    await shot(page, 'edit-time-zone-refused');
    await page.context().close();
  });
});
