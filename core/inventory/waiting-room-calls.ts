import { Clock, Effect } from 'effect';
import { NotFound } from '../shared/errors.ts';
import { WaitingRoomRequired } from './errors.ts';
import { WaitingRoomQueue, WaitingRooms, type RoomChange } from './ports.ts';
import { roomIsActive, viewTicket, type Room, type TicketView } from './waiting-room.ts';

// The waiting room's use cases: join, look at one's place, pass the guard, and staff changes.

export interface WaitingRoomAnswer {
  readonly eventId: number;
  /** false: no queue in front of this event; go straight on. */
  readonly active: boolean;
  readonly opensAt: number | null;
  readonly ratePerMinute: number | null;
  readonly ticketId: string | null;
  readonly ticket: TicketView | null;
}

const activeRoom = (eventId: number) =>
  Effect.gen(function* () {
    const record = yield* (yield* WaitingRooms).room(eventId);
    if (!record) return yield* Effect.fail(new NotFound({ entity: 'Event', id: String(eventId) }));
    if (!record.settings || !roomIsActive(record.settings, record.useHeavyOnSale)) return null;
    return { eventId, opensAt: record.opensAt, settings: record.settings } satisfies Room;
  });

const answer = (eventId: number, room: Room | null, ticketId: string | null, ticket: TicketView | null) => ({
  eventId,
  active: room !== null,
  opensAt: room?.opensAt ?? null,
  ratePerMinute: room?.settings.ratePerMinute ?? null,
  ticketId,
  ticket,
});

/** Where the caller stands; null ticket when they hold none (or one this queue does not know). */
export const waitingRoomStatus = (eventId: number, ticketId: string | null) =>
  Effect.gen(function* () {
    const room = yield* activeRoom(eventId);
    if (!room || ticketId === null) return answer(eventId, room, null, null);
    const now = yield* Clock.currentTimeMillis;
    const standing = yield* (yield* WaitingRoomQueue).standing(room, ticketId, now, false);
    if (!standing) return answer(eventId, room, null, null);
    return answer(eventId, room, ticketId, viewTicket(room, standing, now));
  });

/** Joins the queue, keeping the caller's place when their ticket is still good. */
export const joinWaitingRoom = (eventId: number, ticketId: string | null) =>
  Effect.gen(function* () {
    const current = yield* waitingRoomStatus(eventId, ticketId);
    if (!current.active || (current.ticket && current.ticket.state !== 'Expired')) return current;
    const room = (yield* activeRoom(eventId))!;
    const now = yield* Clock.currentTimeMillis;
    const joined = yield* (yield* WaitingRoomQueue).join(room, now);
    return answer(eventId, room, joined.ticketId, viewTicket(room, joined.standing, now));
  });

/**
 * The guard in front of the event's inventory, best-available and basket calls: passes when the
 * room is off, or the caller's ticket is admitted and not lapsed (and marks it used).
 */
export const passWaitingRoom = (eventId: number, ticketId: string | null) =>
  Effect.gen(function* () {
    const room = yield* activeRoom(eventId).pipe(Effect.catchTag('NotFound', () => Effect.succeed(null)));
    if (!room) return;
    if (ticketId === null)
      return yield* Effect.fail(new WaitingRoomRequired({ eventId, reason: 'NoTicket' }));
    const now = yield* Clock.currentTimeMillis;
    const standing = yield* (yield* WaitingRoomQueue).standing(room, ticketId, now, true);
    if (!standing) return yield* Effect.fail(new WaitingRoomRequired({ eventId, reason: 'NoTicket' }));
    const view = viewTicket(room, standing, now);
    if (view.state === 'Admitted') return;
    return yield* Effect.fail(
      new WaitingRoomRequired({ eventId, reason: view.state === 'Expired' ? 'Expired' : 'Waiting' }),
    );
  });

/** Staff: switch the room on or off, set the rate, pause or resume. */
export const configureWaitingRoom = (eventId: number, change: RoomChange) =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis;
    return yield* (yield* WaitingRooms).configure(eventId, change, now);
  });
