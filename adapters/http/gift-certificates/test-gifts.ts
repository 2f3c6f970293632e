import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { parseEml, type ParsedEml } from '../../mail/read-eml.ts';
import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../../postgres/database.ts';
import { makeAppRuntime, type AppRuntime } from '../../wiring.ts';
import { createHttpServer } from '../server.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { browser, checkoutBody, type Browser } from '../checkout/test-browser.ts';

// What the gift certificate HTTP tests share: a server whose mail goes to a folder of its own,
// buying a certificate through the basket and the checkout, and reading the e-mails sent.

export interface GiftWorld {
  readonly server: Server;
  readonly db: Knex;
  /** The server's runtime, to run the delivery step again as a retry would. */
  readonly runtime: AppRuntime;
  readonly outbox: string;
  close(): Promise<void>;
}

/** A server over a fresh demo database (as test/api-server.ts), its mail in a folder of its own. */
/** `reads`: readAfresh (../server.ts) for a test that must see a change at once. */
export const giftWorld = async (reads: { readonly publicReadTtlMs?: number } = {}): Promise<GiftWorld> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'foyer-gifts-'));
  const database = await createTestDatabase();
  const config = loadConfig({
    DATABASE_URL: database.url,
    PORT: '0',
    LOG_LEVEL: process.env.GIFT_LOG ?? 'silent',
    BASKET_HOLD_MINUTES: '10',
    DATA_DIR: dataDir,
  });
  const db = createDatabase(database.url, { max: 5 });
  const runtime = makeAppRuntime({ db, config });
  const server = await createHttpServer({ config, runtime, version: 'test', ...reads });
  await server.initialize();
  return {
    server,
    db,
    runtime,
    outbox: path.join(dataDir, 'outbox'),
    close: async () => {
      await server.stop();
      await runtime.dispose();
      await db.destroy();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

/** Every e-mail in the outbox so far, oldest first. */
export const sentMail = async (outbox: string): Promise<ParsedEml[]> => {
  const names = await readdir(outbox).catch(() => [] as string[]);
  const mails = [];
  for (const name of names.filter((n) => n.endsWith('.eml')).sort())
    mails.push(parseEml(await readFile(path.join(outbox, name))));
  return mails;
};

/** The code in a gift certificate e-mail (XXXX-XXXX-XXXX-XXXX). */
export const codeIn = (mail: ParsedEml): string => {
  const match = /Your code: ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(mail.text ?? '');
  if (!match) throw new Error(`no gift certificate code in ${mail.text}`);
  return match[1]!;
};

export const addGift = (
  b: Browser,
  body: {
    Amount: number;
    RecipientName?: string;
    RecipientEmail?: string;
    Message?: string;
    salesChannel?: string;
  },
) => b.call('POST', '/api/baskets/giftcertificates', body);

/** A buyer who bought a certificate for `amount` by card: the order and the certificate's code. */
export const buyGift = async (world: GiftWorld, amount: number, recipientEmail: string) => {
  const b = await browser(world.server);
  const added = await addGift(b, { Amount: amount, RecipientName: 'Grace', RecipientEmail: recipientEmail });
  expect(added.status).toBe(200);
  const paid = await b.checkout(checkoutBody(await b.token('4242424242424242')));
  expect(paid.status).toBe(200);
  const mail = (await sentMail(world.outbox)).find((m) => m.headers['to']?.includes(recipientEmail));
  if (!mail) throw new Error(`no gift certificate e-mail to ${recipientEmail}`);
  return { orderId: paid.body.Order.ID as number, code: codeIn(mail) };
};
