import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { callTables, withCallTables } from './api-doc.ts';

// docs/api.md lists every call the server publishes, with the words of its route's summary.
// After adding or changing a route: API_DOC_WRITE=1 npx vitest run adapters/http/system/api-doc.test.ts
const file = new URL('../../../docs/api.md', import.meta.url);

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(() => api?.close());

describe('docs/api.md', () => {
  it('lists exactly the calls of /api/openapi.json, each saying what it does', async () => {
    const document = JSON.parse((await api.server.inject('/api/openapi.json')).payload);
    for (const [path, methods] of Object.entries(
      document.paths as Record<string, Record<string, { summary?: string }>>,
    ))
      for (const [method, operation] of Object.entries(methods))
        expect(
          operation.summary?.trim().length ?? 0,
          `${method.toUpperCase()} ${path} has no summary`,
        ).toBeGreaterThan(10);
    const current = await readFile(file, 'utf8');
    const expected = withCallTables(current, callTables(document));
    if (process.env.API_DOC_WRITE) await writeFile(file, expected);
    else
      expect(
        current,
        'docs/api.md is out of date: API_DOC_WRITE=1 npx vitest run adapters/http/system/api-doc.test.ts',
      ).toBe(expected);
  });
});
