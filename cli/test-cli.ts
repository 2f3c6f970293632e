import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll } from 'vitest';
import { createDatabase } from '../adapters/postgres/database.ts';
import { createTestDatabase } from '../test/database.ts';

// What the command-line tests share: a fresh demo database and a data folder for the file, and
// `foyer` run as an operator types it, in its own process against that database (or, through
// util-linux script(1), on a terminal of its own).

const root = path.resolve(import.meta.dirname, '..');
const foyerCommand = [process.execPath, '--disable-warning=ExperimentalWarning', 'cli/main.ts'];

export interface CliWorld {
  database: Awaited<ReturnType<typeof createTestDatabase>>;
  db: Knex;
  dir: string;
}

export interface FoyerRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Sets the world up before the file's tests and takes it down after; read it inside tests. */
export const cliWorld = (prefix: string): CliWorld => {
  const world = {} as CliWorld;
  beforeAll(async () => {
    world.database = await createTestDatabase();
    world.db = createDatabase(world.database.url, { max: 2 });
    world.dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  }, 120_000);
  afterAll(async () => {
    await world.db?.destroy();
    await world.database?.drop();
    if (world.dir) await rm(world.dir, { recursive: true, force: true });
  });
  return world;
};

/** The environment `foyer` gets in a world: its database and data folder, then `env`. */
export const worldEnv = (world: CliWorld, env: Record<string, string> = {}) => ({
  DATABASE_URL: world.database.url,
  DATA_DIR: world.dir,
  ...env,
});

/**
 * Starts `foyer <args>` with `env` over this process's environment; what it writes gathers in
 * `ran`. Its stdin is a pipe the caller may write to (and should end).
 */
export const startFoyer = (args: string[], env: Record<string, string>) => {
  const child = spawn(foyerCommand[0]!, [...foyerCommand.slice(1), ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const ran: FoyerRun = { code: null, stdout: '', stderr: '' };
  child.stdout.on('data', (c) => (ran.stdout += c));
  child.stderr.on('data', (c) => (ran.stderr += c));
  child.stdin.on('error', () => undefined); // a command that ends early does not read it
  const exited = new Promise<FoyerRun>((resolve) => child.on('exit', (code) => resolve({ ...ran, code })));
  return { child, ran, exited };
};

/** `foyer <args>` with `input` on its stdin (closed at once when undefined); its exit code and output. */
export const runCommand = (args: string[], env: Record<string, string>, input?: string) => {
  const started = startFoyer(args, env);
  started.child.stdin.end(input);
  return started.exited;
};

/** `foyer <args>` against the world's database; answers its exit code and output. */
export const runFoyer = (world: CliWorld, args: string[], env: Record<string, string> = {}, input?: string) =>
  runCommand(args, worldEnv(world, env), input);

/**
 * `foyer <args>` on a terminal of its own (util-linux script(1)): keys written to `child.stdin`
 * reach it as typed; `screen()` is everything it drew.
 */
export const foyerOnTerminal = (args: string[], env: Record<string, string>) => {
  const command = [...foyerCommand, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const child: ChildProcessWithoutNullStreams = spawn('script', ['-qefc', command, '/dev/null'], {
    cwd: root,
    // Ink draws nothing but the last frame when it thinks it runs in CI (CI set, as .ci/run
    // does): this command has a terminal, as a person's would.
    env: { ...process.env, LOG_LEVEL: 'warn', CI: 'false', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let screen = '';
  child.stdout.on('data', (c) => (screen += c));
  child.stderr.on('data', (c) => (screen += c));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, screen: () => screen, exited };
};
