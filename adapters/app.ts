import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadConfig, type Config } from './config.ts';
import { createLogger, type Logger } from './log.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './postgres/embedded.ts';
import { reachDatabase } from './postgres/reach-database.ts';
import { createDatabase, ensureDatabase, migrateToLatest } from './postgres/database.ts';
import { DatabaseNotEmptyError, isDatabaseEmpty, seedDemo } from './postgres/demo/seed.ts';
import { makeAppRuntime } from './wiring.ts';
import { createHttpServer } from './http/server.ts';
import { startWorkers, type Workers } from '../worker/jobs.ts';
import { openJobQueue } from './queue/job-queue.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const version: string = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;

export interface Database {
  readonly url: string;
  readonly db: Knex;
  readonly embedded?: EmbeddedDatabase;
  close(): Promise<void>;
}

/**
 * Opens the configured database, or starts the embedded PostgreSQL (data in DATA_DIR/pg) when
 * DATABASE_URL is unset, and applies pending migrations.
 */
export const openDatabase = async (config: Config, log: Logger): Promise<Database> => {
  let embedded: EmbeddedDatabase | undefined;
  let url = config.DATABASE_URL;
  if (!url) {
    const dir = path.resolve(config.DATA_DIR, 'pg');
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

export interface RunningFoyer {
  readonly url: string;
  readonly config: Config;
  readonly database: Database;
  readonly server: Server;
  stop(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string | undefined>;
  /** Overrides PORT (0 picks a free port). */
  port?: number;
  quiet?: boolean;
}

/** Starts everything `npm start` runs: database, demo data when empty, web server, workers. */
export const startFoyer = async (options: StartOptions = {}): Promise<RunningFoyer> => {
  const config = loadConfig({
    ...(options.env ?? process.env),
    ...(options.port !== undefined ? { PORT: String(options.port) } : {}),
  });
  const log = createLogger(options.quiet ? 'warn' : config.LOG_LEVEL);
  const database = await openDatabase(config, log);
  const { db } = database;
  let workers: Workers | undefined;
  let server: Server | undefined;
  // The address buyers use: PUBLIC_URL, else this server (PORT 0 is known once it listens).
  const urlOf = (listening: Server) => {
    const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
    return config.PUBLIC_URL ?? `http://${host}:${listening.info.port}`;
  };
  // Every node sends each basket's expiry job; workers (when run here) also take jobs.
  const jobs = await openJobQueue(database.url, { log, supervise: config.WORKERS }).catch(async (error) => {
    await database.close();
    throw error;
  });
  const runtime = makeAppRuntime({ db, config, jobQueue: { boss: jobs, log } });
  const stop = async () => {
    await server?.stop({ timeout: 5_000 });
    await workers?.stop();
    await runtime.dispose();
    await jobs.stop({ graceful: true, timeout: 10_000 });
    await database.close();
  };
  try {
    if (config.DEMO_DATA && (await isDatabaseEmpty(db))) {
      log.info('empty database: loading the demo data');
      const started = Date.now();
      try {
        await seedDemo(db, {});
        log.info(`demo data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      } catch (error) {
        // Another node started at the same moment and loaded it first: that is fine.
        if (!(error instanceof DatabaseNotEmptyError)) throw error;
        log.info('demo data was loaded by another node');
      }
    }
    server = await createHttpServer({ config, db, runtime, version });
    await server.start();
    if (config.WORKERS) workers = await startWorkers({ boss: jobs, runtime, log, publicUrl: urlOf(server) });
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  const url = urlOf(server);
  return { url, config, database, server, stop };
};
