import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { dropDatabase, ensureDatabase } from '../../adapters/postgres/database.ts';
import { positiveArg } from './args.ts';
import type { Figure } from './results.ts';
import { judged, type Target } from './targets.ts';

// pgbench tpcb-like on the PostgreSQL server a benchmark just used, in the same run: these
// machines' speed moves by half within an hour, so a rate is judged as a ratio to what the same
// server did for pgbench moments apart, not as an absolute number.

const run = promisify(execFile);

const pgbenchBinary = () =>
  ['/usr/lib/postgresql/15/bin/pgbench', '/usr/bin/pgbench'].find((p) => existsSync(p)) ?? 'pgbench';

export interface PgbenchOptions {
  /** The maintenance database of the server (BenchFoyer.adminUrl). */
  readonly adminUrl: string;
  readonly clients: number;
  readonly seconds: number;
}

/** pgbench tpcb-like tps on the server of adminUrl, in a scratch database of its own. */
export const pgbenchTps = async ({ adminUrl, clients, seconds }: PgbenchOptions): Promise<number> => {
  const name = `foyer_pgbench_${process.pid}`;
  await ensureDatabase(adminUrl, name);
  const url = new URL(adminUrl);
  const env = {
    ...process.env,
    PGHOST: url.hostname,
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username) || 'postgres',
    PGPASSWORD: decodeURIComponent(url.password),
    PGDATABASE: name,
  };
  try {
    await run(pgbenchBinary(), ['-i', '-q'], { env });
    const { stdout } = await run(
      pgbenchBinary(),
      ['-b', 'tpcb-like', '-c', String(clients), '-T', String(seconds)],
      { env },
    );
    const tps =
      /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout) ?? /tps = ([\d.]+)/.exec(stdout);
    if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
    return Number(tps[1]);
  } finally {
    await dropDatabase(adminUrl, name);
  }
};

/** Prints what is about to run, then measures it. */
export const measurePgbench = async (options: PgbenchOptions): Promise<number> => {
  process.stdout.write(
    `pgbench tpcb-like, ${options.clients} clients, ${options.seconds} s, same server...\n`,
  );
  return pgbenchTps(options);
};

/** `--pgbench-clients N` (10) and `--pgbench-seconds N` (10), the same in every benchmark. */
export const pgbenchArgs = (args: readonly string[]) => ({
  clients: positiveArg(args, 'pgbench-clients', 10),
  seconds: positiveArg(args, 'pgbench-seconds', 10),
});

/** A rate over pgbench tps, rounded to three places as the results files keep figures. */
export const ratio = (rate: number, pgbenchTps: number): number =>
  Math.round((rate / pgbenchTps) * 1000) / 1000;

/** The table row of a ratio to pgbench with its target. */
export const ratioFigure = (metric: string, value: number, target: Target): Figure => ({
  metric,
  value,
  unit: 'x pgbench tps',
  ...judged(target, value),
});
