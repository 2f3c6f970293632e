import { afterEach, describe, expect, it } from 'vitest';
import { Effect } from 'effect';
import { makeInProcessSeatChangeFeed } from './inprocess/seat-change-feed.ts';
import { makeRedisSeatChangeFeed } from './redis/seat-change-feed.ts';
import type { SeatChange, SeatChangeFeedShape } from '../core/inventory/seat-change-feed.ts';

// The same contract for both feeds; the Redis one runs when REDIS_URL is set (.ci/run sets it).
type Feed = SeatChangeFeedShape;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

const run = <A>(effect: Effect.Effect<A>) => Effect.runPromise(effect);
const until = async (check: () => boolean, ms = 2000) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
};
const change = (eventId: number, keys: string[]): SeatChange => ({
  eventId,
  keys,
  status: 'Unavailable',
  at: new Date(0).toISOString(),
});

const feeds: [string, (() => Promise<{ a: Feed; b: Feed }>) | undefined][] = [
  [
    'in-process',
    async () => {
      const feed = makeInProcessSeatChangeFeed();
      return { a: feed, b: feed };
    },
  ],
  [
    'redis',
    process.env.REDIS_URL
      ? async () => {
          // Two nodes: a change published on one reaches listeners on the other.
          const a = makeRedisSeatChangeFeed(process.env.REDIS_URL!);
          const b = makeRedisSeatChangeFeed(process.env.REDIS_URL!);
          closers.push(a.close, b.close);
          return { a: a.feed, b: b.feed };
        }
      : undefined,
  ],
];

describe.each(feeds)('seat change feed (%s)', (_name, make) => {
  it.runIf(make)('delivers a change only to listeners of that event, until they unsubscribe', async () => {
    const { a, b } = await make!();
    const eventId = 900_000 + Math.floor(Math.random() * 99_999); // no clash with other runs on a shared Redis
    const heard: SeatChange[] = [];
    const other: SeatChange[] = [];
    const stop = await run(b.subscribe(eventId, (c) => heard.push(c)));
    const stopOther = await run(b.subscribe(eventId + 1, (c) => other.push(c)));
    await run(a.publish(change(eventId, ['STALLS-A-1', 'STALLS-A-2'])));
    await until(() => heard.length === 1);
    expect(heard).toEqual([change(eventId, ['STALLS-A-1', 'STALLS-A-2'])]);
    expect(other).toEqual([]);
    await stop();
    await run(a.publish(change(eventId, ['STALLS-A-3'])));
    await run(a.publish(change(eventId + 1, ['STALLS-B-1'])));
    await until(() => other.length === 1);
    expect(other).toHaveLength(1);
    expect(heard).toHaveLength(1);
    await stopOther();
  });
});
