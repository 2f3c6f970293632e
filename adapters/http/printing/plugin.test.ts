import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createWorkingTestApi, type WorkingTestApi } from '../../../test/working-api.ts';
import { saleEventId } from '../../../test/basket.ts';
import { insertEventOrders } from '../../../test/event-orders.ts';
import { startFglPrinter, type FglPrinter } from '../../../test/stand-ins/printers/fgl-printer.ts';
import { startEscposPrinter, type EscposPrinter } from '../../../test/stand-ins/printers/escpos-printer.ts';
import { browser, type Browser } from '../checkout/test-browser.ts';
import { staffOfRole } from '../checkout/test-people.ts';
import { PrinterView, PrintJobView, PrintQueued } from '../contract/printing.ts';

// The printing calls on the real server with the pg-boss workers (worker/jobs.ts) printing on
// the printer stand-ins: a Seller prints (and reprints) an order's tickets and marks one
// printed; only a supervisor ('usherMessages') sets the usher line, which is then printed.

let api: WorkingTestApi;
let db: Knex;
let server: Server;
let seller: Browser;
let supervisor: Browser;
let eventId: number;
let tickets: FglPrinter;
let receipts: EscposPrinter;
let ticketPrinter: PrinterView;
let receiptPrinter: PrinterView;

beforeAll(async () => {
  api = await createWorkingTestApi('foyer-printing-http-');
  ({ db, server } = api);
  seller = await staffOfRole(server, db, 'Seller');
  supervisor = await staffOfRole(server, db, 'BoxOfficeSupervisor');
  eventId = await saleEventId(db, 'HAMLET', 1);
  tickets = await startFglPrinter();
  receipts = await startEscposPrinter();
  const added = await seller.call('POST', '/api/admin/printers', {
    Name: 'Counter 1 tickets',
    Kind: 'fgl',
    Address: `tcp://127.0.0.1:${tickets.port}`,
  });
  expect(added.status, added.raw).toBe(200);
  ticketPrinter = PrinterView.parse(added.body);
  const addedReceipts = await seller.call('POST', '/api/admin/printers', {
    Name: 'Counter 1 receipts',
    Kind: 'escpos',
    Address: `tcp://127.0.0.1:${receipts.port}`,
  });
  receiptPrinter = PrinterView.parse(addedReceipts.body);
}, 120_000);
afterAll(async () => {
  await api?.close();
  await tickets?.close();
  await receipts?.close();
});

const orderWith = async (count: number) => {
  const [order] = await insertEventOrders(db, { eventId, orders: 1, ticketsPerOrder: count });
  const rows = await db('order_tickets')
    .where({ order_id: order!.orderId })
    .orderBy('id')
    .select('id', 'barcode');
  return {
    orderId: order!.orderId,
    ticketIds: rows.map((r) => r.id as number),
    barcodes: rows.map((r) => r.barcode),
  };
};

const finished = async (jobId: number) => {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await seller.call('GET', `/api/admin/printjobs/${jobId}`);
    expect(res.status, res.raw).toBe(200);
    const job = PrintJobView.parse(res.body);
    if (job.Status === 'done' || job.Status === 'paused' || Date.now() > deadline) return job;
    await new Promise((r) => setTimeout(r, 100));
  }
};

const qrOf = (n: number) => {
  const item = tickets.tickets[n]!.items.find((i) => i.kind === 'qr');
  return item?.kind === 'qr' ? item.data : null;
};
const textOf = (n: number) =>
  tickets.tickets[n]!.items.flatMap((i) => (i.kind === 'text' ? [i.text] : [])).join('\n');

describe('printing from the box office', { timeout: 60_000 }, () => {
  test('an order’s tickets print once; again only as a reprint, marked REPRINT', async () => {
    const order = await orderWith(2);
    const before = tickets.tickets.length;
    const res = await seller.call('POST', '/api/admin/tickets/print', {
      orderId: order.orderId,
      PrinterId: ticketPrinter.Id,
    });
    expect(res.status, res.raw).toBe(200);
    const queued = PrintQueued.parse(res.body);
    expect(queued.TicketIds).toEqual(order.ticketIds);
    expect(await finished(queued.JobId)).toMatchObject({ Status: 'done', Printed: 2, Total: 2 });
    expect([qrOf(before), qrOf(before + 1)]).toEqual(order.barcodes);

    const again = await seller.call('POST', '/api/admin/tickets/print', {
      orderId: order.orderId,
      PrinterId: ticketPrinter.Id,
    });
    expect(again.status, again.raw).toBe(409);
    expect(again.body.Message).toContain('ask for a reprint');

    const reprint = await seller.call('POST', '/api/admin/tickets/printbybarcode', {
      Barcode: order.barcodes[1],
      PrinterId: ticketPrinter.Id,
      Reprint: true,
    });
    expect(reprint.status, reprint.raw).toBe(200);
    expect(await finished(PrintQueued.parse(reprint.body).JobId)).toMatchObject({
      Status: 'done',
      Printed: 1,
    });
    expect(tickets.tickets).toHaveLength(before + 3);
    expect(qrOf(before + 2)).toBe(order.barcodes[1]);
    expect(textOf(before + 2)).toContain('REPRINT');
  });

  test('markPrinted: the ticket counts as printed and is left out of the next print', async () => {
    const order = await orderWith(2);
    const before = tickets.tickets.length;
    const forged = await seller.call(
      'PUT',
      `/api/admin/tickets/${order.ticketIds[0]}/markPrinted`,
      undefined,
      {
        'x-csrf-token': 'not-the-cookie',
      },
    );
    expect(forged.status).toBe(403);
    expect(await db('order_tickets').where({ id: order.ticketIds[0] }).first('print_count')).toEqual({
      print_count: 0,
    });
    const marked = await seller.call('PUT', `/api/admin/tickets/${order.ticketIds[0]}/markPrinted`);
    expect(marked.status, marked.raw).toBe(200);
    expect(marked.body).toEqual({ TicketId: order.ticketIds[0], Printed: true, UsherMessage: null });
    const res = await seller.call('POST', '/api/admin/tickets/print', {
      orderId: order.orderId,
      PrinterId: ticketPrinter.Id,
    });
    const queued = PrintQueued.parse(res.body);
    expect(queued).toMatchObject({ TicketIds: [order.ticketIds[1]], AlreadyPrinted: [order.ticketIds[0]] });
    await finished(queued.JobId);
    expect(tickets.tickets).toHaveLength(before + 1);
    expect(qrOf(before)).toBe(order.barcodes[1]);
    expect((await seller.call('PUT', '/api/admin/tickets/999999/markPrinted')).status).toBe(404);
  });

  test('the usher message: a supervisor sets it, a seller may not, and it is printed on the ticket', async () => {
    const order = await orderWith(1);
    const ticketId = order.ticketIds[0]!;
    const url = `/api/admin/tickets/${ticketId}/ChangeUsherMessage`;
    expect((await seller.call('PUT', url, { id: ticketId, usherMessage: 'Enter by door C' })).status).toBe(
      403,
    );
    const anonymous = await browser(server);
    expect((await anonymous.call('PUT', url, { usherMessage: 'x' })).status).toBe(401);
    expect((await supervisor.call('PUT', url, { id: ticketId + 1, usherMessage: 'x' })).status).toBe(400);
    const set = await supervisor.call('PUT', url, { id: ticketId, usherMessage: 'Enter by door C' });
    expect(set.status, set.raw).toBe(200);
    expect(set.body).toEqual({ TicketId: ticketId, Printed: false, UsherMessage: 'Enter by door C' });

    const before = tickets.tickets.length;
    const res = await seller.call('POST', '/api/admin/tickets/print', {
      orderId: order.orderId,
      PrinterId: ticketPrinter.Id,
    });
    await finished(PrintQueued.parse(res.body).JobId);
    expect(textOf(before)).toContain('Enter by door C');
    expect(await db('order_tickets').where({ id: ticketId }).first('usher_message')).toEqual({
      usher_message: 'Enter by door C',
    });
  });

  test('a receipt on the receipt printer; refusals are clear and change nothing', async () => {
    const order = await orderWith(1);
    const res = await seller.call('POST', '/api/admin/tickets/printreceipts', {
      orderId: order.orderId,
      PrinterId: receiptPrinter.Id,
    });
    expect(res.status, res.raw).toBe(200);
    const job = await finished(PrintQueued.parse(res.body).JobId);
    expect(job).toMatchObject({ Status: 'done', What: 'receipt', Printed: 1 });
    expect(receipts.receipts).toHaveLength(1);

    const jobs = await db('print_jobs').count({ n: '*' }).first();
    const refused = [
      await seller.call('POST', '/api/admin/tickets/print', { orderId: order.orderId, Dpi: 250 }),
      await seller.call('POST', '/api/admin/tickets/print', {
        orderId: order.orderId,
        PrinterId: receiptPrinter.Id,
      }),
      await seller.call('POST', '/api/admin/tickets/print', {
        orderId: 999_999,
        PrinterId: ticketPrinter.Id,
      }),
      await seller.call('POST', '/api/admin/tickets/print', {
        orderId: order.orderId,
        PrinterId: ticketPrinter.Id,
        printSignaturePage: true,
      }),
      await seller.call('PUT', `/api/admin/printjobs/${job.Id}/resume`),
      await seller.call('POST', '/api/admin/printers', { Name: 'x', Kind: 'laser', Address: 'tcp://a:1' }),
    ];
    expect(refused.map((r) => r.status)).toEqual([400, 400, 404, 400, 409, 400]);
    expect(refused[1]!.body.Message).toContain('receipt printer');
    expect(await db('print_jobs').count({ n: '*' }).first()).toEqual(jobs);

    const list = await seller.call('GET', '/api/admin/printers');
    expect(list.body.Printers.map((p: PrinterView) => p.Name)).toEqual([
      'Counter 1 receipts',
      'Counter 1 tickets',
    ]);
  });
});
