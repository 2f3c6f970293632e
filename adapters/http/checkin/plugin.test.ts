import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../../postgres/database.ts';
import { insertEventOrders } from '../../../test/event-orders.ts';
import { makeAppRuntime, type AppRuntime } from '../../wiring.ts';
import { createHttpServer } from '../server.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { saleEventId } from '../../../test/basket.ts';
import type { Browser } from '../checkout/test-browser.ts';
import { newCustomer, signedIn, staffOfRole } from '../checkout/test-people.ts';
import { CheckInSummary, ScanAnswer } from '../contract/checkin.ts';

// Scanning tickets at the door through the real server: each answer the door can give, the
// count, who may scan, and the CSRF header a scan needs like every state change.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
let runtime: AppRuntime;
let server: Server;
let seller: Browser;
let dataDir: string;
let eventId: number;
let otherEventId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'foyer-checkin-http-'));
  db = createDatabase(database.url, { max: 10 });
  const config = loadConfig({
    DATABASE_URL: database.url,
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
  });
  runtime = makeAppRuntime({ db, config });
  server = await createHttpServer({ config, runtime, version: 'test' });
  await server.initialize();
  seller = await signedIn(server, 'seller@foyer.local');
  eventId = await saleEventId(db, 'HAMLET', 0);
  otherEventId = await saleEventId(db, 'HAMLET', 1);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await runtime?.dispose();
  await db?.destroy();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A paid order of one ticket for `event`; its barcode. */
const soldTicket = async (event: number) => {
  const [order] = await insertEventOrders(db, {
    eventId: event,
    orders: 1,
    ticketsPerOrder: 1,
    cash: () => true,
  });
  const ticket = await db('order_tickets').where({ order_id: order!.orderId }).first('id', 'barcode');
  return { orderId: order!.orderId, ticketId: ticket.id as number, barcode: ticket.barcode as string };
};

const scan = async (who: Browser, body: Record<string, unknown>) => {
  const res = await who.call('POST', '/api/admin/checkin/scan', body);
  return res;
};

const scanned = async (barcode: string, door = 'Main entrance', event = eventId) => {
  const res = await scan(seller, { EventId: event, Barcode: barcode, Door: door });
  expect(res.status, res.raw).toBe(200);
  return ScanAnswer.parse(res.body);
};

const summary = async () => {
  const res = await seller.call('GET', `/api/admin/checkin/${eventId}/summary`);
  expect(res.status, res.raw).toBe(200);
  return CheckInSummary.parse(res.body);
};

describe('scanning at the door', () => {
  test('a sold ticket is admitted with its seat, price type, order and customer; the count goes up by one', async () => {
    const before = await summary();
    const ticket = await soldTicket(eventId);
    expect((await summary()).Sold).toBe(before.Sold + 1);
    const answer = await scanned(`  ${ticket.barcode}\n`);
    expect(answer).toMatchObject({
      Result: 'admitted',
      AdmittedDoor: 'Main entrance',
      CancelledBecause: null,
      Ticket: {
        EventId: eventId,
        PriceType: 'Adult',
        Status: 'Active',
        CustomerName: expect.stringMatching(/^Ada Buyer/),
      },
    });
    // The bulk orders' tickets carry no section, row or seat names: the door shows the seat's key.
    const { key } = await db('order_tickets').where({ id: ticket.ticketId }).first('key');
    expect(answer.Ticket!.Seat).toBe(key);
    expect(answer.Ticket!.OrderName).toBe(`F${String(ticket.orderId).padStart(7, '0')}`);
    const after = await summary();
    expect(after).toMatchObject({ EventId: eventId, Sold: before.Sold + 1, Admitted: before.Admitted + 1 });
  });

  test('the same ticket again is already scanned, saying when and at which door; the count stays', async () => {
    const ticket = await soldTicket(eventId);
    const first = await scanned(ticket.barcode, 'North door');
    const count = await summary();
    const again = await scanned(ticket.barcode, 'South door');
    expect(again).toMatchObject({
      Result: 'alreadyScanned',
      AdmittedDoor: 'North door',
      AdmittedAt: first.AdmittedAt,
    });
    expect((await summary()).Admitted).toBe(count.Admitted);
    const rows = await db('ticket_scans')
      .where({ order_ticket_id: ticket.ticketId })
      .orderBy('id')
      .select('door', 'result', 'staff_name');
    expect(rows).toEqual([
      { door: 'North door', result: 'admitted', staff_name: expect.any(String) },
      { door: 'South door', result: 'alreadyScanned', staff_name: expect.any(String) },
    ]);
  });

  test("another event's ticket is the wrong event, naming that event and its date, and is not admitted", async () => {
    const ticket = await soldTicket(otherEventId);
    const other = await db('events').where({ id: otherEventId }).first('name', 'starts_at');
    const answer = await scanned(ticket.barcode);
    expect(answer).toMatchObject({
      Result: 'wrongEvent',
      AdmittedAt: null,
      Ticket: { EventId: otherEventId, EventName: other.name, EventStartsAt: other.starts_at.toISOString() },
    });
    expect(
      (await db('order_tickets').where({ id: ticket.ticketId }).first('admitted_at')).admitted_at,
    ).toBeNull();
  });

  test('a cancelled ticket, a ticket of a cancelled order and an exchanged ticket are refused as cancelled', async () => {
    const cancelled = await soldTicket(eventId);
    await db('order_tickets')
      .where({ id: cancelled.ticketId })
      .update({ status: 'Cancelled', cancelled_at: new Date() });
    expect(await scanned(cancelled.barcode)).toMatchObject({
      Result: 'cancelled',
      CancelledBecause: 'ticket',
    });
    const exchanged = await soldTicket(eventId);
    await db('order_tickets').where({ id: exchanged.ticketId }).update({ status: 'Exchanged' });
    expect(await scanned(exchanged.barcode)).toMatchObject({
      Result: 'cancelled',
      CancelledBecause: 'ticket',
    });
    const ofCancelledOrder = await soldTicket(eventId);
    await db('orders').where({ id: ofCancelledOrder.orderId }).update({ status: 'Cancelled' });
    expect(await scanned(ofCancelledOrder.barcode)).toMatchObject({
      Result: 'cancelled',
      CancelledBecause: 'order',
    });
    const admitted = await db('order_tickets')
      .whereIn('id', [cancelled.ticketId, exchanged.ticketId, ofCancelledOrder.ticketId])
      .whereNotNull('admitted_at');
    expect(admitted).toEqual([]);
  });

  test('a barcode no ticket has is unknown, and the scan is kept with what was scanned', async () => {
    const answer = await scanned('NOT-A-TICKET-123', 'Side door');
    expect(answer).toEqual({
      Result: 'unknown',
      Ticket: null,
      CancelledBecause: null,
      AdmittedAt: null,
      AdmittedDoor: null,
    });
    const row = await db('ticket_scans')
      .where({ scanned_text: 'NOT-A-TICKET-123' })
      .first('result', 'door', 'order_ticket_id');
    expect(row).toEqual({ result: 'unknown', door: 'Side door', order_ticket_id: null });
  });
});

describe('who may scan, and bad input', () => {
  test('a point-of-sale device and an event admin may scan; a customer gets 403, no one signed in 401', async () => {
    const ticket = await soldTicket(eventId);
    const device = await staffOfRole(server, db, 'PointOfSale');
    const res = await scan(device, { EventId: eventId, Barcode: ticket.barcode, Door: 'Device door' });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.Result).toBe('admitted');
    const eventAdmin = await staffOfRole(server, db, 'EventAdmin');
    expect((await eventAdmin.call('GET', `/api/admin/checkin/${eventId}/summary`)).status).toBe(200);

    const other = await soldTicket(eventId);
    const customer = await newCustomer(server, `door-${Date.now()}@example.com`);
    expect((await scan(customer, { EventId: eventId, Barcode: other.barcode, Door: 'A' })).status).toBe(403);
    expect((await customer.call('GET', `/api/admin/checkin/${eventId}/summary`)).status).toBe(403);
    const nobody = await signedIn(server, null);
    expect((await scan(nobody, { EventId: eventId, Barcode: other.barcode, Door: 'A' })).status).toBe(401);
    expect((await db('ticket_scans').where({ order_ticket_id: other.ticketId })).length).toBe(0);
  });

  test('a scan without the CSRF header is refused and records nothing', async () => {
    const ticket = await soldTicket(eventId);
    const forged = await seller.call(
      'POST',
      '/api/admin/checkin/scan',
      { EventId: eventId, Barcode: ticket.barcode, Door: 'A' },
      { 'x-csrf-token': 'forged' },
    );
    expect(forged.status).toBe(403);
    expect((await db('ticket_scans').where({ order_ticket_id: ticket.ticketId })).length).toBe(0);
    expect(
      (await db('order_tickets').where({ id: ticket.ticketId }).first('admitted_at')).admitted_at,
    ).toBeNull();
  });

  test('an empty door or an unknown event is refused clearly and records nothing', async () => {
    const ticket = await soldTicket(eventId);
    const noDoor = await scan(seller, { EventId: eventId, Barcode: ticket.barcode, Door: '   ' });
    expect(noDoor.status).toBe(400);
    expect(noDoor.body.Message).toMatch(/Door/);
    const noEvent = await scan(seller, { EventId: 999_999, Barcode: ticket.barcode, Door: 'A' });
    expect(noEvent.status).toBe(404);
    expect((await seller.call('GET', '/api/admin/checkin/999999/summary')).status).toBe(404);
    expect((await db('ticket_scans').where({ order_ticket_id: ticket.ticketId })).length).toBe(0);
  });
});
