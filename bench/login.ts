import http from 'node:http';
import os from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { Knex } from 'knex';
import { hashPassword } from '../adapters/crypto/password.ts';
import { DEMO_PASSWORD } from '../adapters/postgres/demo/people.ts';
import { startBenchFoyer } from './lib/bench-foyer.ts';
import { percentile } from './lib/http-load.ts';
import { printTable, writeResults, type Figure } from './lib/results.ts';
import { positiveArg } from './lib/args.ts';

// `npm run bench -- login`: sign-ins over HTTP (POST /api/account/login), 20 closed-loop clients
// for 10 s after a 2 s warm-up, on a thread of their own. Each client is a browser of its own: it
// gets its CSRF cookie from GET /healthz and signs in, again and again, as a customer account of
// its own (made beforehand, password hashed as sign-up would), so no two clients share a row; a
// good sign-in never counts towards the throttle. Before the server starts, the hash alone:
// median of 30 argon2id hashes at the production parameters. Meanwhile the process's resident
// memory is sampled every 100 ms (the server runs in this process; argon2 takes 19 MiB a hash).
// `--hash-only` measures the hash and stops (writing no results file).

const KIND = 'foyer-login-load';
const HASH_RUNS = 30;
const MIB = 1024 * 1024;

interface LoadOptions {
  readonly baseUrl: string;
  readonly accounts: readonly string[];
  readonly password: string;
  readonly warmupMs: number;
  readonly durationMs: number;
}

interface LoadResult {
  /** Successful sign-ins in the measured window, milliseconds, sorted. */
  readonly loginMs: number[];
  readonly elapsedMs: number;
  readonly statusCodes: Record<string, number>;
  readonly errors: number;
}

const runLoad = async (o: LoadOptions): Promise<LoadResult> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.accounts.length });
  const loginMs: number[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  const warmupEnds = performance.now() + o.warmupMs;
  const deadline = warmupEnds + o.durationMs;

  const request = (method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; cookies: string[] }>((resolve) => {
      const req = http.request(`${o.baseUrl}${path}`, { method, agent, headers }, (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, cookies: res.headers['set-cookie'] ?? [] }),
        );
      });
      req.on('error', () => {
        errors++;
        resolve({ status: 0, cookies: [] });
      });
      req.end(body);
    });

  const client = async (email: string) => {
    const first = await request('GET', '/healthz', {});
    const csrf = first.cookies
      .find((c) => c.startsWith('foyer_csrf='))
      ?.split(';')[0]!
      .slice('foyer_csrf='.length);
    if (!csrf) {
      errors++;
      return;
    }
    const payload = JSON.stringify({ Email: email, Password: o.password });
    const headers = {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(payload)),
      'x-csrf-token': csrf,
      cookie: `foyer_csrf=${csrf}`,
    };
    while (performance.now() < deadline) {
      const started = performance.now();
      const { status } = await request('POST', '/api/account/login', headers, payload);
      const ended = performance.now();
      if (started < warmupEnds || ended > deadline) continue;
      statusCodes[status] = (statusCodes[status] ?? 0) + 1;
      if (status === 200) loginMs.push(ended - started);
    }
  };
  await Promise.all(o.accounts.map(client));
  const elapsedMs = Math.min(performance.now(), deadline) - warmupEnds;
  agent.destroy();
  return { loginMs: loginMs.sort((a, b) => a - b), elapsedMs, statusCodes, errors };
};

const loadOnThread = (options: LoadOptions): Promise<LoadResult> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { kind: KIND, options } });
    worker.once('message', (result: LoadResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? undefined : reject(new Error(`login load worker exited with ${code}`)),
    );
  });

if (!isMainThread && (workerData as { kind?: string } | null)?.kind === KIND)
  parentPort?.postMessage(await runLoad((workerData as { options: LoadOptions }).options));

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Median time of one argon2id hash at the production parameters, one at a time. */
const timeHashes = async (runs: number) => {
  await hashPassword('warm-up password'); // loads the binding
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await hashPassword(`bench password ${i}`);
    times.push(performance.now() - started);
  }
  return median(times);
};

/** Peak resident memory of this process, sampled every 100 ms between start() and stop(). */
const sampleRss = () => {
  let peak = 0;
  let timer: NodeJS.Timeout | undefined;
  const sample = () => (peak = Math.max(peak, process.memoryUsage.rss()));
  return {
    start: () => {
      peak = 0;
      sample();
      timer = setInterval(sample, 100);
    },
    stop: () => {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
};

/** One customer account per client, hashed as sign-up hashes, so no two clients share a row. */
const makeAccounts = async (db: Knex, count: number, password: string) => {
  const stamp = Date.now().toString(36);
  const emails = Array.from({ length: count }, (_, i) => `bench-login-${stamp}-${i}@example.com`);
  const hashes = await Promise.all(emails.map(() => hashPassword(password)));
  await db('customers').insert(
    emails.map((email, i) => ({
      email,
      first_name: 'Bench',
      last_name: `Login ${i}`,
      password_hash: hashes[i],
    })),
  );
  return emails;
};

const parseArgs = (args: string[]) => ({
  clients: positiveArg(args, 'clients', 20),
  seconds: positiveArg(args, 'seconds', 10),
  hashRuns: positiveArg(args, 'hash-runs', HASH_RUNS),
  hashOnly: args.includes('--hash-only'),
});

const round1 = (value: number) => Math.round(value * 10) / 10;

export default async function loginBench(args: string[] = []): Promise<void> {
  const { clients, seconds, hashRuns, hashOnly } = parseArgs(args);
  const threadpool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  process.stdout.write(`Timing ${hashRuns} argon2id hashes, one at a time...\n`);
  const hashMs = await timeHashes(hashRuns);
  const hashFigure: Figure = {
    metric: 'hash_ms',
    value: round1(hashMs),
    unit: 'ms (median, argon2id m=19456 t=2 p=1)',
  };
  if (hashOnly) {
    // No results file: a partial one would replace the last full run's.
    printTable(`Password hash, ${os.availableParallelism()} cpus`, [hashFigure]);
    return;
  }

  const bench = await startBenchFoyer('login');
  try {
    const accounts = await makeAccounts(bench.foyer.database.db, clients, DEMO_PASSWORD);
    // One sign-in first: the call must exist and accept these accounts before the load means anything.
    const probe = await fetch(`${bench.baseUrl}/api/account/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': bench.csrfToken,
        cookie: `foyer_csrf=${bench.csrfToken}`,
      },
      body: JSON.stringify({ Email: accounts[0], Password: DEMO_PASSWORD }),
    });
    if (probe.status !== 200)
      throw new Error(
        `POST /api/account/login answered ${probe.status}: ${(await probe.text()).slice(0, 200)}`,
      );

    process.stdout.write(`${clients} clients signing in for ${seconds} s (after a 2 s warm-up)...\n`);
    const rss = sampleRss();
    const rssBefore = process.memoryUsage.rss();
    rss.start();
    const result = await loadOnThread({
      baseUrl: bench.baseUrl,
      accounts,
      password: DEMO_PASSWORD,
      warmupMs: 2000,
      durationMs: seconds * 1000,
    });
    const peakRss = rss.stop();

    const logins = result.loginMs.length;
    const failed =
      result.errors +
      Object.entries(result.statusCodes)
        .filter(([status]) => status !== '200')
        .reduce((n, [, count]) => n + count, 0);
    const metrics = {
      logins_per_s: round1(logins / (result.elapsedMs / 1000)),
      hash_ms: hashFigure.value,
      rss_mb: Math.round(peakRss / MIB),
      p50_ms: round1(percentile(result.loginMs, 50)),
      p99_ms: round1(percentile(result.loginMs, 99)),
      logins,
      failed_requests: failed,
      clients,
      rss_before_load_mb: Math.round(rssBefore / MIB),
    };
    const figures: Figure[] = [
      { metric: 'logins_per_s', value: metrics.logins_per_s, unit: 'sign-ins/s' },
      hashFigure,
      { metric: 'rss_mb', value: metrics.rss_mb, unit: 'MiB (peak during the load, 100 ms samples)' },
      { metric: 'p50_ms', value: metrics.p50_ms, unit: 'ms (sign-in)' },
      { metric: 'p99_ms', value: metrics.p99_ms, unit: 'ms (sign-in)' },
      { metric: 'logins', value: logins, unit: 'sign-ins' },
      { metric: 'failed_requests', value: failed, unit: 'requests', target: '= 0', met: failed === 0 },
      { metric: 'rss_before_load_mb', value: metrics.rss_before_load_mb, unit: 'MiB (server idle)' },
    ];
    printTable(
      `Sign-in: ${clients} clients, ${os.availableParallelism()} cpus, libuv thread pool ${threadpool}`,
      figures,
    );
    if (Object.keys(result.statusCodes).some((status) => status !== '200'))
      process.stdout.write(`status codes: ${JSON.stringify(result.statusCodes)}\n`);
    const file = await writeResults('login', metrics);
    process.stdout.write(`wrote ${file}\n`);
  } finally {
    await bench.stop();
  }
}
