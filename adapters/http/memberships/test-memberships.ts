import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { expect } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import { loadConfig } from '../../config.ts';
import { createLogger } from '../../log.ts';
import { createDatabase } from '../../postgres/database.ts';
import { openJobQueue } from '../../queue/job-queue.ts';
import { makeAppRuntime } from '../../wiring.ts';
import { createHttpServer } from '../server.ts';
import { addDays, localDateAt } from '../../../core/memberships/gift-delivery.ts';
import type { Browser } from '../checkout/test-browser.ts';

// What the membership HTTP tests share: the demo's membership (FRIENDS) and its levels, adding it
// to a basket, and a seat of the first series that has a Member price.

export interface DemoMembership {
  readonly typeId: number;
  readonly timeZone: string;
  readonly friend: number;
  readonly patron: number;
  readonly tagTypeId: number;
}

export const demoMembership = async (db: Knex): Promise<DemoMembership> => {
  const type = await db('membership_types').where({ code: 'FRIENDS' }).first();
  const levels: { id: number; display_name: string }[] = await db('membership_price_levels')
    .where({ membership_type_id: type.id })
    .orderBy('display_order');
  return {
    typeId: type.id,
    timeZone: type.time_zone,
    friend: levels.find((l) => l.display_name === 'Friend')!.id,
    patron: levels.find((l) => l.display_name === 'Patron')!.id,
    tagTypeId: type.customer_tag_type_id,
  };
};

/** The venue's local date `days` from today. */
export const dayFromToday = (timeZone: string, days: number): string =>
  addDays(localDateAt(new Date(), timeZone), days);

export const addMembership = (b: Browser, body: Record<string, unknown>) =>
  b.call('POST', '/api/baskets/memberships', { etCode: 'FRIENDS', ...body });

/** An event on sale with Member prices, and one open seat of it. */
export const memberPricedSeat = async (db: Knex, skip = 0) => {
  const event: { id: number } = await db('events as e')
    .whereExists(
      db('prices as p')
        .join('price_types as pt', 'pt.id', 'p.price_type_id')
        .whereRaw('p.event_id = e.id')
        .where('pt.code', 'Member'),
    )
    .where('e.on_sale_at', '<', db.fn.now())
    .where('e.starts_at', '>', db.raw("now() + interval '1 day'"))
    .orderBy('e.starts_at')
    .first('e.id');
  const seat: { key: string } = await db('event_seats as es')
    .join('seats as s', 's.id', 'es.seat_id')
    .where({ 'es.event_id': event.id, 'es.status': 'Open' })
    .whereNull('es.basket_id')
    .whereNull('s.ada_type')
    .whereNull('s.seat_alert_id')
    .orderBy('s.key')
    .offset(skip)
    .first('s.key');
  const member: { id: number } = await db('price_types').where({ code: 'Member' }).first('id');
  expect(event && seat && member).toBeTruthy();
  return { eventId: event.id, key: seat.key, memberPriceTypeId: member.id };
};

/**
 * A server over a fresh demo database with pg-boss as its job queue (as a web node with workers
 * elsewhere), its mail in a folder of its own. No worker takes the jobs: tests run them.
 */
export const queuedWorld = async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'foyer-memberships-'));
  const database = await createTestDatabase();
  const config = loadConfig({
    DATABASE_URL: database.url,
    PORT: '0',
    LOG_LEVEL: 'silent',
    BASKET_HOLD_MINUTES: '10',
    DATA_DIR: dataDir,
  });
  const log = createLogger('silent');
  const db = createDatabase(database.url, { max: 5 });
  const boss = await openJobQueue(database.url, { log, supervise: false });
  const runtime = makeAppRuntime({ db, config, jobQueue: { boss, log } });
  const server = await createHttpServer({ config, runtime, version: 'test' });
  await server.initialize();
  return {
    server,
    db,
    boss,
    runtime,
    log,
    outbox: path.join(dataDir, 'outbox'),
    close: async () => {
      await server.stop();
      await runtime.dispose();
      await boss.stop({ graceful: false });
      await db.destroy();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};
