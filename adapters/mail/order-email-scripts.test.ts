import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ManagedRuntime } from 'effect';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderDocument } from '../../core/orders/order-document.ts';
import { orderEmail } from '../../core/orders/order-mail/order-email.ts';
import { MailSender } from '../../core/orders/ports.ts';
import { orderDocumentFactory, ticketFactory } from '../../core/orders/test-factories.ts';
import { renderTicketsPdf } from '../tickets/pdf.ts';
import { pdfTextOf } from '../tickets/read-pdf.ts';
import { OutboxMailSender } from './outbox.ts';
import { parseEml, parseHeaderValue } from './read-eml.ts';

// The order e-mail of an order written in Japanese, Korean or Chinese, as the outbox writes it
// (the same bytes nodemailer hands an SMTP server): an RFC 2047 subject, UTF-8 bodies in a 7-bit
// message, and everything read back intact.

let dir: string;
beforeEach(async () => {
  dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'foyer-outbox-')), 'outbox');
});
afterEach(async () => {
  await rm(path.dirname(dir), { recursive: true, force: true });
});

const order = (
  buyer: { firstName: string; lastName: string },
  title: string,
  venueName: string,
  venueTimeZone: string,
): OrderDocument => {
  const base = orderDocumentFactory();
  return orderDocumentFactory({
    buyer: { ...buyer, email: 'buyer@example.com' },
    events: [{ ...base.events[0]!, name: title, venueName, venueTimeZone }],
    tickets: [ticketFactory()],
  });
};

/** Sends the order's e-mail through the outbox and gives back the file it wrote. */
const sendThroughOutbox = async (doc: OrderDocument) => {
  const message = orderEmail(doc, await renderTicketsPdf(doc));
  const runtime = ManagedRuntime.make(
    OutboxMailSender(
      dir,
      'Foyer Box Office <box-office@foyer.local>',
      () => new Date('2026-11-20T12:00:00Z'),
    ),
  );
  await runtime.runPromise(MailSender.use((mail) => mail.send(message)));
  await runtime.dispose();
  const [name] = await readdir(dir);
  return { message, raw: await readFile(path.join(dir, name!)) };
};

/** The header block, its folded lines joined. */
const headerLines = (raw: Buffer): string[] =>
  raw
    .toString('latin1')
    .split('\r\n\r\n')[0]!
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n');

describe('the order e-mail in CJK', () => {
  it.each([
    ['ja', { firstName: '太郎', lastName: '山田' }, 'ハムレット', '東京芸術劇場', 'Asia/Tokyo', '山田太郎'],
    ['ko', { firstName: '민준', lastName: '김' }, '햄릿', '예술의전당', 'Asia/Seoul', '김민준'],
    ['zh', { firstName: '伟', lastName: '张' }, '哈姆雷特', '国家大剧院', 'Asia/Shanghai', '张伟'],
  ])(
    '%s: the subject is RFC 2047 encoded, the bodies UTF-8, and all of it reads back intact',
    async (lang, buyer, title, venue, zone, name) => {
      const { message, raw } = await sendThroughOutbox(order(buyer, title, venue, zone));
      expect(message.subject).toBe(`Your order F-104242: ${title}`);

      // A 7-bit message: nothing an SMTP server without 8BITMIME or SMTPUTF8 would refuse.
      expect([...raw].every((byte) => byte < 0x80)).toBe(true);
      const subject = headerLines(raw).find((line) => line.startsWith('Subject: '))!;
      expect(subject).toMatch(/^Subject: (=\?UTF-8\?[BQ]\?[^?\s]+\?=\s*)+$/);
      expect(raw.toString('latin1')).not.toContain(title);

      const parsed = parseEml(raw);
      expect(parsed.headers.subject).toBe(message.subject);
      expect(parsed.text).toBe(message.text);
      expect(parsed.html).toBe(message.html);
      expect(parsed.text).toContain(`Dear ${name},`);
      expect(parsed.text).toContain(`${title}\n`);
      expect(parsed.text).toContain(venue);

      // Both bodies say they are UTF-8; the HTML says so too, and marks the CJK names' language.
      const types = raw
        .toString('latin1')
        .match(/^Content-Type: text\/(plain|html)[^\r]*/gim)!
        .map((header) => parseHeaderValue(header.slice('Content-Type:'.length)));
      expect(types.map((t) => [t.value, t.params.charset?.toLowerCase()])).toEqual([
        ['text/plain', 'utf-8'],
        ['text/html', 'utf-8'],
      ]);
      expect(parsed.html).toContain('<html lang="en"><head><meta charset="utf-8">');
      expect(parsed.html).toContain(`<title>Your order F-104242: ${title}</title>`);
      expect(parsed.html).toContain(`<p>Dear <span lang="${lang}">${name}</span>,</p>`);
      expect(parsed.html).toContain(`<span lang="${lang}">${title}</span></h2>`);

      // And the tickets attached print the same names.
      const pdf = parsed.attachments.find((a) => a.contentType === 'application/pdf')!;
      expect(pdfTextOf(pdf.content)).toContain(name);
      expect(pdfTextOf(pdf.content)).toContain(title);
    },
  );

  it('splits a long Japanese subject into encoded words only between characters', async () => {
    const title = 'シェイクスピア作「デンマークの王子ハムレットの悲劇」新訳上演 特別公演 千秋楽 𠮷祥寺';
    const { message, raw } = await sendThroughOutbox(
      order({ firstName: '健', lastName: '髙橋' }, title, '𠮷祥寺シアター', 'Asia/Tokyo'),
    );
    const subject = headerLines(raw).find((line) => line.startsWith('Subject: '))!;
    const words = [...subject.matchAll(/=\?UTF-8\?([BQ])\?([^?]+)\?=/g)];
    expect(words.length).toBeGreaterThan(1);
    // Each encoded word is whole UTF-8 on its own (RFC 2047 section 5: no character split).
    const utf8 = new TextDecoder('utf-8', { fatal: true });
    for (const [, encoding, data] of words) {
      const bytes =
        encoding === 'B'
          ? Buffer.from(data!, 'base64')
          : Buffer.from(
              data!
                .replace(/_/g, ' ')
                .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              'latin1',
            );
      expect(() => utf8.decode(bytes)).not.toThrow();
    }
    expect(parseEml(raw).headers.subject).toBe(message.subject);
    expect(parseEml(raw).headers.subject).toBe(`Your order F-104242: ${title}`);
  });
});
