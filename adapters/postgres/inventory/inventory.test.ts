import { Effect, Exit } from 'effect';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Inventory } from '../../../core/inventory/ports.ts';
import { NotFound } from '../../../core/shared/errors.ts';
import { arenaEventId } from '../../../test/basket.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { createDatabase } from '../database.ts';
import { InventoryPostgres, loadEventSeats } from './inventory.ts';

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

describe('inventory repository', () => {
  test('reads every seat of the arena with its price level, and the standing floor', async () => {
    const eventId = await arenaEventId(db);
    const snapshot = (await loadEventSeats(db, eventId))!;
    expect(snapshot.seats).toHaveLength(20_000);
    expect(snapshot.seats[0]).toEqual({
      key: expect.stringMatching(/^\d{3}-[A-Z]-\d+$/),
      priceLevelId: expect.any(Number),
      status: expect.stringMatching(/^(Open|Sold|Hold)$/),
      holdSubclassId: null,
      liveBasketHold: false,
      adaType: null,
      seatAlertId: null,
      isGa: false,
    });
    expect(snapshot.gaSections).toEqual([
      expect.objectContaining({ key: 'FLOOR', capacity: 2000, liveHeld: 0 }),
    ]);
  });

  test('a basket hold is live only while held_until is in the future by the database clock', async () => {
    const eventId = await arenaEventId(db);
    const [first, second] = await db('event_seats')
      .where({ event_id: eventId })
      .orderBy('seat_id')
      .limit(2)
      .select('seat_id');
    // A hold names a real basket (event_seats.basket_id references baskets).
    const web: { id: number } = await db('sales_channels').where({ code: 'Web' }).first('id');
    await db('baskets')
      .insert(
        ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b'].map((id) => ({
          id,
          sales_channel_id: web.id,
          expires_at: new Date(),
        })),
      )
      .onConflict('id')
      .ignore();
    await db('event_seats')
      .where({ event_id: eventId, seat_id: first.seat_id })
      .update({
        basket_id: '00000000-0000-4000-8000-00000000000a',
        held_until: db.raw(`now() + interval '10 minutes'`),
      });
    await db('event_seats')
      .where({ event_id: eventId, seat_id: second.seat_id })
      .update({
        basket_id: '00000000-0000-4000-8000-00000000000b',
        held_until: db.raw(`now() - interval '1 second'`),
      });
    const seats = (await loadEventSeats(db, eventId))!.seats;
    expect(seats[0]?.liveBasketHold).toBe(true);
    expect(seats[1]?.liveBasketHold).toBe(false);
  });

  test('hold subclass rules name their channels in lower case; kills have none', async () => {
    const snapshot = (await loadEventSeats(db, await arenaEventId(db)))!;
    const byChannels = snapshot.holdSubclasses.map((r) => ({
      isKill: r.isKill,
      channels: [...r.channelCodes].sort(),
    }));
    expect(byChannels).toContainEqual({ isKill: true, channels: [] });
    expect(byChannels).toContainEqual({ isKill: false, channels: ['boxoffice'] });
  });

  test('an unknown event is NotFound; the channels come with their admin flag', async () => {
    const run = <A, E>(f: (i: Inventory['Service']) => Effect.Effect<A, E>) =>
      Effect.runPromiseExit(Effect.provide(Inventory.use(f), InventoryPostgres(db)));
    const missing = await run((i) => i.eventSeats(999_999));
    expect(Exit.isFailure(missing) && missing.cause.reasons[0]).toMatchObject({
      error: expect.any(NotFound),
    });
    const channels = await run((i) => i.salesChannels());
    expect(Exit.isSuccess(channels) && channels.value.map((c) => [c.code, c.isAdmin])).toContainEqual([
      'Web',
      false,
    ]);
  });
});
