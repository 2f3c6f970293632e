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
import { startFglPrinter, type FglPrinter } from '../../../test/stand-ins/printers/fgl-printer.ts';
import { startEscposPrinter, type EscposPrinter } from '../../../test/stand-ins/printers/escpos-printer.ts';
import { staffOfRole } from '../checkout/test-people.ts';
import type { Browser } from '../checkout/test-browser.ts';
import {
  BulkPrintQueued,
  PrintBatchQueued,
  PrinterView,
  PrintJobView,
  PrintQueued,
} from '../contract/printing.ts';

// Queuing many orders at once on the real server, printed in-process (no job queue: the print
// queue drains the printer in the background, adapters/printing/print-queue-layer.ts) on the
// printer stand-ins: an event's batch, pages of the orders awaiting print (cleared as their
// tickets print), a refund receipt of one payment and a card signature page on the receipt printer.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
let runtime: AppRuntime;
let server: Server;
let seller: Browser;
let tickets: FglPrinter;
let receipts: EscposPrinter;
let ticketPrinter: PrinterView;
let receiptPrinter: PrinterView;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, { max: 10 });
  const config = loadConfig({ DATABASE_URL: database.url, PORT: '0', LOG_LEVEL: 'silent' });
  runtime = makeAppRuntime({ db, config });
  server = await createHttpServer({ config, runtime, version: 'test' });
  await server.initialize();
  seller = await staffOfRole(server, db, 'Seller');
  tickets = await startFglPrinter();
  receipts = await startEscposPrinter();
  ticketPrinter = PrinterView.parse(
    (
      await seller.call('POST', '/api/admin/printers', {
        Name: 'Tickets',
        Kind: 'fgl',
        Address: `tcp://127.0.0.1:${tickets.port}`,
      })
    ).body,
  );
  receiptPrinter = PrinterView.parse(
    (
      await seller.call('POST', '/api/admin/printers', {
        Name: 'Receipts',
        Kind: 'escpos',
        Address: `tcp://127.0.0.1:${receipts.port}`,
      })
    ).body,
  );
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await runtime?.dispose();
  await tickets?.close();
  await receipts?.close();
  await db?.destroy();
  await database?.drop();
});

const ordersOf = async (eventId: number, count: number, ticketsPerOrder = 2) => {
  const made = await insertEventOrders(db, { eventId, orders: count, ticketsPerOrder });
  await db('orders')
    .whereIn(
      'id',
      made.map((o) => o.orderId),
    )
    .update({ awaiting_print: true });
  return made;
};

const settled = async (jobId: number) => {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const job = PrintJobView.parse((await seller.call('GET', `/api/admin/printjobs/${jobId}`)).body);
    if (job.Status === 'done' || job.Status === 'paused' || Date.now() > deadline) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
};

const awaitingOf = async (orderIds: readonly number[]) =>
  (await db('orders').whereIn('id', orderIds).orderBy('id').pluck('awaiting_print')) as boolean[];

describe('printing many orders', { timeout: 90_000 }, () => {
  test('printbatch queues an event’s unprinted tickets, a job per order, once', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 2);
    const orders = await ordersOf(eventId, 3);
    const printed = await db('order_tickets')
      .where({ order_id: orders[0]!.orderId })
      .orderBy('id')
      .first('id');
    expect((await seller.call('PUT', `/api/admin/tickets/${printed.id}/markPrinted`)).status).toBe(200);
    const before = tickets.tickets.length;

    const res = await seller.call('POST', '/api/admin/tickets/printbatch', {
      EventId: eventId,
      PrinterId: ticketPrinter.Id,
    });
    expect(res.status, res.raw).toBe(200);
    const batch = PrintBatchQueued.parse(res.body);
    expect(batch).toMatchObject({ Tickets: 5, AlreadyPrinted: 1 });
    expect(batch.JobIds).toHaveLength(3);
    for (const jobId of batch.JobIds) expect(await settled(jobId)).toMatchObject({ Status: 'done' });
    expect(tickets.tickets.length - before).toBe(5);
    expect(await awaitingOf(orders.map((o) => o.orderId))).toEqual([false, false, false]);

    const again = PrintBatchQueued.parse(
      (
        await seller.call('POST', '/api/admin/tickets/printbatch', {
          EventId: eventId,
          PrinterId: ticketPrinter.Id,
        })
      ).body,
    );
    expect(again).toEqual({ JobIds: [], Tickets: 0, AlreadyPrinted: 6 });

    const refused = [
      await seller.call('POST', '/api/admin/tickets/printbatch', {
        EventId: 999_999,
        PrinterId: ticketPrinter.Id,
      }),
      await seller.call('POST', '/api/admin/tickets/printbatch', {
        EventId: eventId,
        PrinterId: receiptPrinter.Id,
      }),
      await seller.call('POST', '/api/admin/tickets/printbatch', { EventId: eventId }),
    ];
    expect(refused.map((r) => r.status)).toEqual([404, 400, 400]);
    expect(refused[0]!.body.Message).toBe('EventId: this event was not found.');
  });

  test('bulkprint queues a page of the orders awaiting print, oldest first', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 3);
    const orders = await ordersOf(eventId, 5, 1);
    const ids = orders.map((o) => o.orderId).sort((a, b) => a - b);
    const page = async (pageNumber: number, pageSize: number) => {
      const res = await seller.call('POST', '/api/admin/orders/bulkprint', {
        pageNumber,
        pageSize,
        PrinterId: ticketPrinter.Id,
        EventId: eventId,
      });
      expect(res.status, res.raw).toBe(200);
      return BulkPrintQueued.parse(res.body);
    };

    const second = await page(2, 2);
    expect(second).toMatchObject({ TotalOrders: 5, PageNumber: 2, PageSize: 2 });
    expect(second.Orders.map((o) => [o.OrderId, o.Tickets])).toEqual([
      [ids[2], 1],
      [ids[3], 1],
    ]);
    for (const o of second.Orders) expect(await settled(o.JobId!)).toMatchObject({ Status: 'done' });
    expect(await awaitingOf(ids)).toEqual([true, true, false, false, true]);

    // Printed orders no longer await print: the rest are three, the first page the two oldest.
    const first = await page(1, 2);
    expect(first.TotalOrders).toBe(3);
    expect(first.Orders.map((o) => o.OrderId)).toEqual([ids[0], ids[1]]);
    for (const o of first.Orders) await settled(o.JobId!);
    const last = await page(1, 100);
    expect(last.Orders.map((o) => o.OrderId)).toEqual([ids[4]]);
    await settled(last.Orders[0]!.JobId!);
    expect(await page(1, 100)).toMatchObject({ Orders: [], TotalOrders: 0 });

    const tooBig = await seller.call('POST', '/api/admin/orders/bulkprint', {
      pageNumber: 1,
      pageSize: 101,
      PrinterId: ticketPrinter.Id,
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.Message).toContain('pageSize');
  });

  test('a refund receipt of one payment and a card signature page print on the receipt printer', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 2);
    const [order] = await insertEventOrders(db, { eventId, orders: 1, ticketsPerOrder: 1 });
    await db('refunds').insert({
      order_id: order!.orderId,
      payment_id: order!.paymentId,
      amount: 500,
      currency: 'USD',
      refund_type: 'CreditCard',
      idempotency_key: randomUUID(),
      status: 'succeeded',
    });
    const before = receipts.receipts.length;
    const res = await seller.call('POST', '/api/admin/tickets/refundreceipt', {
      orderId: order!.orderId,
      paymentId: order!.paymentId,
      PrinterId: receiptPrinter.Id,
    });
    expect(res.status, res.raw).toBe(200);
    const job = await settled(PrintQueued.parse(res.body).JobId);
    expect(job).toMatchObject({ Status: 'done', What: 'refund_receipt' });
    const refund = receipts.receipts[before]!;
    expect(refund.lines.map((l) => l.text).join('\n')).toContain('REFUND');
    expect(refund.drawerKicks).toBe(0);

    const noSignaturePrinter = await seller.call('POST', '/api/admin/tickets/print', {
      orderId: order!.orderId,
      PrinterId: ticketPrinter.Id,
      printSignaturePage: true,
    });
    expect(noSignaturePrinter.status).toBe(400);
    expect(noSignaturePrinter.body.Message).toContain('ReceiptPrinterId');

    const withPage = await seller.call('POST', '/api/admin/tickets/print', {
      orderId: order!.orderId,
      PrinterId: ticketPrinter.Id,
      printSignaturePage: true,
      ReceiptPrinterId: receiptPrinter.Id,
    });
    expect(withPage.status, withPage.raw).toBe(200);
    const queued = PrintQueued.parse(withPage.body);
    expect(queued.SignaturePageJobId).toEqual(expect.any(Number));
    expect(await settled(queued.SignaturePageJobId!)).toMatchObject({
      Status: 'done',
      What: 'signature_page',
    });
    await settled(queued.JobId);
    expect(receipts.receipts[before + 1]!.lines.map((l) => l.text).join('\n')).toContain('MERCHANT COPY');
  });
});
