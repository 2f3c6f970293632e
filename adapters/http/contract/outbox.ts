import { z } from 'zod';

// Shared with web/: no server imports here. The outbox of the default setup (no SMTP_URL): the
// e-mail Foyer would have sent, as files in DATA_DIR/outbox, listed newest first.

/** 2026-11-20T12-00-00-000Z-3f9a1c2b.eml: the file names the outbox writes. */
export const OutboxName = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{8}\.eml$/, 'is not an outbox message name');

export const OutboxAttachment = z.object({
  Index: z.number().int().min(0),
  FileName: z.string(),
  ContentType: z.string(),
  Size: z.number().int().min(0),
  /** GET this to download the attachment. */
  Url: z.string(),
});
export type OutboxAttachment = z.infer<typeof OutboxAttachment>;

export const OutboxSummary = z.object({
  Name: OutboxName,
  From: z.string(),
  To: z.string(),
  Subject: z.string(),
  /** ISO 8601, UTC. */
  Date: z.string(),
  Attachments: z.array(OutboxAttachment),
});
export type OutboxSummary = z.infer<typeof OutboxSummary>;

/** GET /api/outbox */
export const OutboxList = z.object({
  /** Where the files are, so a user can open them in a mail client. */
  Folder: z.string(),
  /** Messages in the folder; at most the newest 200 are listed. */
  Total: z.number().int().min(0),
  Messages: z.array(OutboxSummary),
});
export type OutboxList = z.infer<typeof OutboxList>;

/** GET /api/outbox/{name} */
export const OutboxMessage = OutboxSummary.extend({
  Headers: z.record(z.string(), z.string()),
  Text: z.string().nullable(),
  Html: z.string().nullable(),
  /** GET this for the raw .eml file. */
  RawUrl: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const outboxMessagePath = (name: string) => `/api/outbox/${encodeURIComponent(name)}`;
export const outboxAttachmentPath = (name: string, index: number) =>
  `${outboxMessagePath(name)}/attachments/${index}`;
