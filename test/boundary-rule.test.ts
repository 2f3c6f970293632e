import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import path from 'node:path';

// core/ stays pure so its rules run anywhere and test without a database: the lint fails when
// core/ reaches an adapter, a driving side or an I/O package (eslint.config.js).
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });
const lint = async (file: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter(
    (m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-globals',
  );
};

describe('the core boundary rule', () => {
  it.each([
    ["import { createDatabase } from '../../adapters/postgres/database.ts';", 'an adapter'],
    ["import { x } from '../../web/src/main.tsx';", 'the web'],
    ["import { x } from '../../cli/main.ts';", 'the CLI'],
    ["import { x } from '../../worker/jobs.ts';", 'the worker'],
    ["import pg from 'pg';", 'pg'],
    ["import knex from 'knex';", 'knex'],
    ["import { Redis } from 'ioredis';", 'ioredis'],
    ["import Stripe from 'stripe';", 'stripe'],
    ["import Hapi from '@hapi/hapi';", 'hapi'],
    ["import { readFileSync } from 'node:fs';", 'node:fs'],
    ["import { connect } from 'node:net';", 'node:net'],
    ['export const f = () => fetch("https://example.com");', 'fetch'],
  ])('rejects %s (%s) in core/', async (code) => {
    expect(await lint('core/catalogue/example.ts', `${code}\nexport {};\n`)).not.toHaveLength(0);
  });

  it('allows pure imports in core/ and I/O outside it', async () => {
    expect(
      await lint(
        'core/catalogue/example.ts',
        "import { Effect } from 'effect';\nexport const e = Effect.void;\n",
      ),
    ).toEqual([]);
    expect(await lint('adapters/example.ts', "import pg from 'pg';\nexport const p = pg;\n")).toEqual([]);
  });
});
