import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storefrontBuildNeeded } from './built-storefront.ts';

// `npm start` on a fresh clone must build the storefront before serving it (package.json's
// prestart), and later starts must rebuild only when a source changed.

let root: string;
const file = async (relative: string, at: Date) => {
  const full = path.join(root, relative);
  await mkdir(path.dirname(full), { recursive: true });
  await writeFile(full, relative);
  await utimes(full, at, at);
};
const earlier = new Date('2026-11-01T10:00:00Z');
const later = new Date('2026-11-02T10:00:00Z');

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'foyer-built-'));
  await file('web/src/main.tsx', earlier);
  await file('web/src/features/page.tsx', earlier);
  await file('web/index.html', earlier);
  await file('adapters/http/contract/catalogue.ts', earlier);
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('whether npm start builds the storefront', () => {
  it('builds a fresh clone, which has no web/dist', () => {
    expect(storefrontBuildNeeded(root)).toBe(true);
  });

  it('does not build again while web/dist is newer than every source', async () => {
    await file('web/dist/index.html', later);
    expect(storefrontBuildNeeded(root)).toBe(false);
  });

  it('builds again when a web source, the page or the API contract changed since', async () => {
    await file('web/dist/index.html', later);
    for (const source of [
      'web/src/features/page.tsx',
      'web/index.html',
      'adapters/http/contract/catalogue.ts',
    ]) {
      await utimes(
        path.join(root, source),
        new Date('2026-11-03T10:00:00Z'),
        new Date('2026-11-03T10:00:00Z'),
      );
      expect(storefrontBuildNeeded(root), source).toBe(true);
      await utimes(path.join(root, source), earlier, earlier);
    }
  });

  it('serves a deployment of the built files alone as it is', async () => {
    await rm(path.join(root, 'web/src'), { recursive: true });
    expect(storefrontBuildNeeded(root)).toBe(false);
  });

  it('runs before npm start', async () => {
    const pkg = JSON.parse(await readFile(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.prestart).toMatch(/ scripts\/build-storefront\.ts$/);
  });
});
