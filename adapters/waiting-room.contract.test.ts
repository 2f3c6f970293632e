import { afterEach, describe, expect, it } from 'vitest';
import { Effect } from 'effect';
import { makeInProcessWaitingRoom } from './inprocess/waiting-room.ts';
import { makeRedisWaitingRoom } from './redis/waiting-room.ts';
import type { WaitingRoomQueue } from '../core/inventory/ports.ts';
import { viewTicket, type Room, type WaitingRoomSettings } from '../core/inventory/waiting-room.ts';

// One contract for both queue stores; the Redis one runs when REDIS_URL is set (.ci/run sets it).
// Time is injected: every call names its `now`, so a 15-minute on-sale runs in seconds.

type Queue = WaitingRoomQueue['Service'];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

const run = <A>(effect: Effect.Effect<A>) => Effect.runPromise(effect);
const MINUTE = 60_000;
const T0 = Date.UTC(2026, 11, 1, 10, 0, 0); // the on-sale time

const settings = (change: Partial<WaitingRoomSettings> = {}): WaitingRoomSettings => ({
  enabled: true,
  ratePerMinute: 2_000,
  paused: false,
  admittedTtlSeconds: 600,
  version: 1,
  changedAt: T0 - MINUTE,
  ...change,
});

let nextEvent = 800_000 + Math.floor(Math.random() * 99_999); // no clash with other runs on a shared Redis
const roomOf = (change: Partial<WaitingRoomSettings> = {}): Room => ({
  eventId: nextEvent++,
  opensAt: T0,
  settings: settings(change),
});

interface Store {
  readonly queue: Queue;
  /** Another node (or the same server after a restart) on the same store. */
  readonly reopen?: () => Queue;
}

const stores: [string, (() => Store) | undefined][] = [
  ['in-process', () => ({ queue: makeInProcessWaitingRoom() })],
  [
    'redis',
    process.env.REDIS_URL
      ? () => {
          const open = () => {
            const store = makeRedisWaitingRoom(process.env.REDIS_URL!);
            closers.push(store.close);
            return store;
          };
          const first = open();
          const used: number[] = [];
          const queue: Queue = {
            ...first.queue,
            join: (room, now) => {
              if (!used.includes(room.eventId)) {
                used.push(room.eventId);
                closers.push(() => first.drop(room.eventId));
              }
              return first.queue.join(room, now);
            },
          };
          return { queue, reopen: () => open().queue };
        }
      : undefined,
  ],
];

/** Runs calls in batches so thousands of visitors do not open thousands of requests at once. */
const inBatches = async <T, R>(
  items: readonly T[],
  fn: (item: T) => Promise<R>,
  size = 2_000,
): Promise<R[]> => {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size)
    out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
};

describe.each(stores)('waiting room queue (%s)', (_name, make) => {
  it.runIf(make)(
    '20,000 visitors: nobody admitted twice, nobody overtaken, admitted at the set rate',
    async () => {
      const { queue, reopen } = make!();
      const room = roomOf({ ratePerMinute: 2_000 });
      // 4,000 arrive in the ten minutes before opening, 16,000 in the first four minutes after.
      const arrivals = [
        ...Array.from({ length: 4_000 }, (_, i) => T0 - 10 * MINUTE + i * 150),
        ...Array.from({ length: 16_000 }, (_, i) => T0 + i * 15),
      ];
      const visitors: { joinedAt: number; ticketId: string; admittedAt?: number; position?: number }[] = [];
      let joined = 0;
      const joinUntil = async (t: number) => {
        const due: number[] = [];
        while (joined < arrivals.length && arrivals[joined]! <= t) due.push(arrivals[joined++]!);
        // In arrival order: a join is one atomic step, so order of the calls is order of arrival.
        for (const at of due) {
          const { ticketId } = await run(queue.join(room, at));
          visitors.push({ joinedAt: at, ticketId });
        }
      };
      await joinUntil(T0 - 1);
      const early = await run(queue.standing(room, visitors[0]!.ticketId, T0 - 1, false));
      expect(early?.position).toBeNull(); // not drawn before opening
      const admittedAtStep: number[] = [];
      for (let t = T0; t <= T0 + 11 * MINUTE; t += 30_000) {
        await joinUntil(t);
        const waiting = visitors.filter((v) => v.admittedAt === undefined);
        const standings = await inBatches(waiting, (v) => run(queue.standing(room, v.ticketId, t, false)));
        standings.forEach((s, i) => {
          if (s && viewTicket(room, s, t).state === 'Admitted') {
            waiting[i]!.admittedAt = t;
            waiting[i]!.position = s.position!;
          }
        });
        admittedAtStep.push(visitors.filter((v) => v.admittedAt !== undefined).length);
      }
      expect(visitors.every((v) => v.admittedAt !== undefined)).toBe(true);

      // Once admitted, always admitted; every place went to exactly one visitor.
      const end = T0 + 11 * MINUTE;
      const finals = await inBatches(visitors, (v) => run(queue.standing(room, v.ticketId, end, false)));
      expect(finals.every((s) => s && viewTicket(room, s, end).state !== 'Waiting')).toBe(true);
      const positions = finals.map((s) => s!.position!);
      expect(new Set(positions).size).toBe(20_000);
      expect(Math.min(...positions)).toBe(1);
      expect(Math.max(...positions)).toBe(20_000);

      // Early arrivals: all before everyone later, in a drawn order (not their arrival order).
      const earlyPositions = positions.slice(0, 4_000);
      expect(Math.max(...earlyPositions)).toBe(4_000);
      const inversions = earlyPositions.filter((p, i) => i > 0 && p < earlyPositions[i - 1]!).length;
      expect(inversions).toBeGreaterThan(1_000);
      // Later arrivals: strictly first come, first served, in place and in admission time.
      for (let i = 4_001; i < 20_000; i++) {
        expect(positions[i]!).toBe(positions[i - 1]! + 1);
        expect(visitors[i]!.admittedAt!).toBeGreaterThanOrEqual(visitors[i - 1]!.admittedAt!);
      }
      for (let i = 4_000; i < 20_000; i++)
        expect(visitors[i]!.admittedAt!).toBeGreaterThanOrEqual(
          Math.max(...visitors.slice(0, 4_000).map((v) => v.admittedAt!)),
        );

      // The rate: minute 1 to minute 9 (the queue is never empty then) within 5 % of 2,000/min.
      const perMinute = (admittedAtStep[18]! - admittedAtStep[2]!) / 8;
      expect(Math.abs(perMinute - 2_000) / 2_000).toBeLessThanOrEqual(0.05);

      if (reopen) {
        // A restarted server (a new connection on the same Redis) sees every place unchanged.
        const again = reopen();
        const sample = visitors.filter((_, i) => i % 97 === 0);
        const reread = await inBatches(sample, (v) => run(again.standing(room, v.ticketId, end, false)));
        expect(reread.map((s) => s?.position)).toEqual(sample.map((v) => positions[visitors.indexOf(v)]));
        expect(await run(again.signingKey())).toBe(await run(queue.signingKey()));
      }
    },
    180_000,
  );

  it.runIf(make)('a paused queue admits nobody; a new rate applies from its change', async () => {
    const { queue } = make!();
    let room = roomOf({ ratePerMinute: 60 });
    const tickets: string[] = [];
    for (let i = 0; i < 300; i++) tickets.push((await run(queue.join(room, T0 + i))).ticketId);
    const last = tickets[tickets.length - 1]!;
    const budgetAt = async (t: number) => (await run(queue.standing(room, last, t, false)))!.budget;
    expect(await budgetAt(T0 + MINUTE)).toBeCloseTo(60, 6);
    room = {
      ...room,
      settings: settings({ ratePerMinute: 60, paused: true, version: 2, changedAt: T0 + MINUTE }),
    };
    expect(await budgetAt(T0 + 3 * MINUTE)).toBeCloseTo(60, 6);
    room = { ...room, settings: settings({ ratePerMinute: 120, version: 3, changedAt: T0 + 3 * MINUTE }) };
    expect(await budgetAt(T0 + 4 * MINUTE)).toBeCloseTo(180, 6);
  });

  it.runIf(make)('an empty queue saves up no burst', async () => {
    const { queue } = make!();
    const room = roomOf({ ratePerMinute: 60 });
    const first = await run(queue.join(room, T0 + 10 * MINUTE)); // nobody queued for ten minutes
    expect(viewTicket(room, first.standing, T0 + 10 * MINUTE).state).toBe('Waiting');
    const second = await run(queue.join(room, T0 + 10 * MINUTE + 1));
    const at = T0 + 10 * MINUTE + 1_500;
    expect(viewTicket(room, (await run(queue.standing(room, first.ticketId, at, false)))!, at).state).toBe(
      'Admitted',
    );
    expect(viewTicket(room, (await run(queue.standing(room, second.ticketId, at, false)))!, at).state).toBe(
      'Waiting',
    );
  });

  it.runIf(make)('an admitted ticket lapses unless used in time; a used one stays good', async () => {
    const { queue } = make!();
    const room = roomOf({ ratePerMinute: 600, admittedTtlSeconds: 60 });
    const a = (await run(queue.join(room, T0))).ticketId;
    const b = (await run(queue.join(room, T0 + 1))).ticketId;
    const at = T0 + MINUTE;
    await run(queue.standing(room, a, at, false)); // both seen admitted at `at`
    await run(queue.standing(room, b, at, true)); // b makes its first call
    const later = at + 2 * MINUTE;
    expect(viewTicket(room, (await run(queue.standing(room, a, later, true)))!, later).state).toBe('Expired');
    expect(viewTicket(room, (await run(queue.standing(room, b, later, true)))!, later).state).toBe(
      'Admitted',
    );
  });

  it.runIf(make)('knows nothing of a ticket it never issued', async () => {
    const { queue } = make!();
    const room = roomOf();
    await run(queue.join(room, T0));
    expect(await run(queue.standing(room, 'not-a-ticket', T0, false))).toBeNull();
  });
});
