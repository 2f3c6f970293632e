import type { Knex } from 'knex';
import path from 'node:path';
import type { Config } from './config.ts';
import type { Logger } from './log.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './postgres/embedded.ts';
import { reachDatabase } from './postgres/reach-database.ts';
import { createDatabase, ensureDatabase, migrateToLatest } from './postgres/database.ts';

// The database every process starts from (server/, worker/, cli/): the configured one, or the
// embedded PostgreSQL when DATABASE_URL is unset.

export interface Database {
  readonly url: string;
  readonly db: Knex;
  readonly embedded?: EmbeddedDatabase;
  close(): Promise<void>;
}

/** Where the embedded PostgreSQL keeps its data: DATA_DIR/pg. */
export const embeddedDataDir = (config: Config): string => path.resolve(config.DATA_DIR, 'pg');

/**
 * Opens the configured database, or starts the embedded PostgreSQL (data in DATA_DIR/pg) when
 * DATABASE_URL is unset, and applies pending migrations.
 */
export const openDatabase = async (config: Config, log: Logger): Promise<Database> => {
  let embedded: EmbeddedDatabase | undefined;
  let url = config.DATABASE_URL;
  if (!url) {
    const dir = embeddedDataDir(config);
    log.info(`starting embedded PostgreSQL (data in ${dir})`);
    embedded = await startEmbeddedPostgres(dir, { log: (line) => log.debug(`postgres: ${line}`) });
    await ensureDatabase(embedded.adminUrl, 'foyer');
    url = embedded.urlFor('foyer');
  } else await reachDatabase(url);
  const db = createDatabase(url);
  try {
    const applied = await migrateToLatest(db);
    if (applied.length) log.info(`applied ${applied.length} migrations`);
  } catch (error) {
    await db.destroy();
    await embedded?.stop();
    throw error;
  }
  return {
    url,
    db,
    embedded,
    close: async () => {
      await db.destroy();
      await embedded?.stop();
    },
  };
};
