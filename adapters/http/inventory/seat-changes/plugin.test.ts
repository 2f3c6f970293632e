import http from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, csrfHeaders, type TestApi } from '../../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../../test/basket.ts';
import { SeatChangeEvent } from '../../contract/basket.ts';
import { EventInventory } from '../../contract/inventory.ts';
import type { InventoryPluginApi } from '../plugin.ts';

// GET /api/events/{id}/seatchanges over a real socket: a browser's EventSource hears another
// buyer's hold within a second, and the release after it. With the in-process feed, and with
// the Redis feed when REDIS_URL is set (.ci/run sets it).

let api: TestApi;
let baseUrl: string;

/** Opens the stream; collects every seatchange event and the raw text. */
const listen = (eventId: number) =>
  new Promise<{
    events: SeatChangeEvent[];
    text: () => string;
    headers: http.IncomingHttpHeaders;
    close: () => void;
  }>((resolve, reject) => {
    const events: SeatChangeEvent[] = [];
    let text = '';
    const req = http.get(
      `${baseUrl}/api/events/${eventId}/seatchanges`,
      { headers: { accept: 'text/event-stream', 'accept-encoding': 'gzip' } },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          for (const block of chunk.split('\n\n')) {
            const data = block.split('\n').find((line) => line.startsWith('data: '));
            if (block.includes('event: seatchange') && data)
              events.push(SeatChangeEvent.parse(JSON.parse(data.slice('data: '.length))));
          }
          // The first bytes are the "connected" comment: the subscription is in place.
          resolve({ events, text: () => text, headers: res.headers, close: () => req.destroy() });
        });
      },
    );
    req.on('error', reject);
  });

const until = async (check: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  return check();
};

const feeds: [string, Record<string, string> | undefined][] = [
  ['in-process feed', {}],
  ['Redis feed', process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : undefined],
];

describe.each(feeds)('GET /api/events/{id}/seatchanges (%s)', (_name, env) => {
  beforeAll(async () => {
    if (!env) return;
    api = await createTestApi({ env });
    await api.server.start();
    baseUrl = `http://127.0.0.1:${api.server.info.port}`;
  });

  afterAll(async () => {
    await api?.close();
  });

  test.runIf(env)(
    "a hold in one basket reaches another buyer's open stream within a second; so does its release",
    async () => {
      const eventId = await saleEventId(api.db, 'HAMLET', 6);
      const [seat] = await plainOpenSeats(api.db, eventId, 1);
      const stream = await listen(eventId);
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(stream.headers['content-encoding']).not.toBe('gzip');

      const headers = await csrfHeaders(api.server);
      const res = await api.server.inject({
        method: 'POST',
        url: '/api/baskets/additems',
        headers,
        payload: { eventId, basketItems: [{ Key: seat!.key }] },
      });
      expect(res.statusCode).toBe(200);
      expect(await until(() => stream.events.length >= 1, 1000)).toBe(true);
      expect(stream.events[0]).toMatchObject({ eventId, keys: [seat!.key], status: 'Unavailable' });

      const basketCookie = [res.headers['set-cookie']]
        .flat()
        .find((c) => c?.startsWith('foyer_basket='))!
        .split(';')[0];
      await api.server.inject({
        method: 'DELETE',
        url: '/api/baskets/deleteitems',
        headers: { ...headers, cookie: `${headers.cookie}; ${basketCookie}` },
      });
      expect(await until(() => stream.events.length >= 2, 1000)).toBe(true);
      expect(stream.events[1]).toMatchObject({ eventId, keys: [seat!.key], status: 'Open' });
      stream.close();
    },
  );

  test.runIf(env)("another event's changes are not sent; an unknown event answers 404", async () => {
    const eventId = await saleEventId(api.db, 'HAMLET', 7);
    const other = await saleEventId(api.db, 'HAMLET', 8);
    const stream = await listen(eventId);
    const [seat] = await plainOpenSeats(api.db, other, 1);
    const res = await api.server.inject({
      method: 'POST',
      url: '/api/baskets/additems',
      headers: await csrfHeaders(api.server),
      payload: { eventId: other, basketItems: [{ Key: seat!.key }] },
    });
    expect(res.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect(stream.events.filter((e) => e.keys.includes(seat!.key))).toEqual([]);
    expect(stream.text()).toContain(': connected');
    stream.close();
    const missing = await fetch(`${baseUrl}/api/events/999999/seatchanges`);
    expect(missing.status).toBe(404);
  });

  test.runIf(env)(
    'a watched event keeps its seat map snapshot, yet the next map read after an announced hold shows the seat taken',
    async () => {
      const eventId = await saleEventId(api.db, 'HAMLET', 9);
      const [seat] = await plainOpenSeats(api.db, eventId, 1);
      const snapshots = (api.server.plugins as { 'foyer-inventory': InventoryPluginApi })['foyer-inventory']
        .snapshots;
      const read = async () => {
        const res = await api.server.inject(`/api/eventinventory/${eventId}`);
        const body = EventInventory.parse(JSON.parse(res.payload));
        return { version: body.Version, status: body.MapSeats.find((s) => s.Key === seat!.key)?.seatStatus };
      };
      await read(); // the first read subscribes this node to the event's changes
      expect(await until(() => snapshots.isWatched(eventId), 2000)).toBe(true);
      snapshots.invalidate(eventId); // the next snapshot is read while watched
      const first = await read();
      expect(first.status).toBe('Open');
      // Past the short life (1 s): a watched event's snapshot is still served.
      await new Promise((r) => setTimeout(r, 1100));
      expect((await read()).version).toBe(first.version);

      const res = await api.server.inject({
        method: 'POST',
        url: '/api/baskets/additems',
        headers: await csrfHeaders(api.server),
        payload: { eventId, basketItems: [{ Key: seat!.key }] },
      });
      expect(res.statusCode).toBe(200);
      // The announcement reaches the cache asynchronously (Redis): read until it has.
      let after = await read();
      for (let i = 0; i < 50 && after.status === 'Open'; i++) {
        await new Promise((r) => setTimeout(r, 20));
        after = await read();
      }
      expect(after.status).not.toBe('Open');
      expect(after.version).not.toBe(first.version);
    },
  );

  test.runIf(env)(
    'a seat sold without an announcement shows in the next map read once a basket found it taken (409)',
    async () => {
      const eventId = await saleEventId(api.db, 'HAMLET', 10);
      const [seat] = await plainOpenSeats(api.db, eventId, 1);
      const snapshots = (api.server.plugins as { 'foyer-inventory': InventoryPluginApi })['foyer-inventory']
        .snapshots;
      const statusOf = async () => {
        const res = await api.server.inject(`/api/eventinventory/${eventId}`);
        return EventInventory.parse(JSON.parse(res.payload)).MapSeats.find((s) => s.Key === seat!.key)
          ?.seatStatus;
      };
      await statusOf();
      expect(await until(() => snapshots.isWatched(eventId), 2000)).toBe(true);
      snapshots.invalidate(eventId);
      expect(await statusOf()).toBe('Open');
      // Behind the feed's back: the snapshot cannot know.
      const seatIds = api.db('seats').where({ key: seat!.key }).select('id');
      await api
        .db('event_seats')
        .where({ event_id: eventId })
        .whereIn('seat_id', seatIds)
        .update({ status: 'Sold' });
      expect(await statusOf()).toBe('Open');

      const res = await api.server.inject({
        method: 'POST',
        url: '/api/baskets/additems',
        headers: await csrfHeaders(api.server),
        payload: { eventId, basketItems: [{ Key: seat!.key }] },
      });
      expect(res.statusCode).toBe(409);
      expect(JSON.parse(res.payload)).not.toHaveProperty('eventId');
      expect(await statusOf()).toBe('Unavailable');
    },
  );
});
