import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';

type EventList = { Items: { ID: number }[] };

// `npm start` as a newcomer runs it: embedded PostgreSQL in DATA_DIR, demo data once, a URL,
// a clean stop on Ctrl-C (SIGINT), and a second start that reuses the data.

const root = path.resolve(import.meta.dirname, '..');

const start = (dataDir: string) => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    WORKERS: 'true',
    LOG_LEVEL: 'info',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /Foyer is open: (http:\/\/\S+)/.exec(output);
      if (match) {
        clearInterval(timer);
        resolve(match[1]!);
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`exited with ${code} before it was ready:\n${output}`));
    });
  });
  return { child, url, output: () => output };
};

describe('npm start', () => {
  it('starts embedded, loads the demo once, serves, stops cleanly on SIGINT and reuses the data', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'foyer-start-'));
    try {
      const first = start(dataDir);
      const url = await first.url;
      const events = await fetch(`${url}/api/events?Limit=5`).then((r) => r.json() as Promise<EventList>);
      expect(events.Items).toHaveLength(5);
      expect(first.output()).toContain('loading the demo data');
      first.child.kill('SIGINT');
      const [code] = await once(first.child, 'exit');
      expect(code).toBe(0);
      expect(first.output()).toContain('Foyer stopped cleanly.');

      const second = start(dataDir);
      const url2 = await second.url;
      const again = await fetch(`${url2}/api/events?Limit=5`).then((r) => r.json() as Promise<EventList>);
      expect(again.Items.map((e: { ID: number }) => e.ID)).toEqual(
        events.Items.map((e: { ID: number }) => e.ID),
      );
      expect(second.output()).not.toContain('loading the demo data');
      second.child.kill('SIGTERM');
      const [code2] = await once(second.child, 'exit');
      expect(code2).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('stops with one line naming a bad variable', async () => {
    const child = spawn(process.execPath, ['server/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: 'eighty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(stderr.trim()).toMatch(/^Invalid configuration: PORT [^\n]+$/);
  });
});
