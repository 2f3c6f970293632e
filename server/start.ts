import type { Server } from '@hapi/hapi';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { loadConfig, type Config } from '../adapters/config.ts';
import { createLogger } from '../adapters/log.ts';
import { openDatabase, type Database } from '../adapters/open-database.ts';
import { DatabaseNotEmptyError, isDatabaseEmpty, seedDemo } from '../adapters/postgres/demo/seed.ts';
import { makeAppRuntime, publicUrlOf } from '../adapters/wiring.ts';
import { createHttpServer } from '../adapters/http/server.ts';
import { openJobQueue } from '../adapters/queue/job-queue.ts';
import { startWorkers, type Workers } from '../worker/jobs.ts';

// What `npm start` runs (server/main.ts), and what tests, benchmarks and the dev server start in
// their own process: the database, the demo data when it is empty, the web server and, unless
// WORKERS=false, the workers, all over one runtime from the composition root (adapters/wiring.ts).

const root = path.resolve(import.meta.dirname, '..');
export const version: string = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;

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
  const urlOf = (listening: Server) => publicUrlOf({ ...config, PORT: Number(listening.info.port) });
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
    server = await createHttpServer({ config, runtime, version });
    await server.start();
    if (config.WORKERS) workers = await startWorkers({ boss: jobs, runtime, log, publicUrl: urlOf(server) });
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  const url = urlOf(server);
  return { url, config, database, server, stop };
};
