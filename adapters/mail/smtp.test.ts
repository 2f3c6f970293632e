import { Effect, Layer, ManagedRuntime } from 'effect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailSender, type MailMessage } from '../../core/orders/ports.ts';
import { SmtpMailSender } from './smtp.ts';
import { parseEml } from './read-eml.ts';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp-server.ts';

// The SMTP transport against a real SMTP conversation on loopback.

const pdf = new Uint8Array(
  Buffer.from('%PDF-1.3\n%\xff\xfe binary \x00\x01\x02 .\r\n.leading dot\n%%EOF\n', 'latin1'),
);
const message = (to = 'ada@example.com'): MailMessage => ({
  to,
  subject: 'Your order F-104242: Café Hamlet',
  text: 'Dear Ada,\n.a line that starts with a dot\nTotal: 1 234,50 €\n',
  html: '<p>Dear Ada, <strong>Total: 1 234,50 €</strong></p>',
  attachments: [{ filename: 'tickets-F-104242.pdf', content: pdf, contentType: 'application/pdf' }],
});

let smtp: TestSmtpServer;
let runtime: ManagedRuntime.ManagedRuntime<MailSender, never>;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  runtime = ManagedRuntime.make(SmtpMailSender(smtp.url, 'Foyer Box Office <box-office@foyer.local>'));
});

afterAll(async () => {
  await runtime?.dispose();
  await smtp?.close();
});

const send = (m: MailMessage) =>
  runtime.runPromise(Effect.flip(MailSender.use((mail) => mail.send(m))).pipe(Effect.option));

describe('SMTP mail sender', () => {
  it('delivers the message and its PDF attachment byte for byte to the SMTP server', async () => {
    const failure = await send(message());
    expect(failure._tag).toBe('None');
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.from).toBe('box-office@foyer.local');
    expect(mail.to).toEqual(['ada@example.com']);
    const parsed = parseEml(mail.data);
    expect(parsed.headers.subject).toBe('Your order F-104242: Café Hamlet');
    expect(parsed.headers.from).toBe('Foyer Box Office <box-office@foyer.local>');
    expect(parsed.text).toBe(message().text);
    expect(parsed.html).toBe(message().html);
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]!.filename).toBe('tickets-F-104242.pdf');
    expect(parsed.attachments[0]!.contentType).toBe('application/pdf');
    expect(Buffer.compare(parsed.attachments[0]!.content, Buffer.from(pdf))).toBe(0);
  });

  it('reports a refused mailbox as a permanent failure', async () => {
    smtp.refuse.set('nobody@example.com', '550 5.1.1 <nobody@example.com>: no such user');
    const failure = await send(message('nobody@example.com'));
    expect(failure._tag).toBe('Some');
    if (failure._tag === 'Some') {
      expect(failure.value.permanent).toBe(true);
      expect(failure.value.reason).toContain('no such user');
    }
  });

  it('reports a temporary refusal as worth another try', async () => {
    smtp.refuse.set('later@example.com', '451 4.7.1 greylisted, try again later');
    const failure = await send(message('later@example.com'));
    expect(failure._tag === 'Some' && failure.value.permanent).toBe(false);
    expect(failure._tag).toBe('Some');
  });

  it('reports an unreachable server as worth another try', async () => {
    const gone = await startTestSmtpServer();
    await gone.close();
    const lonely = ManagedRuntime.make(Layer.fresh(SmtpMailSender(gone.url, 'box-office@foyer.local')));
    const failure = await lonely.runPromise(Effect.flip(MailSender.use((mail) => mail.send(message()))));
    expect(failure.permanent).toBe(false);
    await lonely.dispose();
  });
});
