import type { Plugin, Server } from '@hapi/hapi';
import { Effect } from 'effect';
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { Catalogue } from '../../../../core/catalogue/ports.ts';
import { NotFound } from '../../../../core/shared/errors.ts';
import {
  SeatChangeFeed,
  type SeatChange,
  type Unsubscribe,
} from '../../../../core/inventory/seat-change-feed.ts';
import { defineRoute, runUseCase } from '../../route.ts';
import type { AppRuntime } from '../../../wiring.ts';
import type { InventoryPluginApi } from '../plugin.ts';

// Live seat maps (every seat status change is published, so no open map shows a stale seat). GET
// /api/events/{id}/seatchanges streams the event's changes as server-sent events; and the seat
// map snapshot cache of this node forgets an event the moment one of its seats changes, on any
// node (the feed is Redis when configured), so the next map read shows it. Snapshots of an
// event whose changes this node hears are kept longer (adapters/http/inventory/snapshot-cache.ts).

const HEARTBEAT_MS = 15_000;

const EventIdParams = z.object({
  id: z.coerce.number({ error: 'must be an event id' }).int().positive().max(2_147_483_647),
});

const eventExists = (eventId: number) =>
  Effect.gen(function* () {
    const event = yield* (yield* Catalogue).event(eventId);
    if (!event) return yield* Effect.fail(new NotFound({ entity: 'Event', id: String(eventId) }));
  });

const subscribe = (runtime: AppRuntime, eventId: number, listener: (change: SeatChange) => void) =>
  runtime.runPromise(SeatChangeFeed.use((feed) => feed.subscribe(eventId, listener)));

/** One subscription per event whose seat map this node has served; dropped when the server stops. */
const invalidateOnChange = (server: Server, runtime: AppRuntime) => {
  const api = server.plugins as { 'foyer-inventory'?: InventoryPluginApi };
  const subscriptions = new Map<number, Promise<Unsubscribe>>();
  server.ext('onPreHandler', (request, h) => {
    const snapshots = api['foyer-inventory']?.snapshots;
    if (!snapshots || request.route.path !== '/api/eventinventory/{id}') return h.continue;
    const eventId = Number((request.params as { id?: unknown }).id);
    if (Number.isSafeInteger(eventId) && !subscriptions.has(eventId)) {
      const pending = subscribe(runtime, eventId, () => snapshots.invalidate(eventId));
      // Only once the subscription is in place may the event's snapshots live longer
      // (snapshot-cache.ts): a change announced before then would go unheard.
      pending.then(
        () => snapshots.watch(eventId),
        () => subscriptions.delete(eventId),
      );
      subscriptions.set(eventId, pending);
    }
    return h.continue;
  });
  // A seat found taken (409 SeatsTaken) that a snapshot may still show free was changed without
  // an announcement this node heard (sold behind the feed's back, or the announcement was
  // lost): the event's snapshots are dropped, so the page's next map read shows it.
  server.ext('onPreResponse', (request, h) => {
    const response = request.response;
    if (!('isBoom' in response) || response.output.statusCode !== 409) return h.continue;
    const eventId = (response.data as { eventId?: unknown } | null | undefined)?.eventId;
    if (typeof eventId === 'number') api['foyer-inventory']?.snapshots.invalidate(eventId);
    return h.continue;
  });
  server.ext('onPostStop', async () => {
    const all = [...subscriptions.values()];
    for (const eventId of subscriptions.keys()) api['foyer-inventory']?.snapshots.unwatch(eventId);
    subscriptions.clear();
    await Promise.allSettled(all.map(async (pending) => (await pending)()));
  });
};

export const seatChangesPlugin: Plugin<{ runtime: AppRuntime; heartbeatMs?: number }> = {
  name: 'foyer-seat-changes',
  register: (server, { runtime, heartbeatMs = HEARTBEAT_MS }) => {
    invalidateOnChange(server, runtime);
    // Open streams end when the server stops, or stop() would wait for them to time out.
    const open = new Set<() => void>();
    server.ext('onPreStop', () => {
      for (const close of [...open]) close();
    });

    server.route(
      defineRoute({
        method: 'GET',
        path: '/api/events/{id}/seatchanges',
        summary:
          'Server-sent events (text/event-stream): "event: seatchange" with { eventId, keys, status, at } per change; a comment every 15 s',
        tags: ['inventory'],
        params: EventIdParams,
        handler: async ({ params, request, h }) => {
          await runUseCase(runtime, eventExists(params.id));
          const stream = new PassThrough();
          const send = (text: string) => {
            if (!stream.writableEnded) stream.write(text);
          };
          const unsubscribe = await subscribe(runtime, params.id, (change) =>
            send(`event: seatchange\ndata: ${JSON.stringify(change)}\n\n`),
          );
          const heartbeat = setInterval(() => send(`: heartbeat\n\n`), heartbeatMs);
          let closed = false;
          const close = () => {
            if (closed) return;
            closed = true;
            clearInterval(heartbeat);
            open.delete(close);
            void unsubscribe();
            stream.end();
          };
          open.add(close);
          request.raw.req.once('close', close);
          request.raw.res.once('close', close);
          // Sent at once so the browser's EventSource opens; retry tells it how soon to reconnect.
          send(`retry: 3000\n: connected to event ${params.id}\n\n`);
          return (
            h
              .response(stream)
              .type('text/event-stream; charset=utf-8')
              .header('cache-control', 'no-cache, no-transform')
              .header('x-accel-buffering', 'no')
              // hapi gzips text/*, and a gzip stream holds events back: send them as they are.
              .header('content-encoding', 'identity')
          );
        },
      }),
    );
  },
};
