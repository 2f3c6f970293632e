import { ConfigError, loadConfig } from '../adapters/config.ts';
import { createLogger } from '../adapters/log.ts';
import { openDatabase } from '../adapters/open-database.ts';
import { openJobQueue } from '../adapters/queue/job-queue.ts';
import { makeAppRuntime, publicUrlOf } from '../adapters/wiring.ts';
import { startWorkers } from './jobs.ts';

// `npm run worker`: job handlers alone, for running workers apart from the web nodes.
try {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  const database = await openDatabase(config, log);
  const boss = await openJobQueue(database.url, { log, supervise: true });
  // The same services as a web node: releases are announced on the same seat change feed
  // (Redis when REDIS_URL is set, so every web node's open seat maps hear them).
  const runtime = makeAppRuntime({ db: database.db, config, jobQueue: { boss, log } });
  const workers = await startWorkers({ boss, runtime, log, publicUrl: publicUrlOf(config) });
  log.info('workers running; press Ctrl-C to stop');
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await workers.stop();
    await runtime.dispose();
    await boss.stop({ graceful: true, timeout: 10_000 });
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
} catch (error) {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : `Workers could not start: ${String(error)}`}\n`,
  );
  process.exit(error instanceof ConfigError ? 2 : 1);
}
