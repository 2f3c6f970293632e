import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll } from 'vitest';
import { createDatabase } from '../adapters/postgres/database.ts';
import { createTestDatabase } from '../test/database.ts';

// What the command-line tests share: a fresh demo database and a data folder for the file, and
// `foyer` run as an operator types it, in its own process against that database.

const root = path.resolve(import.meta.dirname, '..');

export interface CliWorld {
  database: Awaited<ReturnType<typeof createTestDatabase>>;
  db: Knex;
  dir: string;
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

/** `foyer <args>` against the world's database; answers its exit code and output. */
export const runFoyer = (world: CliWorld, args: string[], env: Record<string, string> = {}) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'cli/main.ts', ...args], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: world.database.url,
        LOG_LEVEL: 'warn',
        DATA_DIR: world.dir,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
