import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../adapters/postgres/embedded.ts';
import { createDatabase, dropDatabase, migrateToLatest } from '../adapters/postgres/database.ts';
import { seedDemo } from '../adapters/postgres/demo/seed.ts';

// Tests never rely on what an earlier run left behind: each asks for a fresh database on
// the run's server: the machine's PostgreSQL when DATABASE_URL is set, else an embedded one.

/**
 * The demo is seeded as of the test run by default: its shows are ahead of the server's clock
 * whenever the tests run. Tests that assert exact dates (the catalogue's) ask for the demo as
 * seeded at this fixed moment instead, `calendar: 'fixed'`; nothing in it may need a show that is
 * still to come, as its shows are all in the past from 2027 on.
 */
export const TEST_SEED_NOW = new Date('2026-11-20T12:00:00Z');

export type SeedCalendar = 'now' | 'fixed';
const TEMPLATE_VARIABLE: Record<SeedCalendar, string> = {
  now: 'FOYER_TEST_TEMPLATE',
  fixed: 'FOYER_TEST_TEMPLATE_FIXED',
};
const seedMoment = (calendar: SeedCalendar) => (calendar === 'fixed' ? TEST_SEED_NOW : new Date());

const withDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

let ownServer: Promise<{ adminUrl: string; embedded?: EmbeddedDatabase; dir?: string }> | undefined;

/** The admin URL of the server this run uses, starting an embedded PostgreSQL if needed. */
export const testServer = () =>
  (ownServer ??= (async () => {
    if (process.env.FOYER_TEST_ADMIN_URL) return { adminUrl: process.env.FOYER_TEST_ADMIN_URL };
    if (process.env.DATABASE_URL) return { adminUrl: withDatabase(process.env.DATABASE_URL, 'postgres') };
    const dir = await mkdtemp(path.join(os.tmpdir(), 'foyer-test-pg-'));
    const embedded = await startEmbeddedPostgres(path.join(dir, 'data'), { persistent: false });
    return { adminUrl: embedded.adminUrl, embedded, dir };
  })());

export const stopTestServer = async () => {
  if (!ownServer) return;
  const server = await ownServer;
  ownServer = undefined;
  await server.embedded?.stop();
  if (server.dir) await rm(server.dir, { recursive: true, force: true });
};

const admin = async <T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

export const uniqueName = (prefix: string) => `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;

/** Creates a migrated (and by default demo-seeded) database; the template, when set up, makes it fast. */
export const createTestDatabase = async (options: { seed?: boolean; calendar?: SeedCalendar } = {}) => {
  const seed = options.seed ?? true;
  const calendar = options.calendar ?? 'now';
  const { adminUrl } = await testServer();
  const name = uniqueName('foyer_test');
  const template = seed ? process.env[TEMPLATE_VARIABLE[calendar]] : undefined;
  await admin(adminUrl, (c) =>
    c.query(`create database "${name}"${template ? ` template "${template}"` : ''}`),
  );
  const url = withDatabase(adminUrl, name);
  if (!template) {
    const db = createDatabase(url, { max: 2 });
    try {
      await migrateToLatest(db);
      if (seed) await seedDemo(db, { now: seedMoment(calendar) });
    } finally {
      await db.destroy();
    }
  }
  return { url, name, drop: () => dropDatabase(adminUrl, name) };
};

/** Builds a seeded template database that createTestDatabase() copies for that calendar. */
export const createTemplateDatabase = async (calendar: SeedCalendar) => {
  const { adminUrl } = await testServer();
  const name = uniqueName('foyer_tpl');
  await admin(adminUrl, (c) => c.query(`create database "${name}"`));
  const db = createDatabase(withDatabase(adminUrl, name), { max: 2 });
  try {
    await migrateToLatest(db);
    await seedDemo(db, { now: seedMoment(calendar) });
  } finally {
    await db.destroy();
  }
  return { name, adminUrl, variable: TEMPLATE_VARIABLE[calendar], drop: () => dropDatabase(adminUrl, name) };
};
