import { describe, expect, test } from 'vitest';
import { loadWithRetries, scriptRetryDelay, SCRIPT_LOAD_DELAY_MS } from './gateway-script.ts';

// Up to 4 retries, 400 x (6 - remaining) ms apart, 700 ms for a
// loaded script to define its global.

const fakeLoading = (outcomes: ('fail' | 'late' | 'ok')[]) => {
  const slept: number[] = [];
  let attempt = -1;
  let defined = false;
  return {
    slept,
    attempts: () => attempt + 1,
    loading: {
      inject: async () => {
        attempt++;
        const outcome = outcomes[attempt] ?? 'fail';
        if (outcome === 'fail') throw new Error('network');
        defined = outcome === 'ok';
      },
      global: () => (defined ? { gateway: true } : undefined),
      sleep: async (ms: number) => {
        slept.push(ms);
        if (outcomes[attempt] === 'late') defined = true;
      },
    },
  };
};

describe('loadWithRetries', () => {
  test('the retry delays grow as the retries run out', () => {
    expect([4, 3, 2, 1].map(scriptRetryDelay)).toEqual([800, 1200, 1600, 2000]);
  });

  test('a script that loads at once is used at once', async () => {
    const fake = fakeLoading(['ok']);
    expect(await loadWithRetries('https://js.example/v3/', fake.loading)).toEqual({ gateway: true });
    expect(fake.slept).toEqual([]);
  });

  test('failed loads are retried with growing delays and the fifth attempt may succeed', async () => {
    const fake = fakeLoading(['fail', 'fail', 'fail', 'fail', 'ok']);
    await loadWithRetries('https://js.example/v3/', fake.loading);
    expect(fake.slept).toEqual([800, 1200, 1600, 2000]);
    expect(fake.attempts()).toBe(5);
  });

  test('after the fourth retry fails, the load fails (the page shows its error modal)', async () => {
    const fake = fakeLoading(['fail', 'fail', 'fail', 'fail', 'fail', 'ok']);
    await expect(loadWithRetries('https://js.example/v3/', fake.loading)).rejects.toThrow(
      /could not be loaded/,
    );
    expect(fake.attempts()).toBe(5);
  });

  test('a loaded script gets 700 ms to define its global', async () => {
    const fake = fakeLoading(['late']);
    expect(await loadWithRetries('https://js.example/v3/', fake.loading)).toEqual({ gateway: true });
    expect(fake.slept).toEqual([SCRIPT_LOAD_DELAY_MS]);
  });
});
