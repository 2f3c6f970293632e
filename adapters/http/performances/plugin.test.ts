import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats } from '../../../test/basket.ts';
import type { Browser } from '../checkout/test-browser.ts';
import { Basket } from '../contract/basket.ts';
import { signedIn, staffOfRole } from '../checkout/test-people.ts';
import {
  EventPricesView,
  PerformanceView,
  RunAdded,
  RunPreview,
  TemplatePerformancesView,
  TemplatePricesView,
  type RunBody,
} from '../contract/performances.ts';

// The performances calls against real PostgreSQL: an event admin sets a template's prices, adds a
// run, and a buyer holds a seat of it at once; a seller is refused; bad fields are named; the
// second of two saves is refused; off-sale closes the storefront's sale.

let api: TestApi;
let db: Knex;
let admin: Browser;
let seller: Browser;
let templateId: number;

beforeAll(async () => {
  api = await createTestApi();
  db = api.db;
  admin = await staffOfRole(api.server, db, 'EventAdmin');
  seller = await staffOfRole(api.server, db, 'Seller');
  templateId = (await db('event_templates').whereNotNull('venue_configuration_id').orderBy('id').first('id'))
    .id;
}, 120_000);
afterAll(async () => {
  await api?.close();
});

const run: RunBody = {
  From: '2031-06-03',
  To: '2031-06-05',
  Days: [
    { Weekday: 2, Time: '19:30' },
    { Weekday: 3, Time: '19:30' },
    { Weekday: 4, Time: '14:00' },
  ],
  OnSale: 'now',
};

const base = (id = templateId) => `/api/admin/performances/templates/${id}`;

describe('performances for staff who manage events', () => {
  test('a seller may not read or change them (403)', async () => {
    expect((await seller.call('GET', `${base()}/prices`)).status).toBe(403);
    expect((await seller.call('POST', base(), run)).status).toBe(403);
  });

  test('template prices saved, a run previewed and added, and a buyer holds a seat of it at once', async () => {
    const read = TemplatePricesView.parse((await admin.call('GET', `${base()}/prices`)).body);
    expect(read.Levels.length).toBeGreaterThan(0);
    const adult = read.PriceTypes.find((t) => t.Code === 'Adult')!;
    const zone = read.Levels[0]!.Zone;
    const prices = read.Prices.filter((p) => !(p.Zone === zone && p.PriceTypeID === adult.ID));
    const saved = await admin.call('PUT', `${base()}/prices`, {
      ...read,
      Prices: [...prices, { Zone: zone, PriceTypeID: adult.ID, Amount: 4321 }],
    });
    expect(saved.status, saved.raw).toBe(200);

    const preview = RunPreview.parse((await admin.call('POST', `${base()}/preview`, run)).body);
    expect(preview).toMatchObject({ New: 3, Existing: 0 });
    const added = await admin.call('POST', base(), run);
    expect(added.status, added.raw).toBe(201);
    const { Created } = RunAdded.parse(added.body);
    expect(Created).toHaveLength(3);

    const list = TemplatePerformancesView.parse((await admin.call('GET', base())).body);
    expect(
      list.Performances.filter((p) => Created.includes(p.ID)).every((p) => p.Sold === 0 && p.Capacity > 0),
    ).toBe(true);

    const eventId = Created[0]!;
    const [seat] = await db('event_seats as es')
      .join('seats as s', 's.id', 'es.seat_id')
      .join('price_levels as pl', 'pl.id', 'es.price_level_id')
      .join('sections as sec', 'sec.id', 's.section_id')
      .where({ 'es.event_id': eventId, 'pl.zone': zone, 'sec.is_ga': false })
      .whereNull('s.ada_type')
      .whereNull('s.seat_alert_id')
      .limit(1)
      .select('s.key');
    const buyer = await signedIn(api.server, null);
    const held = await buyer.holdSeats(eventId, [seat.key]);
    expect(held.status, held.raw).toBe(200);
    const basket = Basket.parse(held.body);
    expect(basket.TicketItems.map((t) => [t.EventID, t.PriceTypeName, t.FaceValue])).toEqual([
      [eventId, 'Adult', 4321],
    ]);
  });

  test('a run added again skips the starts it has', async () => {
    const preview = RunPreview.parse((await admin.call('POST', `${base()}/preview`, run)).body);
    expect(preview).toMatchObject({ New: 0, Existing: 3 });
    const again = RunAdded.parse((await admin.call('POST', base(), run)).body);
    expect(again.Created).toEqual([]);
    expect(again.Skipped).toHaveLength(3);
  });

  test('bad input is a 400 naming the field, and nothing is made', async () => {
    const before = Number((await db('events').count({ n: '*' }).first())!.n);
    const badTime = await admin.call('POST', base(), { ...run, Days: [{ Weekday: 2, Time: '25:00' }] });
    expect(badTime.status).toBe(400);
    expect(badTime.body.Message).toContain('Days[0].Time');
    const backwards = await admin.call('POST', base(), { ...run, To: '2031-06-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.Message).toContain('To');
    const badColour = TemplatePricesView.parse((await admin.call('GET', `${base()}/prices`)).body);
    const wrong = await admin.call('PUT', `${base()}/prices`, {
      ...badColour,
      Levels: badColour.Levels.map((l, i) => (i === 0 ? { ...l, Color: 'blue' } : l)),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.Message).toContain('Levels[0].Color');
    expect(Number((await db('events').count({ n: '*' }).first())!.n)).toBe(before);
  });

  test('a template without a seat map is refused with its reason', async () => {
    const [bare] = await db('event_templates')
      .insert({ code: 'NOMAP', name: 'No map', display_name: 'No map' })
      .returning('id');
    const res = await admin.call('POST', base(bare.id), run);
    expect(res.status).toBe(409);
    expect(res.body.Message).toContain('no seat map');
  });

  test('the second of two edits is refused (409) and the first stands', async () => {
    const list = TemplatePerformancesView.parse((await admin.call('GET', base())).body);
    const id = list.Performances.at(-1)!.ID;
    const read = PerformanceView.parse(
      (await admin.call('GET', `/api/admin/performances/events/${id}`)).body,
    );
    const edit = {
      Version: read.Version,
      StartsAt: '2031-07-01T20:00',
      EndsAt: null,
      OnSaleAt: '2026-01-01T09:00',
      OffSaleAt: null,
      IsPresale: false,
    };
    const first = await admin.call('PUT', `/api/admin/performances/events/${id}`, edit);
    expect(first.status, first.raw).toBe(200);
    const second = await admin.call('PUT', `/api/admin/performances/events/${id}`, {
      ...edit,
      StartsAt: '2031-07-02T20:00',
    });
    expect(second.status).toBe(409);
    expect(second.body.Message).toContain('Someone else saved this performance');
    const now = PerformanceView.parse((await admin.call('GET', `/api/admin/performances/events/${id}`)).body);
    expect(now.Version).toBe(read.Version + 1);
    expect(now.StartsAt).toBe(PerformanceView.parse(first.body).StartsAt);
  });

  test('after its off-sale instant the storefront no longer sells a performance', async () => {
    const list = TemplatePerformancesView.parse((await admin.call('GET', base())).body);
    const id = list.Performances.find((p) => p.StartsAt.startsWith('2031-06-04'))!.ID;
    const read = PerformanceView.parse(
      (await admin.call('GET', `/api/admin/performances/events/${id}`)).body,
    );
    const closed = await admin.call('PUT', `/api/admin/performances/events/${id}`, {
      Version: read.Version,
      StartsAt: '2031-06-04T19:30',
      EndsAt: null,
      OnSaleAt: '2026-01-01T09:00',
      OffSaleAt: '2026-01-02T09:00',
      IsPresale: false,
    });
    expect(closed.status, closed.raw).toBe(200);
    const [seat] = await plainOpenSeats(db, id, 1);
    const buyer = await signedIn(api.server, null);
    const refused = await buyer.holdSeats(id, [seat!.key]);
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toContain('Online sales for this performance have closed');
  });

  test("a performance's own prices: saved, and a stale save refused", async () => {
    const list = TemplatePerformancesView.parse((await admin.call('GET', base())).body);
    const id = list.Performances.at(-1)!.ID;
    const read = EventPricesView.parse(
      (await admin.call('GET', `/api/admin/performances/events/${id}/prices`)).body,
    );
    const raised = { ...read, Prices: read.Prices.map((p) => ({ ...p, Amount: p.Amount + 1 })) };
    expect((await admin.call('PUT', `/api/admin/performances/events/${id}/prices`, raised)).status).toBe(200);
    const stale = await admin.call('PUT', `/api/admin/performances/events/${id}/prices`, read);
    expect(stale.status).toBe(409);
    expect(stale.body.Message).toContain('Someone else saved these prices');
  });
});
