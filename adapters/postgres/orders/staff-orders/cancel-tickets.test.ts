import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { createDatabase } from '../../database.ts';
import { makeAppRuntime, type AppRuntime } from '../../../wiring.ts';
import { createTestDatabase } from '../../../../test/database.ts';
import { outcomeOf, saleEventId } from '../../../../test/basket.ts';
import { SeatChangeFeed, type SeatChange } from '../../../../core/inventory/seat-change-feed.ts';
import type { AfterSaleActor } from '../../../../core/orders/after-sale.ts';
import { cancelTickets } from '../../../../core/orders/staff-orders/cancel-tickets.ts';
import { insertEventOrders, TICKET_FEE, TICKET_PRICE } from '../../../../test/event-orders.ts';
import { readOrder } from '../order-records.ts';

// Cancelling tickets on a real database: the seats announced on the live feed as Open, a run's
// fee kept once however often the run comes back, two clerks at once cancelling one ticket once.

let drop: () => Promise<void>;
let db: Knex;
let runtime: AppRuntime;
let dataDir: string;
let eventId: number;

const clerk: AfterSaleActor = { staffUserId: null, name: 'cli:tester', counter: null };

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  db = createDatabase(database.url, { max: 10 });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'foyer-cancel-tickets-'));
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

const ticketsOf = (orderId: number) =>
  db('order_tickets').where({ order_id: orderId }).orderBy('id').select('id', 'key', 'seat_id', 'status');

describe('cancelling tickets', () => {
  test('the freed seats are announced Open on the live seat feed', async () => {
    const [order] = await insertEventOrders(db, { eventId, orders: 1, cash: () => true });
    const [ticket] = await ticketsOf(order!.orderId);
    const heard: SeatChange[] = [];
    const unsubscribe = await runtime.runPromise(
      SeatChangeFeed.use((feed) => feed.subscribe(eventId, (c) => heard.push(c))),
    );
    try {
      const done = await runtime.runPromise(
        cancelTickets({
          orderId: order!.orderId,
          ticketIds: [ticket!.id],
          fee: 0,
          reason: null,
          actor: clerk,
        }),
      );
      expect(done).toEqual({
        orderId: order!.orderId,
        cancelledTicketIds: [ticket!.id],
        orderStatus: 'Complete',
        balanceDue: -(TICKET_PRICE + TICKET_FEE),
      });
      await expect
        .poll(() => heard.filter((c) => c.status === 'Open').flatMap((c) => c.keys))
        .toContain(ticket!.key);
      // The confirmation, PDF and e-mail no longer show the cancelled ticket.
      const remaining = (await ticketsOf(order!.orderId)).filter((t) => t.status === 'Active');
      expect(remaining.length).toBeGreaterThan(0);
      expect((await readOrder(db, order!.orderId))!.tickets.map((t) => t.id)).toEqual(
        remaining.map((t) => t.id),
      );
    } finally {
      await unsubscribe();
    }
  });

  test("a run's fee is kept once: started again, the run finds nothing left and keeps nothing more", async () => {
    const [order] = await insertEventOrders(db, { eventId, orders: 1, cash: () => true });
    const [run] = await db('event_cancellations')
      .insert({ event_id: eventId, refund: false, fee: 100, started_by: 'cli:tester' })
      .returning('id');
    const once = () =>
      runtime.runPromise(
        cancelTickets({
          orderId: order!.orderId,
          ticketIds: null,
          fee: 100,
          reason: null,
          actor: clerk,
          runId: run.id,
        }),
      );
    const first = await once();
    const second = await once();
    expect(first).toMatchObject({
      orderStatus: 'Cancelled',
      balanceDue: -(2 * (TICKET_PRICE + TICKET_FEE)) + 100,
    });
    expect(second).toEqual({ ...first, cancelledTicketIds: [] });
    const kept = await db('order_adjustments')
      .where({ order_id: order!.orderId })
      .orderBy('id')
      .select('kind', 'amount');
    expect(kept).toEqual([
      { kind: 'cancellation', amount: -2 * (TICKET_PRICE + TICKET_FEE) },
      { kind: 'cancellation_fee', amount: 100 },
    ]);
  });

  test('two clerks cancelling the same ticket at once: one cancels it, the other is told it is cancelled', async () => {
    const [order] = await insertEventOrders(db, { eventId, orders: 1, cash: () => true });
    const [ticket] = await ticketsOf(order!.orderId);
    const both = await Promise.all(
      [0, 1].map(() =>
        outcomeOf(
          runtime,
          cancelTickets({
            orderId: order!.orderId,
            ticketIds: [ticket!.id],
            fee: 0,
            reason: null,
            actor: clerk,
          }),
        ),
      ),
    );
    expect(both.filter((o) => o.ok)).toHaveLength(1);
    expect(both.filter((o) => !o.ok)).toMatchObject([
      { tag: 'TicketsNotCancellable', error: { code: 'NotActive' } },
    ]);
    const adjustments = await db('order_adjustments').where({ order_id: order!.orderId }).select('amount');
    expect(adjustments).toEqual([{ amount: -(TICKET_PRICE + TICKET_FEE) }]);
  });

  test('no such order: OrderNotFound', async () => {
    const outcome = await outcomeOf(
      runtime,
      cancelTickets({ orderId: 987654321, ticketIds: null, fee: 0, reason: null, actor: clerk }),
    );
    expect(outcome).toMatchObject({ ok: false, tag: 'OrderNotFound' });
  });
});
