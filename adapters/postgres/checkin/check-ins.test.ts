import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../database.ts';
import { makeAppRuntime, type AppRuntime } from '../../wiring.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { saleEventId } from '../../../test/basket.ts';
import { insertEventOrders } from '../../../test/event-orders.ts';
import { scanTicket } from '../../../core/checkin/scan-ticket.ts';

// Check-in on a real database: two doors scanning one ticket at the same moment admit it once,
// the other door is told when and where it went in, and both scans are recorded.

let drop: () => Promise<void>;
let db: Knex;
let runtime: AppRuntime;
let dataDir: string;
let eventId: number;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  db = createDatabase(database.url, { max: 10 });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'foyer-checkin-'));
  runtime = makeAppRuntime({
    db,
    config: loadConfig({ DATABASE_URL: database.url, PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
  });
  eventId = await saleEventId(db, 'HAMLET', 1);
}, 120_000);
afterAll(async () => {
  await runtime?.dispose();
  await db?.destroy();
  await drop?.();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const scanAt = (barcode: string, door: string) =>
  runtime.runPromise(
    scanTicket({
      eventId,
      scanned: barcode,
      door,
      staffUserId: null,
      staffName: 'door test',
      now: new Date(),
    }),
  );

/** Waits until `n` sessions of this database are waiting for a lock. */
const untilWaiting = async (n: number) => {
  for (let i = 0; i < 200; i++) {
    const { rows } = await db.raw<{ rows: { n: number }[] }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0]!.n >= n) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${n} sessions never waited for the ticket's lock`);
};

describe('admitting a ticket at two doors at once', () => {
  test('both doors read it unadmitted, one admits it, the other is told it went in at the first door', async () => {
    const [order] = await insertEventOrders(db, { eventId, orders: 1, ticketsPerOrder: 1, cash: () => true });
    const ticket = await db('order_tickets').where({ order_id: order!.orderId }).first('id', 'barcode');
    // Hold the ticket's row so both scans get past their read and queue on the admission.
    const holder = await db.transaction();
    try {
      await holder.raw('select id from order_tickets where id = ? for update', [ticket.id]);
      const both = Promise.all([scanAt(ticket.barcode, 'North door'), scanAt(ticket.barcode, 'South door')]);
      await untilWaiting(2);
      await holder.commit();
      const answers = await both;
      const results = answers.map((a) => a.result).sort();
      expect(results).toEqual(['admitted', 'alreadyScanned']);
      const admitted = answers.find((a) => a.result === 'admitted')!;
      const refused = answers.find((a) => a.result === 'alreadyScanned')!;
      expect(refused.admittedDoor).toBe(admitted.admittedDoor);
      expect(refused.admittedAt?.getTime()).toBe(admitted.admittedAt?.getTime());
      const row = await db('order_tickets').where({ id: ticket.id }).first('admitted_door');
      expect(row.admitted_door).toBe(admitted.admittedDoor);
      const scans = await db('ticket_scans')
        .where({ order_ticket_id: ticket.id })
        .orderBy('result')
        .select('result', 'door');
      expect(scans.map((s) => s.result)).toEqual(['admitted', 'alreadyScanned']);
    } finally {
      if (!holder.isCompleted()) await holder.rollback();
    }
  });

  test('many doors scanning many tickets at once admit each ticket exactly once', async () => {
    const orders = await insertEventOrders(db, { eventId, orders: 5, ticketsPerOrder: 2, cash: () => true });
    const tickets: { id: number; barcode: string }[] = await db('order_tickets')
      .whereIn(
        'order_id',
        orders.map((o) => o.orderId),
      )
      .select('id', 'barcode');
    const answers = await Promise.all(
      tickets.flatMap((t) => ['A', 'B', 'C'].map((door) => scanAt(t.barcode, door).then((a) => ({ t, a })))),
    );
    for (const t of tickets) {
      const mine = answers.filter((x) => x.t.id === t.id).map((x) => x.a.result);
      expect(mine.filter((r) => r === 'admitted')).toHaveLength(1);
      expect(mine.filter((r) => r === 'alreadyScanned')).toHaveLength(2);
    }
  });
});
