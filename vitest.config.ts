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
  },
});
