import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Effect } from 'effect';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { createDatabase } from '../../database.ts';
import { makeAppRuntime, type AppRuntime } from '../../../wiring.ts';
import { createTestDatabase } from '../../../../test/database.ts';
import { outcomeOf, plainOpenSeats, saleEventId } from '../../../../test/basket.ts';
import { addSeats } from '../../../../core/basket/add-seats.ts';
import type { AfterSaleActor } from '../../../../core/orders/after-sale.ts';
import { cancelTickets } from '../../../../core/orders/staff-orders/cancel-tickets.ts';
import { refundOrder } from '../../../../core/orders/refunds/refund-order.ts';
import { startEventCancellation } from '../../../../core/orders/event-cancellation/event-cancellation.ts';
import { workRun } from '../../../../core/orders/event-cancellation/work.ts';
import { EventCancellations } from '../../../../core/orders/event-cancellation/ports.ts';
import {
  insertEventOrders,
  TICKET_FEE,
  TICKET_PRICE,
  type EventOrder,
} from '../../../../test/event-orders.ts';

// An event cancelled with its orders on a real database and the offline card processor: the work
// list is made once, each order loses its tickets of the event and gets its credit back once,
// whatever stopped the run before, however many workers take the list at once.

let drop: () => Promise<void>;
let db: Knex;
let runtime: AppRuntime;
let dataDir: string;

const operator: AfterSaleActor = { staffUserId: null, name: 'cli:tester', counter: null };
const FEE = 150;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  db = createDatabase(database.url, { max: 20 });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'foyer-event-cancel-'));
  runtime = makeAppRuntime({
    db,
    config: loadConfig({ DATABASE_URL: database.url, PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
  });
}, 120_000);
afterAll(async () => {
  await runtime?.dispose();
  await db?.destroy();
  await drop?.();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const start = (eventId: number, refund = true, fee = FEE) =>
  runtime.runPromise(startEventCancellation({ eventId, refund, fee, actor: operator }));

/** Per payment: the processor's refunds and the refunds rows that did not fail. */
const refundsOf = async (orders: readonly EventOrder[]) => {
  const processor: { payment_ref: string; n: number; amount: number }[] = await db('offline_refunds')
    .whereIn(
      'payment_ref',
      orders.flatMap((o) => (o.paymentRef ? [o.paymentRef] : [])),
    )
    .groupBy('payment_ref')
    .select('payment_ref', db.raw('count(*)::int as n'), db.raw('sum(amount)::int as amount'));
  const rows: { payment_id: number; n: number; amount: number }[] = await db('refunds')
    .whereIn(
      'payment_id',
      orders.map((o) => o.paymentId),
    )
    .whereNot('status', 'failed')
    .groupBy('payment_id')
    .select('payment_id', db.raw('count(*)::int as n'), db.raw('sum(amount)::int as amount'));
  return {
    processor: new Map(processor.map((r) => [r.payment_ref, r])),
    rows: new Map(rows.map((r) => [r.payment_id, r])),
  };
};

const expectRefundedOnce = async (orders: readonly EventOrder[], each: number) => {
  const { processor, rows } = await refundsOf(orders);
  for (const order of orders) {
    expect(rows.get(order.paymentId), `order ${order.orderId}`).toMatchObject({ n: 1, amount: each });
    if (order.paymentRef) expect(processor.get(order.paymentRef)).toMatchObject({ n: 1, amount: each });
  }
};

describe('cancelling an event with its orders', { timeout: 120_000 }, () => {
  test('stops the sale, makes the work list once, and a second start answers the same run', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 0);
    const orders = await insertEventOrders(db, { eventId, orders: 5, cash: (i) => i === 0 });
    const first = await start(eventId);
    expect(first).toMatchObject({ created: true, counts: { total: 5, pending: 5, done: 0, failed: 0 } });
    expect((await db('events').where({ id: eventId }).first('status')).status).toBe('Cancelled');
    expect(
      (await db('event_cancellation_orders').where({ run_id: first.run.id }).orderBy('order_id')).map(
        (r) => r.order_id,
      ),
    ).toEqual(orders.map((o) => o.orderId));
    const again = await start(eventId, false, 0);
    expect(again).toMatchObject({ created: false, run: { id: first.run.id, refund: true, fee: FEE } });

    const [seat] = await plainOpenSeats(db, eventId, 1);
    const hold = await outcomeOf(
      runtime,
      addSeats({
        caller: { basketId: null, staff: false },
        holdSeconds: 60,
        eventId,
        salesChannel: 'Web',
        seats: [{ key: seat!.key }],
      }),
    );
    expect(hold.ok).toBe(false);
    expect(JSON.stringify(hold)).toMatch(/EventCancelled/);

    const counts = await runtime.runPromise(workRun(first.run, { concurrency: 2 }));
    expect(counts).toEqual({ total: 5, pending: 0, done: 5, failed: 0 });
    await expectRefundedOnce(orders, 2 * (TICKET_PRICE + TICKET_FEE) - FEE);
    const tickets = await db('order_tickets').whereIn(
      'order_id',
      orders.map((o) => o.orderId),
    );
    expect(tickets.every((t) => t.status === 'Cancelled')).toBe(true);
    const seats = await db('event_seats')
      .where({ event_id: eventId })
      .whereIn(
        'seat_id',
        tickets.map((t) => t.seat_id),
      );
    expect(seats.every((s) => s.status === 'Open' && s.order_id === null)).toBe(true);
    const run = await runtime.runPromise(EventCancellations.use((s) => s.run(first.run.id)));
    expect(run).toMatchObject({ status: 'finished' });
    const report = await runtime.runPromise(EventCancellations.use((s) => s.report(first.run.id)));
    expect(report).toHaveLength(5);
    expect(report[0]).toMatchObject({
      ticketsCancelled: 2,
      refunded: 2 * (TICKET_PRICE + TICKET_FEE) - FEE,
      status: 'done',
      email: 'buyer0@example.com',
    });
  });

  test('an order a stopped run already cancelled and refunded is finished without a second refund', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 1);
    const orders = await insertEventOrders(db, { eventId, orders: 4 });
    const { run } = await start(eventId);
    const tickets = await db('order_tickets').where({ order_id: orders[0]!.orderId }).pluck('id');
    // What the run did for two orders before it was killed: one cancelled only, one cancelled and refunded.
    for (const order of orders.slice(0, 2)) {
      await runtime.runPromise(
        cancelTickets({
          orderId: order.orderId,
          ticketIds: order === orders[0] ? tickets : null,
          fee: FEE,
          reason: 'killed',
          actor: operator,
          runId: run.id,
        }),
      );
    }
    await runtime.runPromise(
      refundOrder({
        orderId: orders[1]!.orderId,
        amount: 'credit',
        reason: 'killed',
        actor: operator,
        runId: run.id,
      }),
    );
    const counts = await runtime.runPromise(workRun(run, { concurrency: 3 }));
    expect(counts).toMatchObject({ done: 4, failed: 0, pending: 0 });
    await expectRefundedOnce(orders, 2 * (TICKET_PRICE + TICKET_FEE) - FEE);
    const fees = await db('order_adjustments').where({
      cancellation_run_id: run.id,
      kind: 'cancellation_fee',
    });
    expect(fees).toHaveLength(4);
  });

  test('an order sold after the work list was made is found before the run finishes, and refunded once', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 5);
    const early = await insertEventOrders(db, { eventId, orders: 3 });
    const { run } = await start(eventId);
    // A sale that read the event before it was cancelled commits after the list was made.
    const late = await insertEventOrders(db, { eventId, orders: 2 });
    expect((await db('event_cancellation_orders').where({ run_id: run.id })).length).toBe(3);
    const counts = await runtime.runPromise(workRun(run, { concurrency: 2 }));
    expect(counts).toMatchObject({ total: 5, done: 5, failed: 0, pending: 0 });
    expect((await runtime.runPromise(EventCancellations.use((s) => s.run(run.id))))!.status).toBe('finished');
    await expectRefundedOnce([...early, ...late], 2 * (TICKET_PRICE + TICKET_FEE) - FEE);
  });

  test('two processes working the same run take each order once', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 2);
    const orders = await insertEventOrders(db, { eventId, orders: 30, cash: (i) => i % 5 === 0 });
    const { run } = await start(eventId);
    await Promise.all([
      runtime.runPromise(workRun(run, { concurrency: 4 })),
      runtime.runPromise(workRun(run, { concurrency: 4 })),
    ]);
    const attempts = await db('event_cancellation_orders').where({ run_id: run.id }).pluck('attempts');
    expect(attempts).toEqual(Array(30).fill(1));
    await expectRefundedOnce(orders, 2 * (TICKET_PRICE + TICKET_FEE) - FEE);
  });

  test('a refund the processor refuses fails its order, and the next start refunds it once', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 3);
    const orders = await insertEventOrders(db, { eventId, orders: 3 });
    // The processor has lost the first order's payment: it refuses the refund (saved failed).
    const lost = orders[0]!;
    await db('offline_payments')
      .where({ ref: lost.paymentRef })
      .update({ ref: `${lost.paymentRef}-away` });
    const { run } = await start(eventId, true, 0);
    const counts = await runtime.runPromise(workRun(run, { concurrency: 2 }));
    expect(counts).toMatchObject({ done: 2, failed: 1, pending: 0 });
    const failed = await db('event_cancellation_orders').where({ run_id: run.id, status: 'failed' }).first();
    expect(failed).toMatchObject({
      order_id: lost.orderId,
      error: expect.stringMatching(/failed at the processor/),
    });
    expect((await runtime.runPromise(EventCancellations.use((s) => s.run(run.id))))!.status).toBe('running');

    await db('offline_payments')
      .where({ ref: `${lost.paymentRef}-away` })
      .update({ ref: lost.paymentRef });
    const unfinished = () =>
      runtime
        .runPromise(EventCancellations.use((s) => s.unfinishedRuns()))
        .then((runs) => runs.map((r) => r.id));
    // Failed orders wait for a start: a worker's start does not pick the run up.
    expect(await unfinished()).not.toContain(run.id);
    const resumed = await start(eventId, true, 0);
    expect(resumed).toMatchObject({ created: false, retried: 1, counts: { pending: 1, failed: 0 } });
    expect(await unfinished()).toContain(run.id);
    expect(await runtime.runPromise(workRun(resumed.run, { concurrency: 2 }))).toMatchObject({
      done: 3,
      failed: 0,
    });
    await expectRefundedOnce(orders, 2 * (TICKET_PRICE + TICKET_FEE));
  });

  test('a negative or fractional fee is refused and changes nothing', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 4);
    for (const fee of [-1, 2.5]) {
      const exit = await runtime.runPromise(
        Effect.exit(startEventCancellation({ eventId, refund: true, fee, actor: operator })),
      );
      expect(exit._tag).toBe('Failure');
    }
    expect((await db('events').where({ id: eventId }).first('status')).status).toBe('Active');
    expect(await db('event_cancellations').where({ event_id: eventId })).toHaveLength(0);
  });
});
