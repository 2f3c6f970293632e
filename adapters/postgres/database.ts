import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// bigint counts (count(*)) come back as strings by default; ours fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
// numeric too (sums of integer money columns).
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export const migrationsDirectory = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../migrations',
);

export const createDatabase = (connectionString: string, pool: { min?: number; max?: number } = {}): Knex =>
  knexFactory({
    client: 'pg',
    connection: { connectionString, application_name: 'foyer' },
    pool: { min: pool.min ?? 0, max: pool.max ?? 20 },
    migrations: { directory: migrationsDirectory, loadExtensions: ['.ts'], tableName: 'knex_migrations' },
  });

/** Applies pending migrations; returns the names applied. */
export const migrateToLatest = async (db: Knex): Promise<string[]> => {
  const [, applied] = (await db.migrate.latest()) as [number, string[]];
  return applied;
};

/** Creates a database on the server behind `adminUrl` if it does not exist. */
export const ensureDatabase = async (adminUrl: string, name: string): Promise<void> => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
};

export const dropDatabase = async (adminUrl: string, name: string): Promise<void> => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name.replaceAll('"', '""')}" with (force)`);
  } finally {
    await client.end();
  }
};
