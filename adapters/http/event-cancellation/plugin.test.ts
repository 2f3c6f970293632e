import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createWorkingTestApi, type WorkingTestApi } from '../../../test/working-api.ts';
import { insertEventOrders, TICKET_FEE, TICKET_PRICE } from '../../../test/event-orders.ts';
import type { AppRuntime } from '../../wiring.ts';
import { saleEventId } from '../../../test/basket.ts';
import type { Browser } from '../checkout/test-browser.ts';
import { staffOfRole } from '../checkout/test-people.ts';
import { EventCancellation } from '../contract/event-cancellation.ts';
import { startEventCancellation } from '../../../core/orders/event-cancellation/event-cancellation.ts';

// An EventAdmin cancels an event from the admin screens: the run starts in the request, the
// event-cancellation job works its orders on a real pg-boss worker, and the progress call says
// how far it is until every order is done.

let api: WorkingTestApi;
let db: Knex;
let runtime: AppRuntime;
let server: Server;
let admin: Browser;

beforeAll(async () => {
  api = await createWorkingTestApi('foyer-event-cancel-http-');
  ({ db, runtime, server } = api);
  admin = await staffOfRole(server, db, 'EventAdmin');
}, 120_000);
afterAll(async () => {
  await api?.close();
});

const progress = async (eventId: number) => {
  const res = await admin.call('GET', `/api/admin/events/${eventId}/cancellation`);
  expect(res.status, res.raw).toBe(200);
  return EventCancellation.parse(res.body);
};

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    value = await read();
  }
  return value;
};

describe('cancelling an event from the admin screens', { timeout: 120_000 }, () => {
  test('only an event admin may, with the CSRF header; bad fees are 400 and change nothing', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 0);
    const seller = await staffOfRole(server, db, 'Seller');
    expect((await seller.call('GET', `/api/admin/events/${eventId}/cancellation`)).status).toBe(403);
    expect((await seller.call('POST', `/api/admin/events/${eventId}/cancel`, { Refund: true })).status).toBe(
      403,
    );
    const forged = await admin.call(
      'POST',
      `/api/admin/events/${eventId}/cancel`,
      { Refund: true, Fee: 0 },
      { 'x-csrf-token': 'forged' },
    );
    expect(forged.status).toBe(403);
    for (const Fee of [-1, 2.5, 'x']) {
      const res = await admin.call('POST', `/api/admin/events/${eventId}/cancel`, { Refund: true, Fee });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ Message: expect.stringMatching(/Fee/) });
    }
    expect((await admin.call('GET', '/api/admin/events/999999/cancellation')).status).toBe(404);
    expect((await admin.call('POST', '/api/admin/events/999999/cancel', { Refund: true })).status).toBe(404);
    expect((await db('events').where({ id: eventId }).first('status')).status).toBe('Active');
    expect(await db('event_cancellations').where({ event_id: eventId })).toHaveLength(0);
  });

  test('the run starts, the job works every order, and the progress ends finished', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 1);
    const orders = await insertEventOrders(db, { eventId, orders: 8, cash: (i) => i < 2 });
    const before = await progress(eventId);
    expect(before).toMatchObject({
      Status: 'none',
      EventCancelled: false,
      Currency: 'USD',
      Preview: { Orders: 8, Tickets: 16, Paid: 8 * 2 * (TICKET_PRICE + TICKET_FEE) },
      Total: 0,
    });

    const started = await admin.call('POST', `/api/admin/events/${eventId}/cancel`, {
      Refund: true,
      Fee: 100,
    });
    expect(started.status, started.raw).toBe(200);
    expect(EventCancellation.parse(started.body)).toMatchObject({
      Status: 'running',
      EventCancelled: true,
      Refund: true,
      Fee: 100,
      StartedBy: 'Test EventAdmin',
      Total: 8,
    });
    const audit = await db('audit_log').where({ action: 'event.cancel' }).orderBy('id', 'desc').first();
    expect(JSON.parse(JSON.stringify(audit.details))).toMatchObject({
      eventId,
      refund: true,
      fee: 100,
      orders: 8,
    });

    const after = await until(
      () => progress(eventId),
      (p) => p.Status === 'finished',
      60_000,
    );
    expect(after).toMatchObject({
      Status: 'finished',
      Total: 8,
      Done: 8,
      Failed: 0,
      Pending: 0,
      SecondsLeft: 0,
    });
    expect(after.Rate).toBeGreaterThan(0);
    const refunds = await db('refunds')
      .whereIn(
        'order_id',
        orders.map((o) => o.orderId),
      )
      .where({ status: 'succeeded' });
    expect(refunds.map((r) => r.amount)).toEqual(Array(8).fill(2 * (TICKET_PRICE + TICKET_FEE) - 100));
    expect(new Set(refunds.map((r) => r.payment_id)).size).toBe(8);
  });

  test("a worker's start picks up a run whose job was lost, and finishes it", async () => {
    const eventId = await saleEventId(db, 'HAMLET', 2);
    await insertEventOrders(db, { eventId, orders: 3 });
    // Started without a job, as if the process that sent it died first.
    const { run } = await runtime.runPromise(
      startEventCancellation({
        eventId,
        refund: true,
        fee: 0,
        actor: { staffUserId: null, name: 'cli:test', counter: null },
      }),
    );
    await api.restartWorkers();
    const after = await until(
      () => progress(eventId),
      (p) => p.Status === 'finished',
      60_000,
    );
    expect(after).toMatchObject({ RunId: run.id, Status: 'finished', Done: 3, Failed: 0 });
  });
});
