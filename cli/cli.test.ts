import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../test/database.ts';

// The CLI as an operator's script runs it: no terminal, answers on stdout, exit codes that mean something.
const root = path.resolve(import.meta.dirname, '..');
let database: Awaited<ReturnType<typeof createTestDatabase>>;

const foyer = (args: string[]) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['cli/main.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

// Each command is a process of its own that opens the database: slow on a loaded CI machine.
describe('foyer command line', { timeout: 120_000 }, () => {
  it('lists upcoming events of a series as a table', async () => {
    // Next month: the demo is seeded as of today (test/database.ts), Hamlet for months ahead.
    const next = new Date();
    next.setUTCDate(1);
    next.setUTCMonth(next.getUTCMonth() + 1);
    const month = String(next.getUTCMonth() + 1).padStart(2, '0');
    const year = next.getUTCFullYear();
    const { code, stdout } = await foyer([
      'events',
      'list',
      '--series',
      'HAMLET',
      '--from',
      `${year}-${month}-01`,
      '--limit',
      '3',
    ]);
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+Starts\s+Series\s+Event\s+Venue\s+Availability\s+Sale$/);
    // The venue's clock, its zone named in words.
    const inMonth = new RegExp(
      `\\s${year}-${month}-\\d\\d (1[0-2]|[1-9]):\\d\\d [AP]M New York time\\s+HAMLET\\s+Hamlet\\s`,
    );
    expect(lines.slice(2, 5)).toHaveLength(3);
    expect(lines.slice(2, 5).every((l) => inMonth.test(l))).toBe(true);
    expect(stdout).toContain('more events follow');
  });

  it('prints the API JSON with --json', async () => {
    const { code, stdout } = await foyer(['events', 'list', '--series', 'COMEDY', '--limit', '2', '--json']);
    expect(code).toBe(0);
    const page = JSON.parse(stdout) as { Items: { EventTemplateCode: string }[]; HasMore: boolean };
    expect(page.Items.map((e) => e.EventTemplateCode)).toEqual(['COMEDY', 'COMEDY']);
  });

  it('rejects bad arguments with exit code 2 and a line naming the option', async () => {
    // Dates are ISO (YYYY-MM-DD) in every option.
    const american = await foyer(['events', 'list', '--from', '12-01-2026']);
    expect(american).toMatchObject({ code: 2, stdout: '' });
    expect(american.stderr.trim()).toBe(
      '--from: must be a real day as YYYY-MM-DD, not "12-01-2026" (did you mean 2026-12-01?).',
    );
    const impossible = await foyer(['events', 'list', '--from', '2026-02-30']);
    expect(impossible.code).toBe(2);
    expect(impossible.stderr.trim()).toBe('--from: must be a real day as YYYY-MM-DD, not "2026-02-30".');
    const help = await foyer(['events', 'list', '--help']);
    expect(help.stdout).toContain('--from <YYYY-MM-DD>');
    expect((await foyer(['events', 'list', '--limit', '500'])).code).toBe(2);
    expect((await foyer(['no-such-command'])).code).toBe(2);
  });

  it(
    'says on stderr which database it opened when DATABASE_URL is unset, stdout left to the answer',
    { timeout: 240_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'foyer-cli-embedded-'));
      try {
        const env: Record<string, string | undefined> = {
          ...process.env,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
        };
        delete env.DATABASE_URL;
        const res = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
          const child = spawn(process.execPath, ['cli/main.ts', 'staff', 'list', '--json'], {
            cwd: root,
            env,
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          let stdout = '';
          let stderr = '';
          child.stdout.on('data', (c) => (stdout += c));
          child.stderr.on('data', (c) => (stderr += c));
          child.on('exit', (code) => resolve({ code, stdout, stderr }));
        });
        expect(res.code, res.stderr).toBe(0);
        expect(res.stderr).toBe(
          `Using the embedded PostgreSQL in ${path.join(dataDir, 'pg')} (no DATABASE_URL)\n`,
        );
        expect(Array.isArray(JSON.parse(res.stdout))).toBe(true);
        // With DATABASE_URL, nothing is said: the operator chose it.
        const chosen = await foyer(['staff', 'list', '--json']);
        expect(chosen).toMatchObject({ code: 0, stderr: '' });
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );

  it('migrate reports an up-to-date database', async () => {
    const { code, stdout } = await foyer(['migrate']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Database is up to date: \d+ migrations applied, 0 pending\.$/m);
  });

  it('refuses to seed over data, and to reset without --yes when nobody can be asked', async () => {
    const refused = await foyer(['demo', 'seed']);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/already holds data/);
    const unconfirmed = await foyer(['demo', 'seed', '--reset']);
    expect(unconfirmed.code).toBe(3);
    expect(unconfirmed.stderr).toMatch(/Nothing changed/);
    const listed = await foyer(['events', 'list', '--limit', '1', '--json']);
    expect(JSON.parse(listed.stdout).Items).toHaveLength(1);
  });

  it('is documented: the README names every command the help lists', async () => {
    const commandsOf = (help: string) =>
      (help.split(/^Commands:$/m)[1] ?? '')
        .split('\n')
        .map((line) => /^ {2}(\S+)/.exec(line)?.[1])
        .filter((name): name is string => name !== undefined && name !== 'help');
    const readme = await readFile(path.join(root, 'README.md'), 'utf8');
    const top = commandsOf((await foyer(['--help'])).stdout);
    expect(top).toEqual(expect.arrayContaining(['migrate', 'demo', 'events', 'onsale']));
    for (const command of top) {
      const subcommands = commandsOf((await foyer([command, '--help'])).stdout);
      const names = subcommands.length ? subcommands.map((sub) => `${command} ${sub}`) : [command];
      for (const name of names) expect(readme, `README lists \`${name}\``).toContain(`\`${name}`);
    }
  });

  it('resets to the demo with --reset --yes, reporting progress and counts', async () => {
    const { code, stdout, stderr } = await foyer(['demo', 'seed', '--reset', '--yes']);
    expect(code).toBe(0);
    expect(stderr).toMatch(/Demo data loaded in \d+\.\d s\./);
    expect(stdout).toMatch(/^ {2}venues: 3$/m);
    expect(stdout).toMatch(/^ {2}seats: \d{5}$/m);
  }, 60_000);
});
