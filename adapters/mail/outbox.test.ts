import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Effect, ManagedRuntime } from 'effect';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MailSender, type MailMessage } from '../../core/orders/ports.ts';
import { OUTBOX_NAME, OutboxMailSender, writeAtomically } from './outbox.ts';
import { listOutbox, readOutboxMessage } from './outbox-folder.ts';

// The default mail transport: one .eml per message in DATA_DIR/outbox, read back by the page.

const pdf = new Uint8Array(Buffer.from('%PDF-1.3\n\x00\xff binary\n%%EOF\n', 'latin1'));
const message = (subject: string, attachments = true): MailMessage => ({
  to: 'ada@example.com',
  subject,
  text: 'Dear Ada,\nYour tickets are attached.\n',
  html: '<p>Dear Ada,</p>',
  attachments: attachments
    ? [{ filename: 'tickets-F-1.pdf', content: pdf, contentType: 'application/pdf' }]
    : [],
});

let dir: string;
beforeEach(async () => {
  dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'foyer-outbox-')), 'outbox');
});
afterEach(async () => {
  await rm(path.dirname(dir), { recursive: true, force: true });
});

const sendAll = async (messages: MailMessage[], times: Date[]) => {
  let i = 0;
  const runtime = ManagedRuntime.make(
    OutboxMailSender(dir, 'Foyer Box Office <box-office@foyer.local>', () => times[i++]!),
  );
  for (const m of messages) await runtime.runPromise(MailSender.use((mail) => mail.send(m)));
  await runtime.dispose();
};

describe('outbox mail transport', () => {
  it('writes each message as a real RFC 822 file with a sortable, timestamped name', async () => {
    await sendAll([message('Your order F-1: Hamlet')], [new Date('2026-11-20T12:00:00.123Z')]);
    const names = await readdir(dir);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(OUTBOX_NAME);
    expect(names[0]!.startsWith('2026-11-20T12-00-00-123Z-')).toBe(true);
    const raw = (await readFile(path.join(dir, names[0]!))).toString('latin1');
    expect(raw).toMatch(/^(Content-Type|From|To|Subject|Message-ID|Date|MIME-Version): /m);
    expect(raw).toContain('\r\nSubject: Your order F-1: Hamlet\r\n');
    expect(raw).toContain('\r\nTo: ada@example.com\r\n');
    expect(raw).toContain('Content-Type: multipart/mixed; boundary=');
    expect(raw).toContain('Content-Type: application/pdf; name=tickets-F-1.pdf');
    expect(raw.replace(/\r\n/g, '')).not.toContain('\n'); // CRLF line ends throughout
  });

  it('reads the messages back newest first, with their attachments', async () => {
    await sendAll(
      [message('first'), message('second', false), message('third')],
      [new Date('2026-11-20T12:00:00Z'), new Date('2026-11-20T12:00:01Z'), new Date('2026-11-21T08:00:00Z')],
    );
    const { total, messages } = await listOutbox(dir);
    expect(total).toBe(3);
    expect(messages.map((m) => m.subject)).toEqual(['third', 'second', 'first']);
    expect(messages[0]).toMatchObject({
      to: 'ada@example.com',
      from: 'Foyer Box Office <box-office@foyer.local>',
      attachments: [{ filename: 'tickets-F-1.pdf', contentType: 'application/pdf', size: pdf.length }],
    });
    expect(messages[1]!.attachments).toEqual([]);
    const one = await readOutboxMessage(dir, messages[0]!.name);
    expect(one?.text).toBe('Dear Ada,\nYour tickets are attached.\n');
    expect(Buffer.compare(one!.attachments[0]!.content, Buffer.from(pdf))).toBe(0);
  });

  it('leaves no half-written message: temporary files are hidden and the listing skips them', async () => {
    await sendAll([message('whole')], [new Date('2026-11-20T12:00:00Z')]);
    // What a crash mid-write leaves behind, and a file that is not ours.
    await writeFile(path.join(dir, '.tmp-0123456789ab'), 'From: half');
    await writeFile(path.join(dir, 'notes.txt'), 'hello');
    const { messages } = await listOutbox(dir);
    expect(messages.map((m) => m.subject)).toEqual(['whole']);
    expect((await readdir(dir)).filter((n) => n.startsWith('.tmp-') && n !== '.tmp-0123456789ab')).toEqual(
      [],
    );
  });

  it('renames only a completely written file into place', async () => {
    const bytes = new Uint8Array(3 * 1024 * 1024).fill(65);
    const target = await writeAtomically(dir, '2026-11-20T12-00-00-000Z-0000abcd.eml', bytes);
    expect((await readFile(target)).length).toBe(bytes.length);
    expect(await readdir(dir)).toEqual(['2026-11-20T12-00-00-000Z-0000abcd.eml']);
  });

  it('refuses names that are not outbox files, so no path leaves the folder', async () => {
    await sendAll([message('mine')], [new Date('2026-11-20T12:00:00Z')]);
    expect(await readOutboxMessage(dir, '../outbox.test.ts')).toBeNull();
    expect(await readOutboxMessage(dir, '2026-11-20T12-00-00-000Z-ffffffff.eml')).toBeNull();
  });

  it('reports a folder it cannot write as a failure worth retrying', async () => {
    await writeFile(path.join(path.dirname(dir), 'blocked'), 'a file, not a folder');
    const runtime = ManagedRuntime.make(
      OutboxMailSender(path.join(path.dirname(dir), 'blocked'), 'x@foyer.local'),
    );
    const failure = await runtime.runPromise(Effect.flip(MailSender.use((mail) => mail.send(message('x')))));
    expect(failure._tag).toBe('MailFailed');
    expect(failure.permanent).toBe(false);
    await runtime.dispose();
  });

  it('lists an outbox that does not exist yet as empty', async () => {
    expect(await listOutbox(path.join(dir, 'never'))).toEqual({ total: 0, messages: [] });
  });
});
