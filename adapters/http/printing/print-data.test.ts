import { randomUUID } from 'node:crypto';
import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../../postgres/database.ts';
import { makeAppRuntime, type AppRuntime } from '../../wiring.ts';
import { createHttpServer } from '../server.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { saleEventId } from '../../../test/basket.ts';
import { insertEventOrders } from '../../../test/event-orders.ts';
import { FglParser, type FglEvent } from '../../../test/stand-ins/printers/fgl-parser.ts';
import { EscposParser, type EscposEvent } from '../../../test/stand-ins/printers/escpos-parser.ts';
import { browser, type Browser } from '../checkout/test-browser.ts';
import { staffOfRole } from '../checkout/test-people.ts';
import { PairAnswer, PairingCodeAnswer } from '../contract/devices.ts';
import { ReceiptPrintData, TicketPrintData } from '../contract/printing.ts';

// Print data for the counter's bridge (no PrinterId) on the real server and PostgreSQL, asked by
// a paired point-of-sale device as the bridge's web page does: FGL the ticket printer reads,
// nothing queued or marked until the device marks each ticket printed, the reprint rule and its
// audit, the signature page and receipts as ESC/POS the receipt printer reads.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
let runtime: AppRuntime;
let server: Server;
let device: Browser;
let eventId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, { max: 10 });
  const config = loadConfig({ DATABASE_URL: database.url, PORT: '0', LOG_LEVEL: 'silent' });
  runtime = makeAppRuntime({ db, config });
  server = await createHttpServer({ config, runtime, version: 'test' });
  await server.initialize();
  const seller = await staffOfRole(server, db, 'Seller');
  const code = PairingCodeAnswer.parse(
    (await seller.call('POST', '/api/admin/devices/pairingcode', { Name: 'Counter 1' })).body,
  );
  const paired = await server.inject({
    method: 'POST',
    url: '/api/devices/pair',
    payload: { Code: code.Code },
  });
  const answer = PairAnswer.parse(JSON.parse(paired.payload));
  device = await browser(server);
  device.cookies.set(answer.SessionCookie, answer.Token);
  eventId = await saleEventId(db, 'HAMLET', 1);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await runtime?.dispose();
  await db?.destroy();
  await database?.drop();
});

const orderWith = async (count: number, cash = false) => {
  const [order] = await insertEventOrders(db, {
    eventId,
    orders: 1,
    ticketsPerOrder: count,
    cash: () => cash,
  });
  await db('orders').where({ id: order!.orderId }).update({ awaiting_print: true });
  const rows = await db('order_tickets')
    .where({ order_id: order!.orderId })
    .orderBy('id')
    .select('id', 'barcode');
  return {
    ...order!,
    ticketIds: rows.map((r) => r.id as number),
    barcodes: rows.map((r) => r.barcode as string),
  };
};

const fglEvents = (fgl: string): FglEvent[] => new FglParser().push(Buffer.from(fgl, 'latin1'));
const fglText = (events: FglEvent[]) =>
  events.flatMap((e) => (e.kind === 'item' && e.item.kind === 'text' ? [e.item.text] : [])).join('\n');
const escposEvents = (base64: string): EscposEvent[] =>
  new EscposParser().push(Buffer.from(base64, 'base64'));
const escposText = (events: EscposEvent[]) =>
  events.flatMap((e) => (e.kind === 'line' ? [e.line.text] : [])).join('\n');

const awaiting = async (orderId: number) =>
  (await db('orders').where({ id: orderId }).first('awaiting_print')).awaiting_print as boolean;

describe('print data for the bridge', { timeout: 60_000 }, () => {
  test('tickets as FGL the printer reads; nothing queued or marked until each is marked printed', async () => {
    const order = await orderWith(2);
    const jobsBefore = await db('print_jobs').count({ n: '*' });
    const res = await device.call('POST', '/api/admin/tickets/print', { orderId: order.orderId });
    expect(res.status, res.raw).toBe(200);
    const data = TicketPrintData.parse(res.body);
    expect(data).toMatchObject({ AlreadyPrinted: [], NotActive: [], SignaturePage: null });
    expect(data.Tickets.map((t) => t.TicketId)).toEqual(order.ticketIds);
    data.Tickets.forEach((ticket, n) => {
      const events = fglEvents(ticket.Fgl);
      expect(events.filter((e) => e.kind === 'error')).toEqual([]);
      expect(events.some((e) => e.kind === 'print')).toBe(true);
      const qr = events.find((e) => e.kind === 'item' && e.item.kind === 'qr');
      expect(qr?.kind === 'item' && qr.item.kind === 'qr' ? qr.item.data : null).toBe(order.barcodes[n]);
      expect(fglText(events)).not.toContain('REPRINT');
    });
    expect(await db('print_jobs').count({ n: '*' })).toEqual(jobsBefore);
    expect(await db('order_tickets').where({ order_id: order.orderId }).pluck('print_count')).toEqual([0, 0]);

    // The bridge printed them: the screen marks each; the order stops awaiting print with the last.
    expect((await device.call('PUT', `/api/admin/tickets/${order.ticketIds[0]}/markPrinted`)).status).toBe(
      200,
    );
    expect(await awaiting(order.orderId)).toBe(true);
    expect((await device.call('PUT', `/api/admin/tickets/${order.ticketIds[1]}/markPrinted`)).status).toBe(
      200,
    );
    expect(await awaiting(order.orderId)).toBe(false);
  });

  test('a printed ticket is given again only as a reprint, marked REPRINT and audited', async () => {
    const order = await orderWith(2);
    await device.call('PUT', `/api/admin/tickets/${order.ticketIds[0]}/markPrinted`);
    const partly = TicketPrintData.parse(
      (await device.call('POST', '/api/admin/tickets/print', { orderId: order.orderId })).body,
    );
    expect(partly.Tickets.map((t) => t.TicketId)).toEqual([order.ticketIds[1]]);
    expect(partly.AlreadyPrinted).toEqual([order.ticketIds[0]]);
    expect(await db('audit_log').where({ order_id: order.orderId, action: 'tickets.reprint' })).toEqual([]);

    await device.call('PUT', `/api/admin/tickets/${order.ticketIds[1]}/markPrinted`);
    const again = await device.call('POST', '/api/admin/tickets/print', { orderId: order.orderId });
    expect(again.status, again.raw).toBe(409);
    expect(again.body.Message).toContain('ask for a reprint');

    const reprint = await device.call('POST', '/api/admin/tickets/print', {
      orderId: order.orderId,
      TicketIds: [order.ticketIds[1]],
      Reprint: true,
      Dpi: 200,
    });
    expect(reprint.status, reprint.raw).toBe(200);
    const data = TicketPrintData.parse(reprint.body);
    expect(data.Tickets.map((t) => t.TicketId)).toEqual([order.ticketIds[1]]);
    expect(fglText(fglEvents(data.Tickets[0]!.Fgl))).toContain('REPRINT');
    const audit = await db('audit_log')
      .where({ order_id: order.orderId, action: 'tickets.reprint' })
      .select('details', 'actor');
    expect(audit).toEqual([{ details: { ticketIds: [order.ticketIds[1]] }, actor: 'Counter 1' }]);

    const cancelled = await orderWith(1);
    await db('order_tickets').where({ order_id: cancelled.orderId }).update({ status: 'Cancelled' });
    const none = await device.call('POST', '/api/admin/tickets/print', { orderId: cancelled.orderId });
    expect(none.status).toBe(409);
    expect(none.body.Message).toBe('There is no active ticket to print.');
    const badDpi = await device.call('POST', '/api/admin/tickets/print', {
      orderId: order.orderId,
      Dpi: 250,
    });
    expect(badDpi.status).toBe(400);
    expect(badDpi.body.Message).toContain('Dpi');
    expect((await device.call('POST', '/api/admin/tickets/print', { orderId: 999_999 })).status).toBe(404);
  });

  test('the signature page of a card payment, as ESC/POS; none for a cash order', async () => {
    const card = await orderWith(1);
    const res = await device.call('POST', '/api/admin/tickets/print', {
      orderId: card.orderId,
      printSignaturePage: true,
    });
    expect(res.status, res.raw).toBe(200);
    const page = TicketPrintData.parse(res.body).SignaturePage;
    expect(page).not.toBeNull();
    const events = escposEvents(page!);
    expect(events.filter((e) => e.kind === 'error')).toEqual([]);
    expect(escposText(events)).toContain('MERCHANT COPY');
    expect(escposText(events)).toContain('4242');

    const cash = await orderWith(1, true);
    const none = await device.call('POST', '/api/admin/tickets/print', {
      orderId: cash.orderId,
      printSignaturePage: true,
    });
    expect(TicketPrintData.parse(none.body).SignaturePage).toBeNull();
  });

  test('receipts as ESC/POS: the drawer opens for cash, by the bridge’s own call', async () => {
    const cash = await orderWith(1, true);
    const sale = await device.call('POST', '/api/admin/tickets/printreceipts', { orderId: cash.orderId });
    expect(sale.status, sale.raw).toBe(200);
    const receipt = ReceiptPrintData.parse(sale.body);
    expect(receipt.OpenDrawer).toBe(true);
    const events = escposEvents(receipt.Receipt);
    expect(events.filter((e) => e.kind === 'error')).toEqual([]);
    expect(events.some((e) => e.kind === 'drawer')).toBe(false);
    expect(escposText(events)).toContain('RECEIPT');

    const card = await orderWith(1);
    const cardReceipt = ReceiptPrintData.parse(
      (await device.call('POST', '/api/admin/tickets/printreceipts', { orderId: card.orderId })).body,
    );
    expect(cardReceipt.OpenDrawer).toBe(false);
    expect(await db('print_jobs').where({ order_id: card.orderId })).toEqual([]);
  });

  test('the refund receipt of one payment; refused for another payment or none refunded', async () => {
    const order = await orderWith(2);
    const url = '/api/admin/tickets/refundreceipt';
    const notYet = await device.call('POST', url, { orderId: order.orderId, paymentId: order.paymentId });
    expect(notYet.status).toBe(409);
    expect(notYet.body.Message).toContain('No refund was made from this payment');
    const noRefundReceipt = await device.call('POST', '/api/admin/tickets/printreceipts', {
      orderId: order.orderId,
      Refund: true,
    });
    expect(noRefundReceipt.status).toBe(409);

    await db('refunds').insert({
      order_id: order.orderId,
      payment_id: order.paymentId,
      amount: 1_000,
      currency: 'USD',
      refund_type: 'Cash',
      idempotency_key: randomUUID(),
      status: 'succeeded',
      reason: 'Cannot come',
    });
    const res = await device.call('POST', url, { orderId: order.orderId, paymentId: order.paymentId });
    expect(res.status, res.raw).toBe(200);
    const receipt = ReceiptPrintData.parse(res.body);
    // Given back in cash from the till: the drawer opens.
    expect(receipt.OpenDrawer).toBe(true);
    const text = escposText(escposEvents(receipt.Receipt));
    expect(text).toContain('REFUND');
    expect(text).toContain('Cannot come');

    const other = await orderWith(1);
    const wrong = await device.call('POST', url, { orderId: order.orderId, paymentId: other.paymentId });
    expect(wrong.status).toBe(404);
    expect(wrong.body.Message).toBe('This payment was not found on this order.');
    expect((await device.call('POST', url, { orderId: 999_999, paymentId: other.paymentId })).status).toBe(
      404,
    );
  });
});
