import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createReadCache } from './read-cache.ts';
import { manualClock as clock } from '../../test/manual-clock.ts';

describe('public read cache', () => {
  test('serves one read until ttl after it started, then reads again', async () => {
    const time = clock();
    const cache = createReadCache({ ttlMs: 1000, now: time.now });
    let reads = 0;
    const read = async () => `v${++reads}`;
    expect(await cache.get('events {}', read)).toBe('v1');
    time.advance(999);
    expect(await cache.get('events {}', read)).toBe('v1');
    time.advance(1);
    expect(await cache.get('events {}', read)).toBe('v2');
  });

  test('keys are kept apart', async () => {
    const cache = createReadCache({ ttlMs: 60_000 });
    let reads = 0;
    const read = async () => ++reads;
    expect(await cache.get('event 1', read)).toBe(1);
    expect(await cache.get('event 2', read)).toBe(2);
    expect(await cache.get('event 1', read)).toBe(1);
    expect(cache.size()).toBe(2);
  });

  test('concurrent misses share one read', async () => {
    const cache = createReadCache({ ttlMs: 1000 });
    let reads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const read = async () => {
      reads++;
      await gate;
      return 'v1';
    };
    const all = Promise.all(Array.from({ length: 20 }, () => cache.get('events {}', read)));
    release();
    expect(await all).toEqual(Array.from({ length: 20 }, () => 'v1'));
    expect(reads).toBe(1);
  });

  test('a failed read is not kept: the next caller reads again', async () => {
    const cache = createReadCache({ ttlMs: 60_000 });
    await expect(cache.get('event 9', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.size()).toBe(0);
    expect(await cache.get('event 9', async () => 'up')).toBe('up');
  });

  test('a ttl of 0 reads every time', async () => {
    const cache = createReadCache({ ttlMs: 0 });
    let reads = 0;
    const read = async () => ++reads;
    await cache.get('events {}', read);
    await cache.get('events {}', read);
    expect(reads).toBe(2);
    expect(cache.size()).toBe(0);
  });

  test('holds at most maxEntries answers, dropping the least recently used', async () => {
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 2 });
    let reads = 0;
    const read = async () => ++reads;
    await cache.get('a', read); // 1
    await cache.get('b', read); // 2
    await cache.get('a', read); // still 1, now the most recent
    await cache.get('c', read); // 3, drops b
    expect(cache.size()).toBe(2);
    expect(await cache.get('a', read)).toBe(1);
    expect(await cache.get('b', read)).toBe(4);
  });

  test('whatever the timing, an answer is never served more than ttl after its read started', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Small times, so that an answer exactly ttl old comes up often.
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.record({ key: fc.constantFrom('a', 'b', 'c'), wait: fc.integer({ min: 0, max: 60 }) }), {
          maxLength: 40,
        }),
        async (ttlMs, steps) => {
          const time = clock();
          const cache = createReadCache({ ttlMs, now: time.now, maxEntries: 2 });
          const startedAt: number[] = [];
          const read = async () => startedAt.push(time.now()) - 1;
          for (const step of steps) {
            time.advance(step.wait);
            const served = await cache.get(step.key, read);
            expect(time.now() - startedAt[served]!).toBeLessThan(ttlMs);
          }
        },
      ),
    );
  });
});
