import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The browser tests: built storefront + real server + real database, driven in Chromium.
// `npm run test:browser`. Not part of `npm test` (its include does not reach web/).
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['web/e2e/**/*.test.ts'],
    // One PostgreSQL server (embedded unless DATABASE_URL is set) and a seeded template per run.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    pool: 'forks',
    fileParallelism: false,
    // As in vitest.config.ts: one more run in CI, and .ci/run names what needed it.
    retry: process.env.CI ? 1 : 0,
  },
});
