import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Boom from '@hapi/boom';
import type { Plugin, Request } from '@hapi/hapi';
import { z } from 'zod';
import {
  listOutbox,
  readOutboxMessage,
  summaryOf,
  type OutboxSummary as FolderSummary,
} from '../../mail/outbox-folder.ts';
import type { ParsedEml } from '../../mail/read-eml.ts';
import {
  OutboxList,
  OutboxMessage,
  OutboxName,
  outboxAttachmentPath,
  outboxMessagePath,
  type OutboxSummary,
} from '../contract/outbox.ts';
import { defineRoute } from '../route.ts';

// The outbox page's API (default setup, no SMTP_URL). The outbox holds customers' tickets (a
// barcode is an entry), and there are no staff logins yet, so by default only a browser on this
// computer may read it: a loopback client that did not come through a proxy (a proxy on the same
// host would make every visitor look local, so forwarded requests are refused). OUTBOX_PAGE=open
// shows it to every client (a demo server), OUTBOX_PAGE=off to none.

export type OutboxAccess = 'loopback' | 'open' | 'off';

export interface OutboxOptions {
  readonly dir: string;
  readonly smtpUrl: string | undefined;
  readonly access: OutboxAccess;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

export const isLocalRequest = (request: Request): boolean =>
  LOOPBACK.test(request.info.remoteAddress) &&
  request.headers['x-forwarded-for'] === undefined &&
  request.headers.forwarded === undefined &&
  request.headers['x-real-ip'] === undefined;

const guard = (options: OutboxOptions, request: Request) => {
  if (options.smtpUrl) throw Boom.notFound('There is no outbox: e-mail is sent by SMTP (SMTP_URL is set).');
  if (options.access === 'off') throw Boom.notFound('The outbox page is turned off (OUTBOX_PAGE=off).');
  if (options.access === 'loopback' && !isLocalRequest(request))
    throw Boom.forbidden(
      'The outbox is shown only to a browser on the computer Foyer runs on (set OUTBOX_PAGE=open to show it to everyone).',
    );
};

const toContract = (s: FolderSummary): OutboxSummary => {
  const name = s.name;
  return {
    Name: s.name,
    From: s.from,
    To: s.to,
    Subject: s.subject,
    Date: s.date,
    Attachments: s.attachments.map((a, index) => ({
      Index: index,
      FileName: a.filename,
      ContentType: a.contentType,
      Size: a.size,
      Url: outboxAttachmentPath(name, index),
    })),
  };
};

const message = async (dir: string, name: string): Promise<ParsedEml> => {
  const parsed = await readOutboxMessage(dir, name);
  if (!parsed) throw Boom.notFound(`Outbox message ${name} was not found.`);
  return parsed;
};

/** A file name safe inside a quoted Content-Disposition, with the exact one in filename*. */
const disposition = (filename: string) =>
  `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

export const outboxPlugin: Plugin<OutboxOptions> = {
  name: 'foyer-outbox',
  register: (server, options) => {
    const Name = z.object({ name: OutboxName });
    server.route([
      defineRoute({
        method: 'GET',
        path: '/api/outbox',
        summary: 'The e-mail written to the outbox folder (default setup without SMTP), newest first',
        tags: ['outbox'],
        response: OutboxList,
        handler: async ({ request }) => {
          guard(options, request);
          const { total, messages } = await listOutbox(options.dir);
          const list: OutboxList = {
            Folder: options.dir,
            Total: total,
            Messages: messages.map(toContract),
          };
          return list;
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/outbox/{name}',
        summary: 'One outbox message: headers, text and HTML bodies, attachment links',
        tags: ['outbox'],
        params: Name,
        response: OutboxMessage,
        handler: async ({ params, request }) => {
          guard(options, request);
          const parsed = await message(options.dir, params.name);
          const answer: OutboxMessage = {
            ...toContract(summaryOf(params.name, parsed)),
            Headers: { ...parsed.headers },
            Text: parsed.text,
            Html: parsed.html,
            RawUrl: `${outboxMessagePath(params.name)}/raw`,
          };
          return answer;
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/outbox/{name}/raw',
        summary: 'One outbox message as its .eml file (opens in a mail client)',
        tags: ['outbox'],
        params: Name,
        handler: async ({ params, request, h }) => {
          guard(options, request);
          await message(options.dir, params.name);
          const bytes = await readFile(path.join(options.dir, params.name));
          return h
            .response(bytes)
            .type('message/rfc822')
            .header('content-disposition', disposition(params.name))
            .header('cache-control', 'no-store');
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/outbox/{name}/attachments/{index}',
        summary: 'Downloads one attachment of an outbox message (the tickets PDF)',
        tags: ['outbox'],
        params: z.object({ name: OutboxName, index: z.coerce.number().int().min(0).max(99) }),
        handler: async ({ params, request, h }) => {
          guard(options, request);
          const parsed = await message(options.dir, params.name);
          const attachment = parsed.attachments[params.index];
          if (!attachment) throw Boom.notFound(`Outbox message ${params.name} has no attachment ${params.index}.`);
          return h
            .response(attachment.content)
            .type(attachment.contentType)
            .header('content-disposition', disposition(attachment.filename))
            .header('cache-control', 'no-store');
        },
      }),
    ]);
  },
};
