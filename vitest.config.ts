import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      '{core,adapters,cli,worker,server,bridge,bench,test,scripts}/**/*.test.ts',
      'web/src/**/*.test.ts',
    ],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // In CI a failed test runs once more before it fails the build; .ci/run names every test that
    // passed only on its second run, with its first failure, so a flaky test is seen, not hidden.
    retry: process.env.CI ? 1 : 0,
  },
});
