import type { Knex } from 'knex';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addSeats } from '../core/basket/add-seats.ts';
import { SeatChangeFeed, type SeatChange } from '../core/inventory/seat-change-feed.ts';
import { loadConfig } from '../adapters/config.ts';
import { createLogger } from '../adapters/log.ts';
import { createDatabase } from '../adapters/postgres/database.ts';
import { openJobQueue } from '../adapters/queue/job-queue.ts';
import { queues } from '../adapters/queue/jobs.ts';
import { makeAppRuntime, type AppRuntime } from '../adapters/wiring.ts';
import { createTestDatabase } from '../test/database.ts';
import { outcomeOf, plainOpenSeats, saleEventId } from '../test/basket.ts';
import { releaseExpiredHolds, startWorkers, type Workers } from './jobs.ts';

// The expiry jobs: a job at each basket's expiry and the periodic sweep free the holds and
// announce them on the seat change feed (the holds are already free to every statement).

const log = createLogger('silent');
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
let boss: PgBoss;
let runtime: AppRuntime;
let workers: Workers;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, { max: 5 });
  boss = await openJobQueue(database.url, { log, supervise: true });
  runtime = makeAppRuntime({
    db,
    config: loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' }),
    jobQueue: { boss, log },
  });
  workers = await startWorkers({ boss, runtime, log, publicUrl: 'http://localhost:3000' });
});

afterAll(async () => {
  await workers?.stop();
  await runtime?.dispose();
  await boss?.stop({ graceful: false, timeout: 2_000 });
  await db?.destroy();
  await database?.drop();
});

const listen = async (eventId: number) => {
  const changes: SeatChange[] = [];
  const stop = await runtime.runPromise(
    SeatChangeFeed.use((feed) => feed.subscribe(eventId, (c) => changes.push(c))),
  );
  return { changes, stop };
};

const until = async (check: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return check();
};

const holdFor = (eventId: number, key: string, holdSeconds: number) =>
  outcomeOf(
    runtime,
    addSeats({
      caller: { basketId: null, staff: false },
      holdSeconds,
      eventId,
      salesChannel: 'Web',
      seats: [{ key }],
    }),
  );

describe('basket expiry jobs', () => {
  test("the job at a basket's expiry frees its seats and announces them Open", async () => {
    const eventId = await saleEventId(db, 'HAMLET', 0);
    const [seat] = await plainOpenSeats(db, eventId, 1);
    const { changes, stop } = await listen(eventId);
    const held = await holdFor(eventId, seat!.key, 1);
    expect(held.ok).toBe(true);
    const basketId = held.ok ? held.value.basketId : '';
    // The job was sent for the moment after expiry; a worker polling every second runs it.
    expect(
      await until(() => changes.some((c) => c.status === 'Open' && c.keys.includes(seat!.key)), 15_000),
    ).toBe(true);
    expect(await db('baskets').where({ id: basketId }).first('status')).toEqual({ status: 'Expired' });
    const row = await db('event_seats').where({ basket_id: basketId }).count({ n: '*' });
    expect(Number(row[0]!.n)).toBe(0);
    await stop();
  });

  test('the periodic sweep frees every hold past its time and announces it', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 1);
    const [a, b] = await plainOpenSeats(db, eventId, 2);
    const first = await holdFor(eventId, a!.key, 900);
    const second = await holdFor(eventId, b!.key, 900);
    if (!first.ok || !second.ok) throw new Error('refused');
    await db('baskets')
      .where({ id: first.value.basketId })
      .update({ expires_at: db.raw(`now() - interval '1 second'`) });
    await db('event_seats')
      .where({ basket_id: first.value.basketId })
      .update({ held_until: db.raw(`now() - interval '1 second'`) });
    const { changes, stop } = await listen(eventId);
    expect(await releaseExpiredHolds(runtime)).toBeGreaterThanOrEqual(1);
    expect(changes).toMatchObject([{ eventId, keys: [a!.key], status: 'Open' }]);
    // The live basket keeps its seat.
    const kept = await db('event_seats').where({ basket_id: second.value.basketId }).count({ n: '*' });
    expect(Number(kept[0]!.n)).toBe(1);
    expect(await releaseExpiredHolds(runtime)).toBe(0);
    await stop();
  });

  test('a job whose payload is not a basket id is dropped, not retried', async () => {
    const id = await boss.send(queues.basketExpiry, { basketId: 'not-a-uuid' });
    expect(id).not.toBeNull();
    let state: string | undefined;
    for (let i = 0; i < 60 && state !== 'completed'; i++) {
      state = (await boss.getJobById(queues.basketExpiry, id!))?.state;
      if (state !== 'completed') await new Promise((r) => setTimeout(r, 100));
    }
    expect(state).toBe('completed');
  });
});
