import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../adapters/postgres/database.ts';
import { createTestDatabase } from '../../test/database.ts';
import type { Knex } from 'knex';

// `foyer onsale ...` as staff type it, against a fresh demo database.
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
let eventId = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, { max: 2 });
  const event = await db('events as e')
    .join('event_templates as t', 't.id', 'e.event_template_id')
    .where('t.code', 'AURORA')
    .first('e.id');
  eventId = event.id;
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const foyer = (...args: string[]) =>
  run(process.execPath, ['--disable-warning=ExperimentalWarning', 'cli/main.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn' },
  });

describe('foyer onsale', { timeout: 120_000 }, () => {
  it('switches the waiting room on with a rate, pauses it, and shows the settings', async () => {
    const on = await foyer('onsale', 'enable', String(eventId), '--rate', '300');
    expect(on.stdout).toMatch(/Waiting room on\./);
    expect(on.stdout).toMatch(/300 per minute/);
    await foyer('onsale', 'pause', String(eventId));
    const row = await db('event_waiting_rooms').where({ event_id: eventId }).first();
    expect(row).toMatchObject({ enabled: true, rate_per_minute: 300, paused: true, version: 2 });
    const status = await foyer('onsale', 'status', String(eventId));
    expect(status.stdout).toMatch(/Queue\s+paused/);
    expect(status.stdout).toMatch(/Holding calls now\s+yes/);
  }, 60_000);

  it('refuses a bad rate with exit code 2 and an unknown event with exit code 1', async () => {
    await expect(foyer('onsale', 'rate', String(eventId), 'fast')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/perMinute: must be a whole number/),
    });
    await expect(foyer('onsale', 'disable', '999999')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/Event 999999 was not found/),
    });
  }, 60_000);
});
