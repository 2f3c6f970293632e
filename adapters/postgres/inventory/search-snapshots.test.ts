import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { arenaEventId } from '../../../test/basket.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { createDatabase } from '../database.ts';
import { loadEventSeats } from './inventory.ts';
import { makeSearchReader, makeSearchSnapshots } from './search-snapshots.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, { max: 4 });
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

/** An arena night with open seats (the first one is sold out). */
const openArenaEventId = async () => {
  const row: { event_id: number } = await db('event_seats')
    .groupBy('event_id')
    .havingRaw('count(*) = 20000')
    .havingRaw(`count(*) filter (where status = 'Open' and basket_id is null) > 2`)
    .orderBy('event_id')
    .first('event_id');
  return row.event_id;
};

/** The seat map's read, cut to what a search reads. */
const seatMapView = async (eventId: number) => {
  const snapshot = (await loadEventSeats(db, eventId))!;
  return {
    venueConfigurationId: snapshot.venueConfigurationId,
    seats: snapshot.seats.map(({ key, priceLevelId, status, holdSubclassId, liveBasketHold }) => ({
      key,
      priceLevelId,
      status,
      holdSubclassId,
      liveBasketHold,
    })),
    gaSections: snapshot.gaSections,
    holdSubclasses: snapshot.holdSubclasses,
  };
};

const aBasket = async (id: string) => {
  const web: { id: number } = await db('sales_channels').where({ code: 'Web' }).first('id');
  await db('baskets')
    .insert({ id, sales_channel_id: web.id, expires_at: db.raw(`now() + interval '10 minutes'`) })
    .onConflict('id')
    .ignore();
};

describe('the best-available search read', () => {
  test('reads what the seat map reads of each seat, with the GA places and hold rules', async () => {
    const eventId = await arenaEventId(db);
    const read = makeSearchReader(db);
    const before = Date.now();
    const { readStartedAt, ...snapshot } = (await read(eventId))!;
    expect(snapshot).toEqual(await seatMapView(eventId));
    // When the read began, for the claims it cannot show yet (adapters/inprocess/seat-claims.ts).
    expect(readStartedAt).toBeGreaterThanOrEqual(before);
    expect(readStartedAt).toBeLessThanOrEqual(Date.now());
  });

  test('the next read shows a seat that changed and keeps the seats that did not', async () => {
    const eventId = await openArenaEventId();
    const read = makeSearchReader(db);
    const first = (await read(eventId))!;
    const [held, sold] = await db('event_seats')
      .where({ event_id: eventId, status: 'Open' })
      .whereNull('basket_id')
      .orderBy('seat_id')
      .limit(2)
      .select('seat_id');
    await aBasket('00000000-0000-4000-8000-0000000000c1');
    await db('event_seats')
      .where({ event_id: eventId, seat_id: held.seat_id })
      .update({
        basket_id: '00000000-0000-4000-8000-0000000000c1',
        held_until: db.raw(`now() + interval '10 minutes'`),
      });
    await db('event_seats').where({ event_id: eventId, seat_id: sold.seat_id }).update({ status: 'Sold' });
    const second = (await read(eventId))!;
    expect({ ...second, readStartedAt: undefined }).toEqual(await seatMapView(eventId));
    expect(second.readStartedAt).toBeGreaterThanOrEqual(first.readStartedAt);
    const changed = second.seats.filter((seat, i) => seat !== first.seats[i]);
    expect(changed).toEqual([
      expect.objectContaining({ liveBasketHold: true }),
      expect.objectContaining({ status: 'Sold' }),
    ]);
    const keyOf = async (seatId: number) => (await db('seats').where({ id: seatId }).first('key')).key;
    expect(changed.map((seat) => seat.key).sort()).toEqual(
      [await keyOf(held.seat_id), await keyOf(sold.seat_id)].sort(),
    );
  });

  test('a seat added to the map since the keys were read comes with its key', async () => {
    const eventId = await openArenaEventId();
    const read = makeSearchReader(db);
    await read(eventId);
    const like: { venue_configuration_id: number; section_id: number; zone: string; price_level_id: number } =
      await db('seats as s')
        .join('event_seats as es', 'es.seat_id', 's.id')
        .where('es.event_id', eventId)
        .first('s.venue_configuration_id', 's.section_id', 's.zone', 'es.price_level_id');
    const [added] = await db('seats')
      .insert({
        venue_configuration_id: like.venue_configuration_id,
        section_id: like.section_id,
        zone: like.zone,
        row: 'ZZ',
        number: '1',
        key: 'ADDED-ZZ-1',
        x: 0,
        y: 0,
      })
      .returning('id');
    await db('event_seats').insert({
      event_id: eventId,
      seat_id: added.id,
      price_level_id: like.price_level_id,
    });
    try {
      const snapshot = (await read(eventId))!;
      expect(snapshot.seats).toContainEqual(
        expect.objectContaining({ key: 'ADDED-ZZ-1', status: 'Open', liveBasketHold: false }),
      );
    } finally {
      await db('event_seats').where({ seat_id: added.id }).del();
      await db('seats').where({ id: added.id }).del();
    }
  });

  test('an unknown event reads as nothing', async () => {
    expect(await makeSearchReader(db)(999_999)).toBeUndefined();
  });

  test('searches within the age share one read; an older one, or a fresh one, reads again', async () => {
    let t = 0;
    const reads: number[] = [];
    const snapshots = makeSearchSnapshots(
      db,
      () => t,
      async (eventId) => {
        reads.push(eventId);
        return { readStartedAt: t, venueConfigurationId: 1, seats: [], gaSections: [], holdSubclasses: [] };
      },
    );
    await snapshots(7, 500);
    t = 500;
    await snapshots(7, 500);
    expect(reads).toEqual([7]);
    await snapshots(7, 0);
    t = 1_001;
    await snapshots(7, 500);
    expect(reads).toEqual([7, 7, 7]);
  });
});
