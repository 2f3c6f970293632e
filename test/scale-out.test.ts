import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import path from 'node:path';
import type { Knex } from 'knex';
import { createDatabase } from '../adapters/postgres/database.ts';
import { makeRedisWaitingRoom } from '../adapters/redis/waiting-room.ts';
import { SeatChangeEvent } from '../adapters/http/contract/basket.ts';
import { EventInventory } from '../adapters/http/contract/inventory.ts';
import { WaitingRoomStatus } from '../adapters/http/contract/waiting-room.ts';
import { createTestDatabase } from './database.ts';
import { cookieJar } from './cookie-jar.ts';
import { lastOnSaleEventId, plainOpenSeats, saleEventId } from './basket.ts';

// The README's claim that Foyer scales out: two web processes started as `npm start` starts one
// (server/main.ts), on one PostgreSQL database and one Redis, behave as one storefront. A seat
// held through one shows at once on the other's live stream and seat map, and the waiting room
// admits visitors of both from one queue at the configured rate, not at that rate per process.
// Runs when REDIS_URL is set, like the other Redis-backed tests (.ci/run sets it).

const redisUrl = process.env.REDIS_URL;
const root = path.resolve(import.meta.dirname, '..');

interface Node {
  readonly name: string;
  readonly url: string;
  readonly child: ChildProcess;
  readonly output: () => string;
}

/** Starts `node server/main.ts` on a free port over the test database and Redis. */
const startNode = (name: string, databaseUrl: string): Promise<Node> => {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      PORT: '0',
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(root, '.data', `scale-out-${process.pid}-${name}`),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /Foyer is open: (http:\/\/\S+)/.exec(output);
      if (!match) return;
      clearInterval(timer);
      resolve({ name, url: match[1]!, child, output: () => output });
    }, 50);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`${name} exited with ${code} before it was ready:\n${output}`));
    });
  });
};

const stopNode = async (node: Node | undefined) => {
  if (!node || node.child.exitCode !== null) return;
  const exited = once(node.child, 'exit');
  node.child.kill('SIGTERM');
  const [code] = await exited;
  expect(code, `${node.name} did not stop cleanly:\n${node.output()}`).toBe(0);
};

/** A browser: its own cookies (CSRF, basket, waiting-room ticket), sent to whichever node it asks. */
const browser = () => {
  const jar = cookieJar();
  const call = async (node: Node, method: string, url: string, body?: unknown) => {
    const csrf = jar.get('foyer_csrf');
    const res = await fetch(`${node.url}${url}`, {
      method,
      headers: {
        cookie: jar.header(),
        ...(csrf ? { 'x-csrf-token': csrf } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    jar.take(res.headers.getSetCookie());
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null, at: Date.now() };
  };
  return { call, jar };
};

/** Opens a node's seat change stream; collects the seatchange events. */
const listen = (node: Node, eventId: number) =>
  new Promise<{ events: SeatChangeEvent[]; close: () => void }>((resolve, reject) => {
    const events: SeatChangeEvent[] = [];
    let buffer = '';
    const req = http.get(
      `${node.url}/api/events/${eventId}/seatchanges`,
      { headers: { accept: 'text/event-stream' } },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          const blocks = buffer.split('\n\n');
          buffer = blocks.pop()!;
          for (const block of blocks) {
            const data = block.split('\n').find((line) => line.startsWith('data: '));
            if (block.includes('event: seatchange') && data)
              events.push(SeatChangeEvent.parse(JSON.parse(data.slice('data: '.length))));
          }
          // The first bytes are the "connected" comment: the subscription is in place.
          resolve({ events, close: () => req.destroy() });
        });
      },
    );
    req.on('error', reject);
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (check: () => boolean | Promise<boolean>, ms: number) => {
  const deadline = Date.now() + ms;
  while (!(await check()) && Date.now() < deadline) await sleep(50);
  return check();
};

describe.skipIf(!redisUrl)('two Foyer web processes on one database and one Redis', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Knex;
  let a: Node | undefined;
  let b: Node | undefined;
  let roomEventId = 0;

  const dropQueue = async () => {
    const store = makeRedisWaitingRoom(redisUrl!);
    await store.drop(roomEventId);
    await store.close();
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDatabase(database.url, { max: 2 });
    // A heavy on-sale on sale now: the waiting room may stand in front of it.
    roomEventId = await lastOnSaleEventId(db, 'AURORA');
    // Every test database has this event id: a queue an earlier run left in Redis is not ours.
    await dropQueue();
    [a, b] = await Promise.all([startNode('A', database.url), startNode('B', database.url)]);
    // Two whole processes start side by side: slow on a busy machine.
  }, 240_000);

  afterAll(async () => {
    await Promise.all([stopNode(a), stopNode(b)]);
    if (roomEventId) await dropQueue();
    await db?.destroy();
    await database?.drop();
  }, 60_000);

  it('a seat held through one process shows on the other at once: its stream and its seat map', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 11);
    const [seat] = await plainOpenSeats(db, eventId, 1, 7);
    const key = seat!.key;
    const statusOnB = async () => {
      const res = await fetch(`${b!.url}/api/eventinventory/${eventId}`);
      expect(res.status).toBe(200);
      return EventInventory.parse(await res.json()).MapSeats.find((s) => s.Key === key)?.seatStatus;
    };
    // B serves the map first: it keeps a snapshot and listens for the event's changes.
    expect(await statusOnB()).toBe('Open');
    const stream = await listen(b!, eventId);
    await sleep(300);
    expect(await statusOnB()).toBe('Open');

    const buyer = browser();
    await buyer.call(a!, 'GET', '/healthz');
    const held = await buyer.call(a!, 'POST', '/api/baskets/additems', {
      eventId,
      basketItems: [{ Key: key }],
    });
    expect(held.status, JSON.stringify(held.body)).toBe(200);

    const heard = () => stream.events.find((e) => e.eventId === eventId && e.keys.includes(key));
    expect(await until(() => heard() !== undefined, 10_000)).toBe(true);
    expect(heard()).toMatchObject({ status: 'Unavailable' });
    // B dropped its snapshot on hearing it: the next map read shows the seat taken, well before
    // a snapshot could have expired on its own (30 s once B hears the event's changes).
    expect(await until(async () => (await statusOnB()) !== 'Open', 5_000)).toBe(true);

    // And the release through A reaches B the same way.
    const released = await buyer.call(a!, 'DELETE', '/api/baskets/deleteitems');
    expect(released.status).toBeLessThan(300);
    expect(
      await until(
        () => stream.events.some((e) => e.eventId === eventId && e.keys.includes(key) && e.status === 'Open'),
        10_000,
      ),
    ).toBe(true);
    expect(await until(async () => (await statusOnB()) === 'Open', 5_000)).toBe(true);
    stream.close();
  }, 60_000);

  it('the waiting room admits the visitors of both processes from one queue at the configured rate', async () => {
    const ratePerMinute = 30; // one every two seconds, for both processes together
    const visitors = 6;
    // Staff turn the room on from the command line, as `foyer onsale enable` does.
    const cli = spawn(
      process.execPath,
      [
        '--disable-warning=ExperimentalWarning',
        'cli/main.ts',
        'onsale',
        'enable',
        String(roomEventId),
        '--rate',
        String(ratePerMinute),
      ],
      { cwd: root, env: { ...process.env, DATABASE_URL: database.url }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let cliOutput = '';
    cli.stdout!.on('data', (chunk) => (cliOutput += chunk));
    cli.stderr!.on('data', (chunk) => (cliOutput += chunk));
    const [cliCode] = await once(cli, 'exit');
    expect(cliCode, cliOutput).toBe(0);
    expect(cliOutput).toContain('Waiting room on.');

    const people = Array.from({ length: visitors }, (_, i) => ({
      browser: browser(),
      // Odd visitors join through A, even ones through B; each is then asked about on the other.
      joinedOn: i % 2 === 0 ? a! : b!,
      other: i % 2 === 0 ? b! : a!,
      position: 0,
      admittedAt: 0,
    }));
    const statusOf = async (person: (typeof people)[number], node: Node) => {
      const res = await person.browser.call(node, 'GET', `/api/waitingroom/${roomEventId}/status`);
      expect(res.status).toBe(200);
      return { ...WaitingRoomStatus.parse(res.body), at: res.at };
    };
    // Each node reads the room's settings through a short cache: both hold the room now.
    for (const node of [a!, b!])
      expect(
        await until(async () => (await statusOf(people[0]!, node)).Active, 5_000),
        `${node.name} never put the room up`,
      ).toBe(true);
    for (const person of people) await person.browser.call(person.joinedOn, 'GET', '/healthz');

    // The budget starts from the last look at an empty queue (just now, above).
    const start = Date.now();
    for (const person of people) {
      const joined = await person.browser.call(
        person.joinedOn,
        'POST',
        `/api/waitingroom/${roomEventId}/join`,
      );
      expect(joined.status).toBe(200);
    }
    // One queue: the other process knows every ticket, and the places are 1..n without a gap.
    for (const person of people) person.position = (await statusOf(person, person.other)).Position ?? 0;
    expect(people.map((p) => p.position).sort((x, y) => x - y)).toEqual(
      Array.from({ length: visitors }, (_, i) => i + 1),
    );
    // The last in line waits, on either process.
    const last = people.find((p) => p.position === visitors)!;
    const refused = await last.browser.call(last.other, 'GET', `/api/eventinventory/${roomEventId}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ Reason: 'Waiting' });

    // Watch everyone, asking each process in turn, until all are in.
    const perMs = ratePerMinute / 60_000;
    const deadline = start + (visitors / perMs) * 1.5 + 5_000;
    let round = 0;
    while (people.some((p) => !p.admittedAt) && Date.now() < deadline) {
      round++;
      for (const person of people.filter((p) => !p.admittedAt)) {
        const status = await statusOf(person, round % 2 === 0 ? person.joinedOn : person.other);
        if (status.State === 'Admitted') {
          person.admittedAt = status.at;
          // Never faster than the rate for both together (one admission may be due at once).
          expect(
            person.position,
            `place ${person.position} admitted ${status.at - start} ms after the queue formed`,
          ).toBeLessThanOrEqual(1.5 + perMs * (status.at - start));
        }
      }
      await sleep(200);
    }
    expect(people.filter((p) => !p.admittedAt).map((p) => p.position)).toEqual([]);
    // Nobody overtaken: admitted in the order of their places (as first seen, a round apart at most).
    const byPlace = [...people].sort((x, y) => x.position - y.position);
    for (let i = 1; i < byPlace.length; i++)
      expect(byPlace[i]!.admittedAt + 1_000).toBeGreaterThanOrEqual(byPlace[i - 1]!.admittedAt);
    // Admitted on one process, let through by the other.
    for (const person of people) {
      const res = await person.browser.call(person.other, 'GET', `/api/eventinventory/${roomEventId}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  }, 180_000);
});
