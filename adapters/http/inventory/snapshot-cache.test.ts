import { describe, expect, test } from 'vitest';
import { createSnapshotCache, type Snapshot } from './snapshot-cache.ts';
import { manualClock as clock } from '../../../test/manual-clock.ts';

const snap = (version: string): Snapshot => ({
  body: Buffer.from(version),
  gzip: Buffer.from(version),
  version,
});

describe('seat map snapshot cache', () => {
  test('serves the same snapshot until it is ttl old, then builds a new one', async () => {
    const time = clock();
    const cache = createSnapshotCache({ ttlMs: 1000, now: time.now });
    let builds = 0;
    const build = async () => snap(`v${++builds}`);
    expect((await cache.get(1, 'web|', build)).version).toBe('v1');
    time.advance(999);
    expect((await cache.get(1, 'web|', build)).version).toBe('v1');
    time.advance(1);
    expect((await cache.get(1, 'web|', build)).version).toBe('v2');
  });

  test('concurrent misses share one build', async () => {
    const cache = createSnapshotCache({ ttlMs: 1000 });
    let builds = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const build = async () => {
      builds++;
      await gate;
      return snap('v1');
    };
    const all = Promise.all(Array.from({ length: 20 }, () => cache.get(1, 'web|', build)));
    release();
    expect((await all).every((s) => s.version === 'v1')).toBe(true);
    expect(builds).toBe(1);
  });

  test('variants of one event are cached apart and invalidated together', async () => {
    const cache = createSnapshotCache({ ttlMs: 60_000 });
    let builds = 0;
    const build = async () => snap(`v${++builds}`);
    await cache.get(1, 'web|', build);
    await cache.get(1, 'boxoffice|1', build);
    await cache.get(2, 'web|', build);
    expect(cache.size()).toBe(3);
    cache.invalidate(1);
    expect(cache.size()).toBe(1);
    expect((await cache.get(1, 'web|', build)).version).toBe('v4');
    expect((await cache.get(2, 'web|', build)).version).toBe('v3');
  });

  test('a build that started before an invalidation is not kept after it', async () => {
    const cache = createSnapshotCache({ ttlMs: 60_000 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const stale = cache.get(1, 'web|', async () => {
      await gate;
      return snap('stale');
    });
    cache.invalidate(1);
    release();
    expect((await stale).version).toBe('stale');
    expect((await cache.get(1, 'web|', async () => snap('fresh'))).version).toBe('fresh');
  });

  test('a failed build is not cached', async () => {
    const cache = createSnapshotCache({ ttlMs: 60_000 });
    await expect(cache.get(1, 'web|', () => Promise.reject(new Error('not found')))).rejects.toThrow(
      'not found',
    );
    expect((await cache.get(1, 'web|', async () => snap('v1'))).version).toBe('v1');
  });

  test('ttl 0 disables the cache', async () => {
    const cache = createSnapshotCache({ ttlMs: 0 });
    let builds = 0;
    const build = async () => snap(`v${++builds}`);
    await cache.get(1, 'web|', build);
    expect((await cache.get(1, 'web|', build)).version).toBe('v2');
    expect(cache.size()).toBe(0);
  });

  test('holds at most maxEntries snapshots, dropping the least recently used', async () => {
    const cache = createSnapshotCache({ ttlMs: 60_000, maxEntries: 2 });
    let builds = 0;
    const build = async () => snap(`v${++builds}`);
    await cache.get(1, 'a', build);
    await cache.get(2, 'a', build);
    await cache.get(1, 'a', build); // touch event 1
    await cache.get(3, 'a', build); // evicts event 2
    expect(cache.size()).toBe(2);
    expect((await cache.get(1, 'a', build)).version).toBe('v1');
    expect((await cache.get(2, 'a', build)).version).toBe('v4');
  });
});

describe('refreshing ahead', () => {
  test('a snapshot near its end is rebuilt in the background while it is still served', async () => {
    const time = clock();
    const cache = createSnapshotCache({ ttlMs: 1000, refreshAheadMs: 300, now: time.now });
    let builds = 0;
    let release!: () => void;
    const build = async () => {
      builds++;
      if (builds > 1) await new Promise<void>((resolve) => (release = resolve));
      return snap(`v${builds}`);
    };
    await cache.get(1, 'web|', build);
    time.advance(699);
    expect((await cache.get(1, 'web|', build)).version).toBe('v1');
    expect(builds).toBe(1);
    time.advance(1); // 300 ms left: the next build starts, the old snapshot is served meanwhile
    expect((await cache.get(1, 'web|', build)).version).toBe('v1');
    expect((await cache.get(1, 'web|', build)).version).toBe('v1');
    expect(builds).toBe(2);
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect((await cache.get(1, 'web|', build)).version).toBe('v2');
  });

  test('an expired snapshot is never served, even while its rebuild is running', async () => {
    const time = clock();
    const cache = createSnapshotCache({ ttlMs: 1000, refreshAheadMs: 300, now: time.now });
    let builds = 0;
    let release!: () => void;
    const build = async () => {
      builds++;
      if (builds > 1) await new Promise<void>((resolve) => (release = resolve));
      return snap(`v${builds}`);
    };
    await cache.get(1, 'web|', build);
    time.advance(800);
    void cache.get(1, 'web|', build); // starts v2 in the background
    time.advance(200); // v1 is now 1 s old
    const waiting = cache.get(1, 'web|', build);
    release();
    expect((await waiting).version).toBe('v2');
    expect(builds).toBe(2);
  });
});

describe('watched events', () => {
  test('a watched event keeps its snapshot longer; an unwatched one only for ttlMs', async () => {
    const time = clock();
    const cache = createSnapshotCache({ ttlMs: 1000, watchedTtlMs: 30_000, now: time.now });
    let builds = 0;
    const build = async () => snap(`v${++builds}`);
    await cache.get(1, 'web|', build);
    cache.watch(1);
    expect(cache.isWatched(1)).toBe(true);
    time.advance(1000);
    // Read before the watch began: still the short life.
    expect((await cache.get(1, 'web|', build)).version).toBe('v2');
    time.advance(29_999);
    expect((await cache.get(1, 'web|', build)).version).toBe('v2');
    time.advance(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await cache.get(1, 'web|', build)).version).toBe('v3');
  });

  test('an announced change drops a watched snapshot at once', async () => {
    const cache = createSnapshotCache({ ttlMs: 1000, watchedTtlMs: 30_000 });
    let builds = 0;
    const build = async () => snap(`v${++builds}`);
    cache.watch(1);
    await cache.get(1, 'web|', build);
    expect((await cache.get(1, 'web|', build)).version).toBe('v1');
    cache.invalidate(1);
    expect((await cache.get(1, 'web|', build)).version).toBe('v2');
  });

  test('unwatching drops the snapshots kept for the longer life, and a build reading meanwhile', async () => {
    const time = clock();
    const cache = createSnapshotCache({ ttlMs: 1000, watchedTtlMs: 30_000, now: time.now });
    cache.watch(1);
    await cache.get(1, 'web|', async () => snap('watched'));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const reading = cache.get(2, 'web|', async () => {
      await gate;
      return snap('reading');
    });
    cache.watch(2);
    cache.unwatch(1);
    cache.unwatch(2);
    release();
    await reading;
    expect(cache.isWatched(1)).toBe(false);
    expect(cache.size()).toBe(0);
    expect((await cache.get(1, 'web|', async () => snap('short'))).version).toBe('short');
  });

  test('a watched snapshot is rebuilt in the background in the last 30% of its life', async () => {
    const time = clock();
    const cache = createSnapshotCache({ ttlMs: 1000, watchedTtlMs: 10_000, now: time.now });
    cache.watch(1);
    let builds = 0;
    const build = async () => snap(`v${++builds}`);
    await cache.get(1, 'web|', build);
    time.advance(6_999);
    expect((await cache.get(1, 'web|', build)).version).toBe('v1');
    expect(builds).toBe(1);
    time.advance(1);
    expect((await cache.get(1, 'web|', build)).version).toBe('v1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(builds).toBe(2);
    expect((await cache.get(1, 'web|', build)).version).toBe('v2');
  });
});
