import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import { loadConfig } from '../adapters/config.ts';
import { createLogger } from '../adapters/log.ts';
import { createDatabase } from '../adapters/postgres/database.ts';
import { openJobQueue } from '../adapters/queue/job-queue.ts';
import { makeAppRuntime, type AppRuntime } from '../adapters/wiring.ts';
import { createHttpServer } from '../adapters/http/server.ts';
import { startWorkers, type Workers } from '../worker/jobs.ts';
import { createTestDatabase } from './database.ts';

// A server over a fresh demo database with the pg-boss workers running beside it, as `npm start`
// has them: for API tests whose calls hand work to a job (print queues, event cancellations).

export interface WorkingTestApi {
  readonly server: Server;
  readonly db: Knex;
  readonly runtime: AppRuntime;
  /** Stops the workers and starts them again (a worker process restarted). */
  restartWorkers(): Promise<void>;
  close(): Promise<void>;
}

const log = createLogger('silent');

export const createWorkingTestApi = async (dataDirPrefix: string): Promise<WorkingTestApi> => {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), dataDirPrefix));
  const db = createDatabase(database.url, { max: 20 });
  const boss = await openJobQueue(database.url, { log, supervise: false });
  const config = loadConfig({
    DATABASE_URL: database.url,
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
  });
  const runtime = makeAppRuntime({ db, config, jobQueue: { boss, log } });
  const server = await createHttpServer({ config, runtime, version: 'test' });
  await server.initialize();
  const start = () => startWorkers({ boss, runtime, log, publicUrl: 'http://localhost:3000' });
  let workers: Workers = await start();
  return {
    server,
    db,
    runtime,
    restartWorkers: async () => {
      await workers.stop();
      workers = await start();
    },
    close: async () => {
      await workers.stop();
      await server.stop();
      await runtime.dispose();
      await boss.stop({ graceful: false, timeout: 2_000 });
      await db.destroy();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};
