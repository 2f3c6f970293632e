import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFoyer } from '../server/start.ts';
import { percentile, runLoad } from './lib/http-load.ts';
import { printTable, writeResults } from './lib/results.ts';
import { positiveArg } from './lib/args.ts';

// GET /api/eventinventory/{id} for the 20,000-seat arena under 50 concurrent keep-alive clients
// asking for gzip, plus the time `npm start` takes to be ready on an empty and on a reused
// data directory. Targets are printed next to the figures, never asserted.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WARMUP_MS = 2_000;
const TARGET_P50_MS = 25;
const TARGET_GZIP_BYTES = 300 * 1024;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

const fetchBytes = (url: string, headers: Record<string, string>) =>
  new Promise<{ status: number; bytes: number; encoding: string | undefined }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, bytes, encoding: res.headers['content-encoding'] }),
        );
      })
      .on('error', reject);
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts `npm start`'s program on a fresh or reused DATA_DIR; seconds until /readyz answers 200. */
const timeStart = async (dataDir: string): Promise<number> => {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL; // the default start: embedded PostgreSQL in DATA_DIR
  const started = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', 'server/main.ts'],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const exited = once(child, 'exit');
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${stderr}`);
      const ready = await fetchBytes(`http://127.0.0.1:${port}/readyz`, {}).catch(() => undefined);
      if (ready?.status === 200) return (performance.now() - started) / 1000;
      if (performance.now() - started > 180_000) throw new Error(`not ready after 180 s:\n${stderr}`);
      await sleep(100);
    }
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    }
  }
};

/** `--clients 50 --seconds 20 --requests 4000`: the defaults the issue asked for. */
const parseArgs = (args: string[]) => {
  const value = (name: string, fallback: number) => positiveArg(args, name, fallback);
  return {
    clients: value('clients', 50),
    durationMs: value('seconds', 20) * 1000,
    maxRequests: value('requests', 4_000),
  };
};

export default async function inventoryBench(args: string[] = []): Promise<void> {
  const { clients: CLIENTS, durationMs: DURATION_MS, maxRequests: MAX_REQUESTS } = parseArgs(args);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'foyer-bench-inventory-'));
  const startDir = await mkdtemp(path.join(os.tmpdir(), 'foyer-bench-start-'));
  const metrics: Record<string, number> = {};
  try {
    process.stdout.write(
      `Starting Foyer (${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded PostgreSQL'})...\n`,
    );
    const foyer = await startFoyer({
      env: { ...process.env, DATA_DIR: dataDir, WORKERS: 'false', LOG_LEVEL: 'warn' },
      port: 0,
      quiet: true,
    });
    try {
      // The arena event with 20,000 seats whose statuses are most mixed: the largest payload
      // after gzip, so the honest one to measure.
      const arena: { id: number; open: number; sold: number } | undefined = await foyer.database
        .db('event_seats')
        .groupBy('event_id')
        .havingRaw('count(*) = 20000')
        .select('event_id as id')
        .select(foyer.database.db.raw(`count(*) filter (where status = 'Open')::int as open`))
        .select(foyer.database.db.raw(`count(*) filter (where status = 'Sold')::int as sold`))
        .orderByRaw(
          `least(count(*) filter (where status = 'Open'), count(*) filter (where status = 'Sold')) desc, event_id`,
        )
        .first();
      if (!arena) throw new Error('no event with 20,000 seats: is the demo data loaded?');
      const url = `${foyer.url.replace('localhost', '127.0.0.1')}/api/eventinventory/${arena.id}`;
      process.stdout.write(
        `Event ${arena.id}: ${arena.open} open, ${arena.sold} sold. ${CLIENTS} clients on ${url}\n`,
      );

      const raw = await fetchBytes(url, {});
      const gzipped = await fetchBytes(url, { 'accept-encoding': 'gzip' });
      if (raw.status !== 200 || gzipped.encoding !== 'gzip')
        throw new Error(`unexpected answer: ${raw.status} ${gzipped.encoding}`);
      metrics.bytes_raw = raw.bytes;
      metrics.bytes_gzip = gzipped.bytes;

      const load = await runLoad({
        url,
        clients: CLIENTS,
        warmupMs: WARMUP_MS,
        durationMs: DURATION_MS,
        maxRequests: MAX_REQUESTS,
        headers: { 'accept-encoding': 'gzip' },
      });
      const ok = load.statusCodes['200'] ?? 0;
      if (load.errors > 0 || ok !== load.latenciesMs.length)
        process.stdout.write(
          `Warning: ${load.errors} errors, statuses ${JSON.stringify(load.statusCodes)}\n`,
        );
      metrics.p50_ms = percentile(load.latenciesMs, 50);
      metrics.p99_ms = percentile(load.latenciesMs, 99);
      metrics.rps = load.latenciesMs.length / (load.elapsedMs / 1000);
      process.stdout.write(
        `${load.latenciesMs.length} requests in ${(load.elapsedMs / 1000).toFixed(1)} s\n`,
      );
    } finally {
      await foyer.stop();
    }

    process.stdout.write('Timing npm start on an empty data directory, then again on the same one...\n');
    metrics.start_first_s = await timeStart(startDir);
    metrics.start_second_s = await timeStart(startDir);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await rm(startDir, { recursive: true, force: true });
  }

  const rounded = Object.fromEntries(
    Object.entries(metrics).map(([k, v]) => [k, Number.isInteger(v) ? v : Math.round(v * 100) / 100]),
  );
  printTable(`inventory: GET /api/eventinventory/{id}, 20,000-seat arena, ${CLIENTS} clients, gzip`, [
    {
      metric: 'p50_ms',
      value: rounded.p50_ms!,
      unit: 'ms',
      target: `<= ${TARGET_P50_MS}`,
      met: rounded.p50_ms! <= TARGET_P50_MS,
    },
    { metric: 'p99_ms', value: rounded.p99_ms!, unit: 'ms' },
    { metric: 'rps', value: rounded.rps!, unit: 'req/s' },
    { metric: 'bytes_raw', value: rounded.bytes_raw!, unit: 'bytes' },
    {
      metric: 'bytes_gzip',
      value: rounded.bytes_gzip!,
      unit: 'bytes',
      target: `<= ${TARGET_GZIP_BYTES}`,
      met: rounded.bytes_gzip! <= TARGET_GZIP_BYTES,
    },
    { metric: 'start_first_s', value: rounded.start_first_s!, unit: 's' },
    { metric: 'start_second_s', value: rounded.start_second_s!, unit: 's' },
  ]);
  const file = await writeResults('inventory', rounded);
  process.stdout.write(`Wrote ${path.relative(root, file)}\n`);
}
