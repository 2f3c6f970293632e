import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../../postgres/database.ts';
import { makeAppRuntime, type AppRuntime } from '../../wiring.ts';
import { createHttpServer, readAfresh } from '../server.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { EventInventory, Pricing, type MapSeat } from '../contract/inventory.ts';
import type { InventoryPluginApi } from './plugin.ts';
import { browser } from '../checkout/test-browser.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
let runtime: AppRuntime;
let config: ReturnType<typeof loadConfig>;
/** Snapshot cache off: every request reads the database. */
let live: Server;
let staff: Record<string, string>;
/** The production setting: snapshots for up to 1 s, 30 s once the event's changes are heard. */
let cached: Server;

const eventIdOf = async (venue: string, where: (q: Knex.QueryBuilder) => void = () => {}) => {
  const query = db('events as e')
    .join('venue_configurations as vc', 'vc.id', 'e.venue_configuration_id')
    .join('venues as v', 'v.id', 'vc.venue_id')
    .where('v.name', venue)
    .orderBy('e.id')
    .first('e.id');
  where(query);
  const row: { id: number } | undefined = await query;
  if (!row) throw new Error(`no event at ${venue}`);
  return row.id;
};

const seriesEventId = (code: string) =>
  db('events as e')
    .join('event_templates as t', 't.id', 'e.event_template_id')
    .where('t.code', code)
    .orderBy('e.id')
    .first('e.id')
    .then((r: { id: number }) => r.id);

const get = async <T>(server: Server, url: string, headers: Record<string, string> = {}) => {
  const res = await server.inject({ method: 'GET', url, headers });
  return {
    status: res.statusCode,
    headers: res.headers,
    body: res.payload ? (JSON.parse(res.payload) as T) : (undefined as T),
    raw: res.rawPayload,
  };
};

const seatOf = (inventory: EventInventory, key: string): MapSeat => {
  const seat = inventory.MapSeats.find((s) => s.Key === key);
  if (!seat) throw new Error(`no seat ${key}`);
  return seat;
};

/** An open seat of the event, with its seat id. */
const openSeat = async (eventId: number) =>
  (await db('event_seats as es')
    .join('seats as s', 's.id', 'es.seat_id')
    .where({ 'es.event_id': eventId, 'es.status': 'Open' })
    .whereNull('s.ada_type')
    .whereNull('es.basket_id')
    .orderBy('s.id')
    .first('s.id', 's.key')) as { id: number; key: string };

beforeAll(async () => {
  database = await createTestDatabase();
  config = loadConfig({ DATABASE_URL: database.url, PORT: '0', LOG_LEVEL: 'silent' });
  db = createDatabase(database.url, { max: 5 });
  runtime = makeAppRuntime({ db, config });
  live = await createHttpServer({ config, runtime, version: 'test', ...readAfresh });
  cached = await createHttpServer({ config, runtime, version: 'test' });
  await live.initialize();
  await cached.initialize();
  // The box-office channels' views are for staff: a box-office manager's session cookie.
  const clerk = await browser(live);
  const signedIn = await clerk.call('POST', '/api/account/login', {
    Email: 'boxoffice@foyer.local',
    Password: 'foyer-demo',
  });
  if (signedIn.status !== 200) throw new Error(`staff sign-in: ${signedIn.status}`);
  staff = { cookie: clerk.cookies.header() };
});

afterAll(async () => {
  await live?.stop();
  await cached?.stop();
  await runtime?.dispose();
  await db?.destroy();
  await database?.drop();
});

describe('GET /api/eventinventory/{id}', () => {
  test('the arena has 20,000 seats and a standing floor whose availability is capacity minus sold', async () => {
    const eventId = await eventIdOf('Riverside Arena', (q) => q.where('e.starts_at', '>', new Date()));
    const { status, body } = await get<EventInventory>(live, `/api/eventinventory/${eventId}`);
    expect(status).toBe(200);
    expect(() => EventInventory.parse(body)).not.toThrow();
    expect(body.EventID).toBe(eventId);
    expect(body.MapSeats).toHaveLength(20_000);
    expect(new Set(body.MapSeats.map((s) => s.Key)).size).toBe(20_000);
    const floor = await db('event_ga_sections').where({ event_id: eventId }).first('capacity', 'sold');
    expect(body.MapGASections).toEqual([
      {
        Key: 'FLOOR',
        Name: 'Floor (standing)',
        PriceKey: expect.any(String),
        Capacity: 2000,
        MaxAvailable: floor.capacity - floor.sold,
      },
    ]);
    const [row] = await db('event_seats').where({ event_id: eventId, status: 'Sold' }).count({ sold: '*' });
    const sold = Number(row?.sold ?? 0);
    expect(body.MapSeats.filter((s) => s.seatStatus === 'Unavailable')).toHaveLength(sold);
  });

  test('ordinary seats carry only key, price key and status; accessible seats their type and icon', async () => {
    const eventId = await eventIdOf('Riverside Arena');
    const { body } = await get<EventInventory>(live, `/api/eventinventory/${eventId}`);
    const plain = body.MapSeats.find((s) => !s.ADAType)!;
    expect(Object.keys(plain).sort()).toEqual(['Key', 'PriceKey', 'seatStatus']);
    const transfer = body.MapSeats.find((s) => s.ADAType === 'AisleTransfer')!;
    expect(transfer.accessibilityIcon).toBe('aisle-transfer');
  });

  test('a seat sold in the database shows Unavailable to the web and Sold to the box office', async () => {
    const eventId = await eventIdOf('Grand Theatre', (q) => q.where('e.starts_at', '>', new Date()));
    const seat = await openSeat(eventId);
    expect(
      seatOf((await get<EventInventory>(live, `/api/eventinventory/${eventId}`)).body, seat.key).seatStatus,
    ).toBe('Open');
    await db('event_seats')
      .where({ event_id: eventId, seat_id: seat.id })
      .update({ status: 'Sold', order_id: 1 });
    expect(
      seatOf((await get<EventInventory>(live, `/api/eventinventory/${eventId}`)).body, seat.key).seatStatus,
    ).toBe('Unavailable');
    const boxOffice = await get<EventInventory>(
      live,
      `/api/eventinventory/${eventId}?salesChannel=BoxOffice`,
      staff,
    );
    expect(seatOf(boxOffice.body, seat.key).seatStatus).toBe('Sold');
  });

  test("a box-office channel's view is for staff: anyone else is refused, even after staff read it", async () => {
    const eventId = await eventIdOf('Grand Theatre', (q) => q.where('e.starts_at', '>', new Date()));
    for (const server of [live, cached]) {
      const url = `/api/eventinventory/${eventId}?salesChannel=BoxOffice`;
      expect((await get<EventInventory>(server, url, staff)).status).toBe(200);
      const refused = await get<{ Message: string }>(server, url);
      expect(refused.status).toBe(403);
      expect(refused.body.Message).toMatch(/for box-office staff/);
      expect((await get(server, `/api/eventinventory/${eventId}?salesChannel=Phone`)).status).toBe(403);
      expect((await get(server, `/api/eventinventory/${eventId}?salesChannel=Web`)).status).toBe(200);
    }
  });

  test('a basket hold makes a seat Unavailable until held_until passes, with no worker running', async () => {
    const eventId = await eventIdOf('Grand Theatre', (q) => q.where('e.starts_at', '>', new Date()));
    const seat = await openSeat(eventId);
    // A hold names a real basket (event_seats.basket_id references baskets).
    const web: { id: number } = await db('sales_channels').where({ code: 'Web' }).first('id');
    await db('baskets')
      .insert({
        id: '00000000-0000-4000-8000-000000000001',
        sales_channel_id: web.id,
        expires_at: new Date(),
      })
      .onConflict('id')
      .ignore();
    const hold = (heldUntil: Date) =>
      db('event_seats')
        .where({ event_id: eventId, seat_id: seat.id })
        .update({ basket_id: '00000000-0000-4000-8000-000000000001', held_until: heldUntil });
    await hold(new Date(Date.now() + 15 * 60_000));
    expect(
      seatOf((await get<EventInventory>(live, `/api/eventinventory/${eventId}`)).body, seat.key).seatStatus,
    ).toBe('Unavailable');
    await hold(new Date(Date.now() - 1000));
    expect(
      seatOf((await get<EventInventory>(live, `/api/eventinventory/${eventId}`)).body, seat.key).seatStatus,
    ).toBe('Open');
  });

  test('held seats are Open only to a channel allowed to sell the subclass that asks for it', async () => {
    const row: { event_id: number; key: string; hold_subclass_id: number } = await db('event_seats as es')
      .join('seats as s', 's.id', 'es.seat_id')
      .join('hold_subclasses as hs', 'hs.id', 'es.hold_subclass_id')
      .where('hs.name', 'House Seats')
      .orderBy(['es.event_id', 's.id'])
      .first('es.event_id', 's.key', 'es.hold_subclass_id');
    const statusOf = async (query: string) =>
      seatOf(
        (await get<EventInventory>(live, `/api/eventinventory/${row.event_id}${query}`, staff)).body,
        row.key,
      );
    expect(await statusOf('')).toEqual({ Key: row.key, PriceKey: expect.any(String), seatStatus: 'Hold' });
    expect((await statusOf(`?holdSubclassIds=${row.hold_subclass_id}`)).seatStatus).toBe('Hold'); // the web may not sell house seats
    expect((await statusOf('?salesChannel=BoxOffice')).seatStatus).toBe('Hold'); // not asked for
    expect(
      await statusOf(`?salesChannel=BoxOffice&holdSubclassIds=999,${row.hold_subclass_id}`),
    ).toMatchObject({
      seatStatus: 'Open',
      HoldSubclassID: row.hold_subclass_id,
    });
    expect((await statusOf(`?salesChannel=Phone&holdSubclassIds=${row.hold_subclass_id}`)).seatStatus).toBe(
      'Hold',
    );
  });

  test('killed seats are never Open, whoever asks', async () => {
    const kill: { id: number } = await db('hold_subclasses').where({ name: 'Kill' }).first('id');
    const eventId = await eventIdOf('Grand Theatre', (q) => q.where('e.starts_at', '>', new Date()));
    const seat = await openSeat(eventId);
    await db('event_seats')
      .where({ event_id: eventId, seat_id: seat.id })
      .update({ status: 'Hold', hold_subclass_id: kill.id });
    for (const channel of ['Web', 'BoxOffice', 'GroupSales']) {
      const { body } = await get<EventInventory>(
        live,
        `/api/eventinventory/${eventId}?salesChannel=${channel}&holdSubclassIds=${kill.id}`,
        staff,
      );
      expect(seatOf(body, seat.key).seatStatus).toBe('Hold');
    }
  });

  test('clients that accept gzip get the same JSON gzipped', async () => {
    const eventId = await eventIdOf('Riverside Arena');
    const plain = await get<EventInventory>(cached, `/api/eventinventory/${eventId}`);
    const res = await cached.inject({
      method: 'GET',
      url: `/api/eventinventory/${eventId}`,
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['vary']).toContain('accept-encoding');
    expect(res.rawPayload.length).toBeLessThan(plain.raw.length / 5);
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual(plain.body);
  });

  test('the snapshot is served until it expires or the event is invalidated', async () => {
    const eventId = await eventIdOf('Grand Theatre', (q) => q.where('e.starts_at', '>', new Date()));
    const seat = await openSeat(eventId);
    const first = await get<EventInventory>(cached, `/api/eventinventory/${eventId}`);
    expect(seatOf(first.body, seat.key).seatStatus).toBe('Open');
    await db('event_seats')
      .where({ event_id: eventId, seat_id: seat.id })
      .update({ status: 'Sold', order_id: 2 });
    const again = await get<EventInventory>(cached, `/api/eventinventory/${eventId}`);
    expect(seatOf(again.body, seat.key).seatStatus).toBe('Open'); // the snapshot, under 1 s old
    expect(again.body.Version).toBe(first.body.Version);
    (cached.plugins as { 'foyer-inventory': InventoryPluginApi })['foyer-inventory'].snapshots.invalidate(
      eventId,
    );
    const fresh = await get<EventInventory>(cached, `/api/eventinventory/${eventId}`);
    expect(seatOf(fresh.body, seat.key).seatStatus).toBe('Unavailable');
    expect(fresh.body.Version).not.toBe(first.body.Version);
  });

  test('an If-None-Match with the current version answers 304', async () => {
    const eventId = await eventIdOf('Studio');
    const first = await cached.inject({ method: 'GET', url: `/api/eventinventory/${eventId}` });
    const etag = first.headers['etag'] as string;
    const second = await cached.inject({
      method: 'GET',
      url: `/api/eventinventory/${eventId}`,
      headers: { 'if-none-match': etag },
    });
    expect(second.statusCode).toBe(304);
  });

  test('unknown events are 404, bad ids and unknown channels 400, each with a Message', async () => {
    const missing = await get<{ Message: string }>(live, '/api/eventinventory/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.Message).toMatch(/999999/);
    for (const url of [
      '/api/eventinventory/abc',
      '/api/eventinventory/-3',
      '/api/eventinventory/1?salesChannel=Pigeon',
      '/api/eventinventory/1?holdSubclassIds=a;b',
    ]) {
      const res = await get<{ Message: string }>(live, url);
      expect(res.status, url).toBe(400);
      expect(res.body.Message, url).toBeTruthy();
    }
  });
});

describe('GET /api/eventinventory/pricing/{id}', () => {
  test('every price level and type with its face value and the seeded fees, totals matching the rows', async () => {
    const eventId = await seriesEventId('HAMLET');
    // The box office's view: a staff session that may sell (pricing-view.test.ts: nobody else).
    const boxOffice = await browser(live);
    await boxOffice.call('POST', '/api/account/login', {
      Email: 'boxoffice@foyer.local',
      Password: 'foyer-demo',
    });
    const { status, body } = (await boxOffice.call('GET', `/api/eventinventory/pricing/${eventId}`)) as {
      status: number;
      body: Pricing;
    };
    expect(status).toBe(200);
    expect(() => Pricing.parse(body)).not.toThrow();
    const prices: { price_level_id: number; price_type_id: number; amount: number }[] = await db(
      'prices',
    ).where({ event_id: eventId });
    const fees: { scope: string; amount: number; rate_bp: number; name: string }[] = await db('fees').where({
      event_id: eventId,
    });
    expect(body.PriceMaps).toHaveLength(prices.length);
    for (const price of prices) {
      const map = body.PriceMaps.find(
        (m) => m.PriceKey === `${price.price_level_id}-${price.price_type_id}`,
      )!;
      const expected = fees
        .filter((f) => f.scope === 'Ticket')
        .map((f) => ({
          Name: f.name,
          Value: f.amount + Math.floor((price.amount * f.rate_bp + 5000) / 10000),
        }));
      expect(map.Price).toBe(price.amount);
      expect(map.FeeNameValues).toEqual(expected);
      expect(map.FeeTotal).toBe(expected.reduce((sum, f) => sum + f.Value, 0));
      expect(map.DisplayPrice).toBe(`$${(price.amount / 100).toFixed(2)}`);
    }
    expect(body.OrderLevelFees).toEqual(
      fees.filter((f) => f.scope === 'Order').map((f) => ({ Name: f.name, Value: f.amount })),
    );
    expect(body.PriceTypes.map((t) => t.Code)).toContain('Comp');
    expect(body.IsoCurrencyCode).toBe('USD');
  });

  test('arena prices are in pounds and list the standing floor', async () => {
    const eventId = await eventIdOf('Riverside Arena');
    const { body } = await get<Pricing>(live, `/api/eventinventory/pricing/${eventId}`);
    expect(body.CurrencyLocale).toBe('en-gb');
    expect(body.PriceMaps[0]?.DisplayPrice).toMatch(/^£\d+\.\d\d$/);
    expect(body.MapGASections.map((s) => s.Key)).toEqual(['FLOOR']);
  });

  test('an unknown event is 404', async () => {
    expect((await get(live, '/api/eventinventory/pricing/999999')).status).toBe(404);
  });
});

describe('GET /api/eventinventory/pricing/{id}/consumer', () => {
  test('consumers never see comps', async () => {
    const eventId = await seriesEventId('HAMLET');
    const { body } = await get<Pricing>(live, `/api/eventinventory/pricing/${eventId}/consumer`);
    expect(body.PriceTypes.map((t) => t.Code)).toEqual(['Adult', 'Child', 'Concession']);
    const comp: { id: number } = await db('price_types').where({ code: 'Comp' }).first('id');
    expect(body.PriceMaps.some((m) => m.PriceTypeID === comp.id)).toBe(false);
    expect(body.PriceMaps.every((m) => m.DiscountedPrice === null)).toBe(true);
  });

  test('a server that keeps answers (1 s by default) serves one read of the prices to everyone', async () => {
    // Kept a minute here, so that a slow machine cannot make the answer expire mid-test.
    const keeping = await createHttpServer({ config, runtime, version: 'test', publicReadTtlMs: 60_000 });
    const eventId = await seriesEventId('COMEDY');
    const path = `/api/eventinventory/pricing/${eventId}/consumer`;
    const before = (await get<Pricing>(keeping, path)).body;
    const price: { price_level_id: number; price_type_id: number; amount: number } = await db('prices')
      .where({ event_id: eventId })
      .orderBy(['price_level_id', 'price_type_id'])
      .first('price_level_id', 'price_type_id', 'amount');
    const setAmount = (amount: number) =>
      db('prices')
        .where({
          event_id: eventId,
          price_level_id: price.price_level_id,
          price_type_id: price.price_type_id,
        })
        .update({ amount });
    await setAmount(price.amount + 100);
    try {
      const now = (await get<Pricing>(live, path)).body;
      expect(now.PriceMaps.map((m) => m.Price)).not.toEqual(before.PriceMaps.map((m) => m.Price));
      expect((await get<Pricing>(keeping, path)).body).toEqual(before);
    } finally {
      await setAmount(price.amount);
      await keeping.stop();
    }
  });

  test('SAVE10 takes 10 % off every consumer price of its series, whatever the case of the code', async () => {
    const eventId = await seriesEventId('HAMLET');
    const full = (await get<Pricing>(live, `/api/eventinventory/pricing/${eventId}/consumer`)).body;
    const { status, body } = await get<Pricing>(
      live,
      `/api/eventinventory/pricing/${eventId}/consumer?promoCode=save10`,
    );
    expect(status).toBe(200);
    expect(() => Pricing.parse(body)).not.toThrow();
    body.PriceMaps.forEach((map, i) => {
      const face = full.PriceMaps[i]!.Price;
      expect(map.FullPrice).toBe(face);
      expect(map.DiscountedPrice).toBe(face - Math.floor((face * 1000 + 5000) / 10000));
      expect(map.FeeTotal).toBe(full.PriceMaps[i]!.FeeTotal);
    });
  });

  test('a flash sale that hides the full retail price shows consumers only the discounted price', async () => {
    await db('promotions').where({ code: 'FLASH20' }).update({ starts_at: null, ends_at: null });
    const eventId = await seriesEventId('WINTER');
    const { body } = await get<Pricing>(
      live,
      `/api/eventinventory/pricing/${eventId}/consumer?promoCode=FLASH20`,
    );
    for (const map of body.PriceMaps) {
      expect(map.FullPriceHidden).toBe(true);
      expect(map.FullPrice).toBe(map.DiscountedPrice);
      expect(map.DisplayPrice).toBe(map.DiscountedDisplayPrice);
    }
  });

  test('a bad code, a code for another series and a used group code are 400 with the reason', async () => {
    const hamlet = await seriesEventId('HAMLET');
    const nova = await seriesEventId('NOVA');
    const cases: [string, string][] = [
      [`/api/eventinventory/pricing/${hamlet}/consumer?promoCode=NOPE`, 'The code you entered is not valid.'],
      [
        `/api/eventinventory/pricing/${nova}/consumer?promoCode=SAVE10`,
        'This code is not valid for this event.',
      ],
      [
        `/api/eventinventory/pricing/${hamlet}/consumer?promoCode=GROUPS`,
        'This promotion needs a group code.',
      ],
    ];
    const used: { code: string } = await db('promotion_group_codes').whereNotNull('used_at').first('code');
    cases.push([
      `/api/eventinventory/pricing/${hamlet}/consumer?promoCode=GROUPS&groupCode=${used.code}`,
      'This group code has already been used.',
    ]);
    for (const [url, message] of cases) {
      const res = await get<{ Message: string }>(live, url);
      expect(res.status, url).toBe(400);
      expect(res.body.Message, url).toBe(message);
    }
  });

  test('a fresh group code applies the group discount', async () => {
    const hamlet = await seriesEventId('HAMLET');
    const free: { code: string } = await db('promotion_group_codes').whereNull('used_at').first('code');
    const res = await get<Pricing>(
      live,
      `/api/eventinventory/pricing/${hamlet}/consumer?promoCode=groups&groupCode=${free.code}`,
    );
    expect(res.status).toBe(200);
    expect(
      res.body.PriceMaps.every((m) => m.DiscountedPrice !== null && m.DiscountedPrice < m.FullPrice),
    ).toBe(true);
  });
});

describe('the OpenAPI document', () => {
  test('lists the three inventory calls with their query parameters', async () => {
    const doc = (
      await get<{ paths: Record<string, { get: { parameters?: { name: string }[] } }> }>(
        live,
        '/api/openapi.json',
      )
    ).body;
    expect(doc.paths['/api/eventinventory/{id}']?.get.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['id', 'salesChannel', 'holdSubclassIds']),
    );
    expect(doc.paths['/api/eventinventory/pricing/{id}']).toBeDefined();
    expect(
      doc.paths['/api/eventinventory/pricing/{id}/consumer']?.get.parameters?.map((p) => p.name),
    ).toEqual(expect.arrayContaining(['promoCode', 'groupCode']));
  });
});
