import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { OUTBOX_NAME } from './outbox.ts';
import { parseEml, type ParsedEml } from './read-eml.ts';

// Reading the outbox folder back for the /outbox page: newest first, only our own file names
// (the name is checked before it touches the file system, so no path leaves the folder).

export interface OutboxSummary {
  readonly name: string;
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly date: string;
  readonly attachments: readonly {
    readonly filename: string;
    readonly contentType: string;
    readonly size: number;
  }[];
}

export const isOutboxName = (name: string): boolean => OUTBOX_NAME.test(name);

/** When the message was written: its Date header, else the time in its name. */
const dateOf = (name: string, parsed: ParsedEml): string => {
  const header = parsed.headers.date ? new Date(parsed.headers.date) : null;
  if (header && !Number.isNaN(header.getTime())) return header.toISOString();
  const [, day, h, m, s, ms] = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/.exec(name) ?? [];
  return `${day}T${h}:${m}:${s}.${ms}Z`;
};

export const summaryOf = (name: string, parsed: ParsedEml): OutboxSummary => ({
  name,
  from: parsed.headers.from ?? '',
  to: parsed.headers.to ?? '',
  subject: parsed.headers.subject ?? '',
  date: dateOf(name, parsed),
  attachments: parsed.attachments.map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    size: a.content.length,
  })),
});

/** The newest `limit` messages, newest first; an outbox not made yet is empty. */
export const listOutbox = async (
  dir: string,
  limit = 200,
): Promise<{ total: number; messages: OutboxSummary[] }> => {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const ours = names.filter(isOutboxName).sort().reverse();
  const messages: OutboxSummary[] = [];
  for (const name of ours.slice(0, limit)) {
    const parsed = await readOutboxMessage(dir, name);
    if (parsed) messages.push(summaryOf(name, parsed));
  }
  return { total: ours.length, messages };
};

/** One message, or null when there is no such file. */
export const readOutboxMessage = async (dir: string, name: string): Promise<ParsedEml | null> => {
  if (!isOutboxName(name)) return null;
  try {
    return parseEml(await readFile(path.join(dir, name)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
};
