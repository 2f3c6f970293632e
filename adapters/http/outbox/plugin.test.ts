import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Hapi from '@hapi/hapi';
import { ManagedRuntime } from 'effect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEmail } from '../../../core/orders/order-mail/order-email.ts';
import { MailSender } from '../../../core/orders/ports.ts';
import { orderDocumentFactory } from '../../../core/orders/test-factories.ts';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { OutboxMailSender } from '../../mail/outbox.ts';
import { renderTicketsPdf } from '../../tickets/pdf.ts';
import { isPdf, pdfPageCount } from '../../tickets/read-pdf.ts';
import { OutboxList, OutboxMessage } from '../contract/outbox.ts';
import { errorFormatPlugin } from '../error-format.ts';
import { outboxPlugin, type OutboxOptions } from './plugin.ts';

// GET /api/outbox...: the default setup's e-mail, readable from this computer only.

let api: TestApi;
let dataDir: string;
let pdf: Buffer;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'foyer-outbox-api-'));
  api = await createTestApi({ env: { DATA_DIR: dataDir } });
  const times = [new Date('2026-11-20T12:00:00Z'), new Date('2026-11-20T12:05:00Z')];
  const mail = ManagedRuntime.make(OutboxMailSender(path.join(dataDir, 'outbox'), api.config.MAIL_FROM, () => times.shift()!));
  const printed = orderDocumentFactory();
  pdf = await renderTicketsPdf(printed);
  const posted = orderDocumentFactory({ orderName: 'F-7', deliveryMethod: { name: 'By post', type: 'Mail' } });
  await mail.runPromise(MailSender.use((m) => m.send(orderEmail(posted, null))));
  await mail.runPromise(MailSender.use((m) => m.send(orderEmail(printed, new Uint8Array(pdf)))));
  await mail.dispose();
});

afterAll(async () => {
  await api?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const get = (url: string, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  api.server.inject({ method: 'GET', url, ...extra });

describe('GET /api/outbox', () => {
  it('lists the messages newest first with who, what, when and attachment links', async () => {
    const res = await get('/api/outbox');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = OutboxList.parse(JSON.parse(res.payload));
    expect(list.Folder).toBe(path.join(dataDir, 'outbox'));
    expect(list.Total).toBe(2);
    expect(list.Messages.map((m) => [m.Subject, m.To, m.Date])).toEqual([
      ['Your order F-104242: Hamlet and 1 more', 'ada@example.com', '2026-11-20T12:05:00.000Z'],
      ['Your order F-7: Hamlet and 1 more', 'ada@example.com', '2026-11-20T12:00:00.000Z'],
    ]);
    expect(list.Messages[0]!.Attachments).toEqual([
      {
        Index: 0,
        FileName: 'tickets-F-104242.pdf',
        ContentType: 'application/pdf',
        Size: pdf.length,
        Url: `/api/outbox/${list.Messages[0]!.Name}/attachments/0`,
      },
    ]);
    expect(list.Messages[1]!.Attachments).toEqual([]);
  });

  it('shows one message with its headers, bodies and a PDF that downloads whole', async () => {
    const [latest] = OutboxList.parse(JSON.parse((await get('/api/outbox')).payload)).Messages;
    const res = await get(`/api/outbox/${latest!.Name}`);
    expect(res.statusCode).toBe(200);
    const message = OutboxMessage.parse(JSON.parse(res.payload));
    expect(message.Headers['mime-version']).toBe('1.0');
    expect(message.From).toBe('Foyer Box Office <box-office@foyer.local>');
    expect(message.Text).toContain('Thank you for your order F-104242.');
    expect(message.Html).toContain('<strong>F-104242</strong>');
    const file = await get(message.Attachments[0]!.Url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="tickets-F-104242.pdf"; filename*=UTF-8''tickets-F-104242.pdf`,
    );
    expect(isPdf(file.rawPayload)).toBe(true);
    expect(Buffer.compare(file.rawPayload, pdf)).toBe(0);
    expect(pdfPageCount(file.rawPayload)).toBe(3);
    const raw = await get(message.RawUrl);
    expect(raw.headers['content-type']).toMatch(/^message\/rfc822/);
    expect(raw.payload).toContain('Subject: Your order F-104242');
  });

  it('answers 404 for a message or attachment that is not there, 400 for a name that is not an outbox file', async () => {
    const missing = await get('/api/outbox/2026-01-01T00-00-00-000Z-00000000.eml');
    expect(missing.statusCode).toBe(404);
    expect(JSON.parse(missing.payload).Message).toContain('was not found');
    const [latest] = OutboxList.parse(JSON.parse((await get('/api/outbox')).payload)).Messages;
    expect((await get(`/api/outbox/${latest!.Name}/attachments/1`)).statusCode).toBe(404);
    const traversal = await get('/api/outbox/..%2F..%2Fpackage.json');
    expect(traversal.statusCode).toBe(400);
    expect(JSON.parse(traversal.payload).Message).toMatch(/^name: /);
  });

  it('refuses other computers, and local requests that came through a proxy', async () => {
    const remote = await get('/api/outbox', { remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    expect(JSON.parse(remote.payload).Message).toContain('OUTBOX_PAGE=open');
    expect((await get('/api/outbox', { headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(403);
    const [latest] = OutboxList.parse(JSON.parse((await get('/api/outbox')).payload)).Messages;
    expect((await get(latest!.Attachments[0]!.Url, { remoteAddress: '203.0.113.9' })).statusCode).toBe(403);
    expect((await get('/api/outbox', { remoteAddress: '::1' })).statusCode).toBe(200);
  });
});

describe('outbox access settings', () => {
  const serverWith = async (options: Partial<OutboxOptions>) => {
    const server = Hapi.server();
    await server.register([
      { plugin: errorFormatPlugin },
      { plugin: outboxPlugin, options: { dir: path.join(dataDir, 'outbox'), smtpUrl: undefined, access: 'loopback', ...options } },
    ]);
    return server;
  };

  it('has no outbox when mail goes out by SMTP', async () => {
    const server = await serverWith({ smtpUrl: 'smtp://mail.example.com:587' });
    const res = await server.inject('/api/outbox');
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.payload).Message).toContain('SMTP');
  });

  it('shows it to every client with OUTBOX_PAGE=open and to none with off', async () => {
    const open = await serverWith({ access: 'open' });
    expect((await open.inject({ url: '/api/outbox', remoteAddress: '203.0.113.9' })).statusCode).toBe(200);
    const off = await serverWith({ access: 'off' });
    expect((await off.inject('/api/outbox')).statusCode).toBe(404);
  });
});
