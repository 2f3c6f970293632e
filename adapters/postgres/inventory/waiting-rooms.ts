import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { WaitingRooms, type RoomChange, type RoomRecord } from '../../../core/inventory/ports.ts';
import {
  DEFAULT_ADMITTED_TTL_SECONDS,
  DEFAULT_RATE_PER_MINUTE,
  type WaitingRoomSettings,
} from '../../../core/inventory/waiting-room.ts';
import { NotFound } from '../../../core/shared/errors.ts';

// event_waiting_rooms (migrations/20261127000100). The guard reads a room on every inventory
// and basket call, so reads are cached for CACHE_MS: a staff change reaches every node within it.
const CACHE_MS = 2_000;

interface Row {
  event_id: number;
  on_sale_at: Date;
  use_heavy_on_sale: boolean;
  enabled: boolean | null;
  rate_per_minute: number | null;
  paused: boolean | null;
  admitted_ttl_seconds: number | null;
  version: number | null;
  changed_at: Date | null;
}

const settingsOf = (row: Row): WaitingRoomSettings | null =>
  row.enabled === null
    ? null
    : {
        enabled: row.enabled,
        ratePerMinute: row.rate_per_minute!,
        paused: row.paused!,
        admittedTtlSeconds: row.admitted_ttl_seconds!,
        version: row.version!,
        changedAt: row.changed_at!.getTime(),
      };

const readRoom = async (db: Knex, eventId: number): Promise<RoomRecord | null> => {
  const row: Row | undefined = await db('events as e')
    .leftJoin('event_waiting_rooms as w', 'w.event_id', 'e.id')
    .where('e.id', eventId)
    .first(
      'e.id as event_id',
      'e.on_sale_at',
      'e.use_heavy_on_sale',
      'w.enabled',
      'w.rate_per_minute',
      'w.paused',
      'w.admitted_ttl_seconds',
      'w.version',
      'w.changed_at',
    );
  if (!row) return null;
  return {
    eventId,
    opensAt: row.on_sale_at.getTime(),
    useHeavyOnSale: row.use_heavy_on_sale,
    settings: settingsOf(row),
  };
};

export const makeWaitingRooms = (db: Knex, now: () => number = Date.now) => {
  const cache = new Map<number, { at: number; room: Promise<RoomRecord | null> }>();
  const room = (eventId: number) => {
    const hit = cache.get(eventId);
    if (hit && now() - hit.at < CACHE_MS) return hit.room;
    const fresh = readRoom(db, eventId);
    cache.set(eventId, { at: now(), room: fresh });
    fresh.catch(() => cache.delete(eventId));
    return fresh;
  };
  const configure = async (eventId: number, change: RoomChange, at: number) => {
    const exists = await db('events').where({ id: eventId }).first('id');
    if (!exists) return null;
    const changedAt = new Date(at);
    const values = {
      ...(change.enabled !== undefined ? { enabled: change.enabled } : {}),
      ...(change.ratePerMinute !== undefined ? { rate_per_minute: change.ratePerMinute } : {}),
      ...(change.paused !== undefined ? { paused: change.paused } : {}),
      ...(change.admittedTtlSeconds !== undefined ? { admitted_ttl_seconds: change.admittedTtlSeconds } : {}),
    };
    await db('event_waiting_rooms')
      .insert({
        event_id: eventId,
        enabled: false,
        rate_per_minute: DEFAULT_RATE_PER_MINUTE,
        admitted_ttl_seconds: DEFAULT_ADMITTED_TTL_SECONDS,
        ...values,
        changed_at: changedAt,
      })
      .onConflict('event_id')
      .merge({ ...values, version: db.raw('event_waiting_rooms.version + 1'), changed_at: changedAt });
    cache.delete(eventId);
    return (await readRoom(db, eventId))?.settings ?? null;
  };
  return { room, configure };
};

export const WaitingRoomsPostgres = (db: Knex) => {
  const rooms = makeWaitingRooms(db);
  return Layer.succeed(WaitingRooms, {
    room: (eventId) => Effect.promise(() => rooms.room(eventId)),
    configure: (eventId, change, now) =>
      Effect.flatMap(
        Effect.promise(() => rooms.configure(eventId, change, now)),
        (settings) =>
          settings
            ? Effect.succeed(settings)
            : Effect.fail(new NotFound({ entity: 'Event', id: String(eventId) })),
      ),
  });
};
