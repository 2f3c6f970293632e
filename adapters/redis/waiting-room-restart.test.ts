import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Effect } from 'effect';
import { describe, expect, it } from 'vitest';
import { viewTicket, type Room } from '../../core/inventory/waiting-room.ts';
import { makeRedisWaitingRoom } from './waiting-room.ts';

// A Redis restart loses no visitor's place. The contract test reconnects to the shared Redis;
// this one restarts a Redis of its own (append-only file on, as the README asks for production)
// and reads every place back. It needs the redis-server program, as CI machines have it.

const redisServer = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p));

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 11, 1, 10, 0, 0);
const room: Room = {
  eventId: 42,
  opensAt: T0,
  settings: {
    enabled: true,
    ratePerMinute: 60,
    paused: false,
    admittedTtlSeconds: 600,
    version: 1,
    changedAt: T0 - MINUTE,
  },
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket.destroy() !== undefined));
    socket.once('error', () => resolve(false));
  });

const startRedis = async (port: number, dir: string): Promise<ChildProcess> => {
  const child = spawn(
    redisServer!,
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', ''],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100 && !(await answers(port)); i++) await new Promise((r) => setTimeout(r, 50));
  return child;
};

const run = <A>(effect: Effect.Effect<A>) => Effect.runPromise(effect);

describe('the Redis waiting room across a Redis restart', () => {
  it.runIf(redisServer)(
    'keeps every place, every admission, its use and the signing key',
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'foyer-redis-restart-'));
      const port = await freePort();
      const url = `redis://127.0.0.1:${port}`;
      let redis = await startRedis(port, dir);
      try {
        let store = makeRedisWaitingRoom(url);
        const tickets: string[] = [];
        // 150 before the opening (drawn at random once it opens), 150 after, in arrival order.
        for (let i = 0; i < 300; i++) {
          const at = i < 150 ? T0 - 5 * MINUTE + i * 1_000 : T0 + (i - 150) * 100;
          tickets.push((await run(store.queue.join(room, at))).ticketId);
        }
        const now = T0 + 2 * MINUTE; // 120 admitted at 60 a minute
        const before = await Promise.all(tickets.map((t) => run(store.queue.standing(room, t, now, false))));
        const admitted = before.filter((s) => s && viewTicket(room, s, now).state === 'Admitted');
        expect(admitted).toHaveLength(120);
        const first = tickets[before.findIndex((s) => s?.position === 1)]!;
        await run(store.queue.standing(room, first, now, true)); // the first visitor starts buying
        const key = await run(store.queue.signingKey());
        const read = async () =>
          Promise.all(tickets.map((t) => run(store.queue.standing(room, t, now, false))));
        const beforeRestart = await read();
        await store.close();

        redis.kill('SIGTERM'); // a clean stop, as a service manager restarts it
        await once(redis, 'exit');
        redis = await startRedis(port, dir);

        store = makeRedisWaitingRoom(url);
        const afterRestart = await read();
        expect(afterRestart).toEqual(beforeRestart);
        expect(afterRestart.find((s) => s?.position === 1)?.usedAt).not.toBeNull();
        expect(new Set(afterRestart.map((s) => s!.position)).size).toBe(300);
        expect(await run(store.queue.signingKey())).toBe(key);
        await store.close();
      } finally {
        redis.kill('SIGKILL');
        await rm(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
