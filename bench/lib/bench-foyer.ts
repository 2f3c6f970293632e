import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startFoyer, type RunningFoyer } from '../../server/start.ts';
import { dropDatabase, ensureDatabase } from '../../adapters/postgres/database.ts';

// A Foyer of a benchmark's own: demo data in a scratch database on the server of DATABASE_URL
// (made and dropped here), or the embedded PostgreSQL in a temporary data directory; workers off,
// quiet logs, a free loopback port.

export interface BenchFoyer {
  readonly foyer: RunningFoyer;
  /** http://127.0.0.1:PORT (loopback by address, not by name). */
  readonly baseUrl: string;
  /** The double-submit CSRF token the server handed out, for state-changing calls. */
  readonly csrfToken: string;
  /** The maintenance database of the same PostgreSQL server (for pgbench and the like). */
  readonly adminUrl: string;
  stop(): Promise<void>;
}

const withPath = (url: string, pathname: string) => Object.assign(new URL(url), { pathname }).toString();

/** The CSRF cookie's value from a first call, as a browser would get it. */
export const fetchCsrfToken = async (baseUrl: string): Promise<string> => {
  const res = await fetch(`${baseUrl}/healthz`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('foyer_csrf='));
  const token = cookie?.split(';')[0]?.slice('foyer_csrf='.length);
  if (!token) throw new Error('the server handed out no CSRF token');
  return token;
};

export const startBenchFoyer = async (name: string, env: NodeJS.ProcessEnv = {}): Promise<BenchFoyer> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `foyer-bench-${name}-`));
  const serverUrl = process.env.DATABASE_URL;
  const scratch = `foyer_bench_${name}_${process.pid}`;
  const admin = serverUrl ? withPath(serverUrl, '/postgres') : undefined;
  const cleanUp = async () => {
    if (admin) await dropDatabase(admin, scratch);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    if (admin) await ensureDatabase(admin, scratch);
    process.stdout.write(
      `Starting Foyer (${serverUrl ? 'DATABASE_URL' : 'embedded PostgreSQL'}, demo data)...\n`,
    );
    const foyer = await startFoyer({
      env: {
        ...process.env,
        ...(serverUrl ? { DATABASE_URL: withPath(serverUrl, `/${scratch}`) } : {}),
        DATA_DIR: dataDir,
        WORKERS: 'false',
        LOG_LEVEL: 'warn',
        ...env,
      },
      port: 0,
      quiet: true,
    });
    const baseUrl = foyer.url.replace('localhost', '127.0.0.1');
    const stop = async () => {
      await foyer.stop();
      await cleanUp();
    };
    try {
      const adminUrl = foyer.database.embedded?.adminUrl ?? admin!;
      return { foyer, baseUrl, csrfToken: await fetchCsrfToken(baseUrl), adminUrl, stop };
    } catch (error) {
      await stop();
      throw error;
    }
  } catch (error) {
    await cleanUp().catch(() => undefined);
    throw error;
  }
};
