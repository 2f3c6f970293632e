import { readFileSync } from 'node:fs';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import type { Browser } from '../checkout/test-browser.ts';
import { staffOfRole } from '../checkout/test-people.ts';
import {
  ConfigurationView,
  ImportedConfiguration,
  PreviewAnswer,
  VenueList,
  VenueView,
} from '../contract/venues.ts';

// Venues and seat maps against real PostgreSQL: an EventAdmin lists them, previews a file
// (stored nowhere), imports it (audited as them), renames the new map and edits a venue over
// the version the form loaded; a Seller may do none of it.

const PRETIX = readFileSync(new URL('../../../cli/fixtures/small-pretix.json', import.meta.url), 'utf8');
const BAD_CSV =
  'section,row,seat,x,y,price level\nA,1,1,10,10,Stalls\nA,1,2,ten,10,Stalls\nA,1,1,30,10,Stalls\n';

let api: TestApi;
let db: Knex;
let admin: Browser;
let seller: Browser;

beforeAll(async () => {
  api = await createTestApi();
  db = api.db;
  admin = await staffOfRole(api.server, db, 'EventAdmin');
  seller = await staffOfRole(api.server, db, 'Seller');
}, 120_000);
afterAll(async () => {
  await api?.close();
});

const TABLES = ['venues', 'venue_configurations', 'sections', 'seats', 'seat_alerts'] as const;
/** The venue tables' rows, and the audit rows of venue changes (signing in is audited too). */
const counts = async () => ({
  ...Object.fromEntries(
    await Promise.all(
      TABLES.map(async (t) => [t, Number((await db(t).count({ n: '*' }).first())!.n)] as const),
    ),
  ),
  audit: Number((await db('audit_log').whereLike('action', 'venues.%').count({ n: '*' }).first())!.n),
});

const newVenueImport = (name: string, text = PRETIX) => ({
  Text: text,
  Name: 'Main floor',
  Venue: { NewVenue: { Name: name, TimeZone: 'Europe/London', CurrencyLocale: 'en-gb' } },
});

describe('venue admin routes', { timeout: 60_000 }, () => {
  test('a Seller may not list, preview, import or edit', async () => {
    const before = await counts();
    expect((await seller.call('GET', '/api/admin/venues')).status).toBe(403);
    expect(
      (await seller.call('POST', '/api/admin/venues/configurations/preview', { Text: PRETIX })).status,
    ).toBe(403);
    expect(
      (await seller.call('POST', '/api/admin/venues/configurations', newVenueImport('Seller Hall'))).status,
    ).toBe(403);
    const venueId = (await db('venues').first('id')).id as number;
    expect(
      (
        await seller.call('PUT', `/api/admin/venues/${venueId}`, {
          Version: 1,
          Name: 'x',
          DisplayName: 'x',
          TimeZone: 'UTC',
          CurrencyLocale: 'en-us',
        })
      ).status,
    ).toBe(403);
    expect(await counts()).toEqual(before);
  });

  test('lists the demo venues with their configurations and performances', async () => {
    const res = await admin.call('GET', '/api/admin/venues');
    expect(res.status, res.raw).toBe(200);
    const venues = VenueList.parse(res.body);
    expect(venues.length).toBeGreaterThan(0);
    const configurations = venues.flatMap((v) => v.Configurations);
    expect(configurations.some((c) => c.Seats > 0 && c.Performances > 0)).toBe(true);
    for (const c of configurations) expect(c.PerformancesWithSales).toBeLessThanOrEqual(c.Performances);
    const seats = Number((await db('seats').count({ n: '*' }).first())!.n);
    expect(configurations.reduce((n, c) => n + c.Seats, 0)).toBe(seats);
  });

  test('a bad file’s preview names every problem by line and stores nothing; its import refuses the same', async () => {
    const before = await counts();
    const res = await admin.call('POST', '/api/admin/venues/configurations/preview', { Text: BAD_CSV });
    expect(res.status, res.raw).toBe(200);
    const answer = PreviewAnswer.parse(res.body);
    if (answer.Ok) throw new Error('a bad file was previewed as good');
    expect(answer.Problems.map((p) => p.Place)).toEqual(expect.arrayContaining(['line 3', 'line 4']));
    const imported = await admin.call(
      'POST',
      '/api/admin/venues/configurations',
      newVenueImport('Bad Hall', BAD_CSV),
    );
    expect(imported.status).toBe(422);
    expect(imported.body.Problems).toEqual(answer.Problems);
    expect(await counts()).toEqual(before);
  });

  test('a good file’s preview is the map to draw, and stores nothing', async () => {
    const before = await counts();
    const res = await admin.call('POST', '/api/admin/venues/configurations/preview', { Text: PRETIX });
    const answer = PreviewAnswer.parse(res.body);
    if (!answer.Ok) throw new Error(JSON.stringify(answer.Problems));
    expect(answer.Format).toBe('pretix');
    expect(answer.Svg).toMatch(/^<svg/);
    expect(answer.Seats.length).toBe(answer.SeatCount);
    expect(answer.Zones.map((z) => [z.Name, z.Color])).toEqual([
      ['Stalls', '#b03a2e'],
      ['Circle', '#1f618d'],
    ]);
    expect(await counts()).toEqual(before);
  });

  test('takes a file of several megabytes (past hapi’s 1 MB default) and refuses one past 10 MB', async () => {
    const padded = JSON.stringify({ ...JSON.parse(PRETIX), notes: 'x'.repeat(3 * 1024 * 1024) });
    const res = await admin.call('POST', '/api/admin/venues/configurations/preview', { Text: padded });
    expect(res.status, res.raw.slice(0, 200)).toBe(200);
    expect(PreviewAnswer.parse(res.body).Ok).toBe(true);
    const huge = await admin.call('POST', '/api/admin/venues/configurations/preview', {
      Text: 'x'.repeat(10 * 1024 * 1024 + 1),
    });
    expect(huge.status).toBe(400);
    expect(huge.body.Message).toMatch(/10 MB/);
  });

  test('an import stores the map as a new venue, audited as the admin; the map can be renamed', async () => {
    const res = await admin.call(
      'POST',
      '/api/admin/venues/configurations',
      newVenueImport('Little Theatre'),
    );
    expect(res.status, res.raw).toBe(201);
    const made = ImportedConfiguration.parse(res.body);
    expect(made.VenueCreated).toBe(true);
    const audit = await db('audit_log').where({ action: 'venues.import' }).orderBy('id', 'desc').first();
    expect(audit.staff_user_id).not.toBeNull();
    expect(audit.details).toMatchObject({ configurationId: made.ConfigurationId, format: 'pretix' });

    const page = ConfigurationView.parse(
      (await admin.call('GET', `/api/admin/venues/configurations/${made.ConfigurationId}`)).body,
    );
    expect(page.Seats.length).toBe(made.Seats);
    expect(page.Venue.TimeZone).toBe('Europe/London');
    expect(page.Performances).toEqual([]);

    const blank = await admin.call('PUT', `/api/admin/venues/configurations/${made.ConfigurationId}/name`, {
      Name: '  ',
    });
    expect(blank.status).toBe(400);
    expect(blank.body.Fields).toEqual(['Name']);
    const renamed = await admin.call('PUT', `/api/admin/venues/configurations/${made.ConfigurationId}/name`, {
      Name: 'Stalls and circle',
    });
    expect(renamed.status, renamed.raw).toBe(200);
    expect(ConfigurationView.parse(renamed.body).Name).toBe('Stalls and circle');
    expect(
      await db('audit_log').where({ action: 'venues.renameConfiguration' }).count({ n: '*' }).first(),
    ).toEqual({ n: 1 });
  });

  test('a venue edit saves over its version; a stale one is refused whole', async () => {
    const made = ImportedConfiguration.parse(
      (await admin.call('POST', '/api/admin/venues/configurations', newVenueImport('Edit Hall'))).body,
    );
    const loaded = VenueView.parse((await admin.call('GET', `/api/admin/venues/${made.VenueId}`)).body);
    const form = {
      Version: loaded.Version,
      Name: 'Edit Hall',
      DisplayName: 'The Edit Hall',
      Address: '1 High Street',
      TimeZone: 'Europe/Dublin',
      CurrencyLocale: 'en-ie',
    };
    const saved = await admin.call('PUT', `/api/admin/venues/${made.VenueId}`, form);
    expect(saved.status, saved.raw).toBe(200);
    expect(VenueView.parse(saved.body)).toMatchObject({
      Version: loaded.Version + 1,
      TimeZone: 'Europe/Dublin',
      IsoCurrencyCode: 'EUR',
      Country: 'IE',
    });
    const stale = await admin.call('PUT', `/api/admin/venues/${made.VenueId}`, {
      ...form,
      DisplayName: 'Overwrite',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.Reason).toBe('stale');
    expect((await db('venues').where({ id: made.VenueId }).first('display_name')).display_name).toBe(
      'The Edit Hall',
    );
    expect(await db('audit_log').where({ action: 'venues.edit' }).count({ n: '*' }).first()).toEqual({
      n: 1,
    });
  });

  test('a venue with performances keeps its time zone, saying why', async () => {
    const venue = await db('venues as v')
      .join('venue_configurations as c', 'c.venue_id', 'v.id')
      .join('events as e', 'e.venue_configuration_id', 'c.id')
      .first('v.id', 'v.time_zone');
    const loaded = VenueView.parse((await admin.call('GET', `/api/admin/venues/${venue.id}`)).body);
    expect(loaded.Performances).toBeGreaterThan(0);
    const res = await admin.call('PUT', `/api/admin/venues/${venue.id}`, {
      Version: loaded.Version,
      Name: loaded.Name,
      DisplayName: loaded.DisplayName,
      TimeZone: venue.time_zone === 'Asia/Tokyo' ? 'Europe/Paris' : 'Asia/Tokyo',
      CurrencyLocale: loaded.CurrencyLocale,
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ Reason: 'timeZoneLocked', Fields: ['TimeZone'] });
    expect((await db('venues').where({ id: venue.id }).first('time_zone')).time_zone).toBe(venue.time_zone);
  });
});
