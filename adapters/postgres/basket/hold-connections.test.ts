import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import { createDatabase } from '../database.ts';
import { holdConnections } from './hold-connections.ts';

// The hold connections run a new basket's hold on its generic plan and without waiting for the
// disk (hold-connections.ts says why); the knex pool keeps PostgreSQL's defaults.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  db = createDatabase(database.url, { max: 2 });
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const settings = async (query: (sql: string) => Promise<{ rows: Record<string, string>[] }>) => ({
  plan: (await query('show plan_cache_mode')).rows[0]!.plan_cache_mode,
  commit: (await query('show synchronous_commit')).rows[0]!.synchronous_commit,
});

describe('hold connections', () => {
  it('use generic plans and asynchronous commit; the knex pool does not', async () => {
    const hold = holdConnections(db);
    try {
      const client = await hold.connections.acquire();
      try {
        expect(await settings((sql) => client.query(sql))).toEqual({
          plan: 'force_generic_plan',
          commit: 'off',
        });
      } finally {
        await hold.connections.release(client, false);
      }
    } finally {
      await hold.close();
    }
    expect(await settings((sql) => db.raw(sql))).toEqual({ plan: 'auto', commit: 'on' });
  });
});
