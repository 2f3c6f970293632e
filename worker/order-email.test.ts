import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Effect, Layer, ManagedRuntime } from 'effect';
import type { Knex } from 'knex';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../adapters/log.ts';
import { listOutbox, readOutboxMessage } from '../adapters/mail/outbox-folder.ts';
import { OutboxMailSender } from '../adapters/mail/outbox.ts';
import { SmtpMailSender } from '../adapters/mail/smtp.ts';
import { parseEml } from '../adapters/mail/read-eml.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../adapters/mail/test-smtp-server.ts';
import { createDatabase } from '../adapters/postgres/database.ts';
import { GiftCertificateSalesPostgres } from '../adapters/postgres/extras/gift-certificate-sales.ts';
import { OrderEmailLogPostgres } from '../adapters/postgres/orders/order-mail/order-email-log.ts';
import { MembershipsPostgres } from '../adapters/postgres/memberships/memberships.ts';
import { NoGiftDeliveryJobs } from '../adapters/postgres/memberships/gift-jobs.ts';
import { openJobQueue } from '../adapters/queue/job-queue.ts';
import { queues } from '../adapters/queue/jobs.ts';
import { PdfKitTicketPdfs } from '../adapters/tickets/pdf.ts';
import { isPdf, pdfPageCount, pdfTextOf } from '../adapters/tickets/read-pdf.ts';
import type { OrderDocument } from '../core/orders/order-document.ts';
import { OrderDocuments, type MailSender } from '../core/orders/ports.ts';
import { orderDocumentFactory } from '../core/orders/test-factories.ts';
import { createTestDatabase } from '../test/database.ts';
import { runOrderEmailJob, startOrderEmailWorker, type OrderEmailServices } from './order-email.ts';

// The order e-mail job with the real pieces: pg-boss on PostgreSQL, the sent marker table, the
// PDF renderer, the outbox folder or a real SMTP conversation. Only the order store is stood in
// for (by fixed documents), since it is built on the checkout branch.

const log = createLogger('silent');
const FROM = 'Foyer Box Office <box-office@foyer.local>';
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
let boss: PgBoss;
let tmp: string;
let outbox: string;
let outboxRuntime: ManagedRuntime.ManagedRuntime<OrderEmailServices, never>;
let stopWorker: () => Promise<void>;
let smtp: TestSmtpServer;

const documents = new Map<number, OrderDocument>();
const FixedOrderDocuments = Layer.succeed(OrderDocuments, {
  load: (orderId) => Effect.succeed(documents.get(orderId) ?? null),
});
const addOrder = (orderId: number, overrides: Partial<OrderDocument> = {}) => {
  const doc = orderDocumentFactory({ orderId, orderName: `F-${orderId}`, ...overrides });
  documents.set(orderId, doc);
  return doc;
};
const runtimeWith = (mail: Layer.Layer<MailSender>) =>
  ManagedRuntime.make(
    Layer.mergeAll(
      FixedOrderDocuments,
      PdfKitTicketPdfs(),
      OrderEmailLogPostgres(db),
      GiftCertificateSalesPostgres(db),
      MembershipsPostgres(db, 'http://foyer.test'),
      NoGiftDeliveryJobs(),
      mail,
    ),
  );

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  db = createDatabase(database.url, { max: 5 });
  boss = await openJobQueue(database.url, { log, supervise: true });
  tmp = await mkdtemp(path.join(os.tmpdir(), 'foyer-mail-job-'));
  outbox = path.join(tmp, 'outbox');
  outboxRuntime = runtimeWith(OutboxMailSender(outbox, FROM));
  stopWorker = await startOrderEmailWorker({
    boss,
    runtime: outboxRuntime,
    log,
    pollingIntervalSeconds: 0.5,
  });
  smtp = await startTestSmtpServer();
});

afterAll(async () => {
  await stopWorker?.();
  await outboxRuntime?.dispose();
  await boss?.stop({ graceful: false, timeout: 2_000 });
  await db?.destroy();
  await database?.drop();
  await smtp?.close();
  await rm(tmp, { recursive: true, force: true });
});

const jobState = async (id: string) => {
  for (let i = 0; i < 200; i++) {
    const state = (await boss.getJobById(queues.orderEmail, id))?.state;
    if (state === 'completed' || state === 'failed' || state === 'retry') return state;
    await new Promise((r) => setTimeout(r, 100));
  }
  return 'timeout';
};

const mailTo = async (orderName: string) =>
  (await listOutbox(outbox)).messages.filter((m) => m.subject.startsWith(`Your order ${orderName}:`));

const marker = (orderId: number) =>
  db('order_emails')
    .where({ order_id: orderId })
    .first('kind', 'sent_at', 'claimed_at', 'attempts', 'last_failure');

describe('the order-email job', () => {
  it('writes the confirmation with the tickets PDF to the outbox and marks it sent', async () => {
    const doc = addOrder(5001);
    const id = await boss.send(queues.orderEmail, { orderId: 5001 });
    expect(await jobState(id!)).toBe('completed');
    const [summary, ...others] = await mailTo('F-5001');
    expect(others).toEqual([]);
    expect(summary).toMatchObject({
      to: 'ada@example.com',
      from: FROM,
      subject: 'Your order F-5001: Hamlet and 1 more',
    });
    const message = await readOutboxMessage(outbox, summary!.name);
    expect(message?.text).toContain('Total: $121.00');
    const [pdf] = message!.attachments;
    expect(pdf).toMatchObject({ filename: 'tickets-F-5001.pdf', contentType: 'application/pdf' });
    expect(isPdf(pdf!.content)).toBe(true);
    expect(pdfPageCount(pdf!.content)).toBe(doc.tickets.length);
    for (const ticket of doc.tickets) expect(pdfTextOf(pdf!.content)).toContain(ticket.barcode);
    expect(await marker(5001)).toMatchObject({
      kind: 'Confirmation',
      claimed_at: null,
      attempts: 1,
      last_failure: null,
    });
    expect((await marker(5001))!.sent_at).toBeInstanceOf(Date);
  });

  it('sends an order e-mail once, however often the job runs', async () => {
    addOrder(5002, { deliveryMethod: { name: 'E-tickets', type: 'Email' } });
    // Twice at the same moment, then a third job after both.
    const run = () =>
      runOrderEmailJob(outboxRuntime, 5002, log).then(
        (o) => o.status,
        (e: Error) => e.constructor.name,
      );
    const statuses = await Promise.all([run(), run()]);
    // One run sends; the other finds it being sent (and is retried later) or already sent.
    expect(statuses.filter((s) => s === 'Sent')).toHaveLength(1);
    expect(statuses.filter((s) => s !== 'Sent')[0]).toMatch(/^(RetryLater|AlreadySent)$/);
    const id = await boss.send(queues.orderEmail, { orderId: 5002 });
    expect(await jobState(id!)).toBe('completed');
    expect(await mailTo('F-5002')).toHaveLength(1);
    expect((await mailTo('F-5002'))[0]!.attachments).toHaveLength(1);
  });

  it('attaches no PDF when the tickets are posted or collected at the box office', async () => {
    addOrder(5003, { deliveryMethod: { name: 'By post', type: 'Mail' } });
    addOrder(5004, { deliveryMethod: { name: 'Box office collection', type: 'PointOfSale' } });
    expect(await runOrderEmailJob(outboxRuntime, 5003, log)).toMatchObject({
      status: 'Sent',
      attachments: 0,
    });
    expect(await runOrderEmailJob(outboxRuntime, 5004, log)).toMatchObject({
      status: 'Sent',
      attachments: 0,
    });
    const [posted] = await mailTo('F-5003');
    const [collected] = await mailTo('F-5004');
    expect(posted!.attachments).toEqual([]);
    expect(collected!.attachments).toEqual([]);
    expect((await readOutboxMessage(outbox, posted!.name))?.text).toContain('will be posted to you');
    expect((await readOutboxMessage(outbox, collected!.name))?.text).toContain('at the box office');
  });

  it('takes over a claim whose worker died mid-send, but not a fresh one', async () => {
    addOrder(5005);
    await db('order_emails').insert({
      order_id: 5005,
      kind: 'Confirmation',
      claimed_at: new Date(),
      attempts: 1,
    });
    await expect(runOrderEmailJob(outboxRuntime, 5005, log)).rejects.toThrow(/being sent by another run/);
    expect(await mailTo('F-5005')).toEqual([]);
    await db('order_emails')
      .where({ order_id: 5005 })
      .update({ claimed_at: db.raw(`now() - interval '10 minutes'`) });
    expect(await runOrderEmailJob(outboxRuntime, 5005, log)).toMatchObject({ status: 'Sent' });
    expect(await mailTo('F-5005')).toHaveLength(1);
    expect(await marker(5005)).toMatchObject({ attempts: 2 });
  });

  it('by SMTP: retries after a temporary refusal and sends once it passes; a permanent refusal is not retried', async () => {
    const runtime = runtimeWith(SmtpMailSender(smtp.url, FROM));
    try {
      addOrder(5006, { buyer: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' } });
      smtp.refuse.set('grace@example.com', '451 4.3.0 mailbox busy, try later');
      await expect(runOrderEmailJob(runtime, 5006, log)).rejects.toThrow(/will retry: .*mailbox busy/);
      expect(await marker(5006)).toMatchObject({
        claimed_at: null,
        sent_at: null,
        last_failure: expect.stringContaining('mailbox busy'),
      });
      smtp.refuse.delete('grace@example.com');
      expect(await runOrderEmailJob(runtime, 5006, log)).toMatchObject({
        status: 'Sent',
        to: 'grace@example.com',
        attachments: 1,
      });
      expect(await runOrderEmailJob(runtime, 5006, log)).toMatchObject({ status: 'AlreadySent' });
      const received = smtp.received.filter((m) => m.to.includes('grace@example.com'));
      expect(received).toHaveLength(1);
      const parsed = parseEml(received[0]!.data);
      expect(parsed.attachments.map((a) => a.filename)).toEqual(['tickets-F-5006.pdf']);
      expect(pdfPageCount(parsed.attachments[0]!.content)).toBe(3);

      addOrder(5007, { buyer: { firstName: 'No', lastName: 'Body', email: 'nobody@example.com' } });
      smtp.refuse.set('nobody@example.com', '550 5.1.1 no such user');
      expect(await runOrderEmailJob(runtime, 5007, log)).toMatchObject({ status: 'Refused' });
      expect(await marker(5007)).toMatchObject({
        sent_at: null,
        last_failure: expect.stringContaining('no such user'),
      });
    } finally {
      await runtime.dispose();
    }
  });

  it('drops a job whose payload is not an order id, and one for an order that does not exist', async () => {
    const bad = await boss.send(queues.orderEmail, { orderId: 'seven' });
    expect(await jobState(bad!)).toBe('completed');
    const unknown = await boss.send(queues.orderEmail, { orderId: 999_999 });
    expect(await jobState(unknown!)).toBe('completed');
    expect(await marker(999_999)).toBeUndefined();
    expect((await readdir(outbox)).filter((n) => n.startsWith('.tmp-'))).toEqual([]);
  });
});
