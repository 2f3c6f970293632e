import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Effect, Layer } from 'effect';
import nodemailer from 'nodemailer';
import { MailFailed, MailSender, type MailMessage } from '../../core/orders/ports.ts';
import { toNodemailer } from './message.ts';

// The default setup's mail: every message is written as an RFC 822 .eml file into
// DATA_DIR/outbox/, where a mail client opens it and the /outbox page lists it. Names start with
// the UTC time, so sorting them sorts the mail by when it was sent.

/** 2026-11-20T12-00-00-000Z-3f9a1c2b.eml */
export const OUTBOX_NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{8}\.eml$/;

export const outboxFileName = (at: Date): string =>
  `${at.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;

/** The message as the bytes a mail server would receive (CRLF lines). */
export const buildRfc822 = async (message: MailMessage, from: string, date?: Date): Promise<Buffer> => {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await transport.sendMail(toNodemailer(message, from, date));
  return info.message as Buffer;
};

/**
 * Writes the file whole or not at all: into a hidden temporary name in the same folder, flushed
 * to disk, then renamed (atomic on one file system). A crash leaves at most a `.tmp-` file, which
 * the outbox listing ignores.
 */
export const writeAtomically = async (dir: string, name: string, bytes: Uint8Array): Promise<string> => {
  await mkdir(dir, { recursive: true });
  const temporary = path.join(dir, `.tmp-${randomBytes(6).toString('hex')}`);
  const file = await open(temporary, 'wx', 0o600);
  try {
    await file.writeFile(bytes);
    await file.sync();
  } catch (error) {
    await file.close();
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  await file.close();
  const target = path.join(dir, name);
  await rename(temporary, target);
  return target;
};

export const OutboxMailSender = (dir: string, from: string, now: () => Date = () => new Date()) =>
  Layer.succeed(MailSender, {
    send: (message) =>
      Effect.tryPromise({
        try: async () => {
          const at = now();
          const bytes = await buildRfc822(message, from, at);
          await writeAtomically(dir, outboxFileName(at), bytes);
        },
        // A full disk or a folder we may not write: worth another try later.
        catch: (error) => new MailFailed({ reason: `outbox ${dir}: ${String(error)}`, permanent: false }),
      }),
  });
