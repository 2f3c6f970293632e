import type { Plugin, Request } from '@hapi/hapi';
import {
  joinWaitingRoom,
  passWaitingRoom,
  waitingRoomStatus,
  type WaitingRoomAnswer,
} from '../../../../core/inventory/waiting-room-calls.ts';
import { WaitingRoomQueue } from '../../../../core/inventory/ports.ts';
import type { AppRuntime } from '../../../wiring.ts';
import { WaitingRoomParams, WaitingRoomStatus } from '../../contract/waiting-room.ts';
import { defineRoute, runUseCase } from '../../route.ts';
import { setTicket, ticketFrom } from './ticket-cookie.ts';

// The waiting room's calls, and the guard in front of a waiting-room event's inventory,
// best-available and basket calls: an onPreHandler step keyed on the event id the call names
// (in its path, query or body), so no route handler has to know about the queue.

export interface WaitingRoomPluginOptions {
  readonly runtime: AppRuntime;
  /** SESSION_SECRET when set; otherwise the queue store's shared key. */
  readonly secret?: string;
  readonly secureCookie: boolean;
}

const statusView = (answer: WaitingRoomAnswer): WaitingRoomStatus => ({
  EventID: answer.eventId,
  Active: answer.active,
  State: answer.ticket?.state ?? 'NotJoined',
  Position: answer.ticket?.position ?? null,
  Ahead: answer.ticket?.ahead ?? null,
  EstimatedWaitSeconds: answer.ticket?.estimatedWaitSeconds ?? null,
  OpensAt: answer.opensAt === null ? null : new Date(answer.opensAt).toISOString(),
  AdmittedUntil: answer.ticket?.admittedUntil ? new Date(answer.ticket.admittedUntil).toISOString() : null,
  RatePerMinute: answer.ratePerMinute,
});

const field = (source: unknown, name: string): unknown => {
  if (!source || typeof source !== 'object' || Array.isArray(source)) return undefined;
  const key = Object.keys(source).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : (source as Record<string, unknown>)[key];
};

const asEventId = (value: unknown): number | null => {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,10}$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

/** The event a guarded call is about, or null for calls the room does not hold. */
export const guardedEventId = (request: Request): number | null => {
  const path = request.path.toLowerCase();
  if (path.startsWith('/api/eventinventory/')) {
    // Prices are public; plan calls name plans, not events.
    if (path.startsWith('/api/eventinventory/pricing/') || path.includes('/eventplans')) return null;
    return asEventId(request.params?.id ?? field(request.query, 'eventid'));
  }
  if (path.startsWith('/api/baskets/'))
    return asEventId(field(request.payload, 'eventid') ?? field(request.query, 'eventid'));
  return null;
};

const PLUGIN = 'foyer-waiting-room';

/** Calls that name their events in their body and guard them in their use case (a plan's reserve). */
const readsTicketsInHandler = (request: Request) =>
  request.path.toLowerCase() === '/api/eventinventory/eventplans/reservebestavailable';

/**
 * The request's waiting-room tickets by event, for a call that guards several events itself
 * (core/plans/reserve-plan-best-available.ts); no ticket where the guard did not read the key.
 */
export const queueTicketsOf =
  (request: Request) =>
  (eventId: number): string | null => {
    const key = (request.plugins as Record<string, { key?: string } | undefined>)[PLUGIN]?.key;
    return key === undefined ? null : ticketFrom(request, key, eventId);
  };

export const waitingRoomPlugin: Plugin<WaitingRoomPluginOptions> = {
  name: PLUGIN,
  register: (server, { runtime, secret, secureCookie }) => {
    let key: Promise<string> | undefined;
    const signingKey = () =>
      (key ??= secret
        ? Promise.resolve(secret)
        : runtime.runPromise(WaitingRoomQueue.use((queue) => queue.signingKey())));

    server.ext('onPreHandler', async (request, h) => {
      if (readsTicketsInHandler(request))
        (request.plugins as Record<string, { key: string }>)[PLUGIN] = { key: await signingKey() };
      const eventId = guardedEventId(request);
      if (eventId === null) return h.continue;
      const ticketId = ticketFrom(request, await signingKey(), eventId);
      await runUseCase(runtime, passWaitingRoom(eventId, ticketId));
      return h.continue;
    });

    server.route([
      defineRoute({
        method: 'POST',
        path: '/api/waitingroom/{eventId}/join',
        summary: 'Join the waiting room of a heavy on-sale: a signed queue ticket in an HttpOnly cookie',
        tags: ['inventory'],
        params: WaitingRoomParams,
        response: WaitingRoomStatus,
        handler: async ({ params, request, h }) => {
          const key = await signingKey();
          const held = ticketFrom(request, key, params.eventId);
          const answer = await runUseCase(runtime, joinWaitingRoom(params.eventId, held));
          const response = h.response(statusView(answer)).header('cache-control', 'no-store');
          return answer.ticketId && answer.ticketId !== held
            ? setTicket(response, key, params.eventId, answer.ticketId, secureCookie)
            : response;
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/waitingroom/{eventId}/status',
        summary: 'The caller’s place in the waiting room: position, estimated wait, admitted',
        tags: ['inventory'],
        params: WaitingRoomParams,
        response: WaitingRoomStatus,
        handler: async ({ params, request }) =>
          statusView(
            await runUseCase(
              runtime,
              waitingRoomStatus(params.eventId, ticketFrom(request, await signingKey(), params.eventId)),
            ),
          ),
      }),
    ]);
  },
};
