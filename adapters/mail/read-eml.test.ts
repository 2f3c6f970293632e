import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../../core/orders/ports.ts';
import { buildRfc822 } from './outbox.ts';
import { parseEml, parseHeaderValue } from './read-eml.ts';

// The reader behind the outbox page reads back whatever nodemailer writes.

describe('reading an .eml back', () => {
  it('reads back subject, bodies and attachments of any message nodemailer writes (property)', async () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 200 }).map((s) => s.replace(/\r/g, ''));
    await fc.assert(
      fc.asyncProperty(
        fc
          .string({ unit: 'grapheme', minLength: 1, maxLength: 80 })
          .filter((s) => s.trim() === s && !/[\r\n]/.test(s)),
        text,
        text,
        fc.array(fc.uint8Array({ maxLength: 3000 }), { maxLength: 3 }),
        fc
          .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
          .filter((s) => s.trim() === s && !/[\r\n/\\"]/.test(s)),
        async (subject, body, html, files, filename) => {
          const message: MailMessage = {
            to: 'ada@example.com',
            subject,
            text: body,
            html: `<p>${html}</p>`,
            attachments: files.map((content, i) => ({
              filename: `${i}-${filename}.pdf`,
              content,
              contentType: 'application/pdf',
            })),
          };
          const parsed = parseEml(await buildRfc822(message, 'box-office@foyer.local'));
          expect(parsed.headers.subject).toBe(subject);
          expect(parsed.text ?? '').toBe(body);
          expect(parsed.html).toBe(`<p>${html}</p>`);
          expect(parsed.attachments.map((a) => a.filename)).toEqual(
            message.attachments.map((a) => a.filename),
          );
          parsed.attachments.forEach((a, i) =>
            expect(Buffer.compare(a.content, Buffer.from(files[i]!))).toBe(0),
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('reads RFC 2231 file names and quoted parameters', () => {
    expect(parseHeaderValue(`attachment; filename*=utf-8''caf%C3%A9%20tickets.pdf`)).toEqual({
      value: 'attachment',
      params: { filename: 'café tickets.pdf' },
    });
    expect(parseHeaderValue('text/plain; charset="utf-8"; format=flowed').params).toEqual({
      charset: 'utf-8',
      format: 'flowed',
    });
  });
});
