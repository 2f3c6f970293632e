import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import type { LiveSeat } from '../../../core/inventory/best-available/best-available.ts';
import type { EventSeatStatus } from '../../../core/inventory/seat-status.ts';
import { SearchSnapshots, type SearchSnapshot } from '../../../core/inventory/ports.ts';
import { NotFound } from '../../../core/shared/errors.ts';
import { loadGaSections } from './ga-sections.ts';
import { loadHoldSubclasses } from './inventory.ts';
import { liveHoldColumn } from './seat-status/availability.ts';

// At an on-sale hundreds of searches a second share one read of the event's seats (single
// flight per event), read again every half second. Age is measured from when the read started,
// so a snapshot never claims to be younger than the data in it.
//
// The read is what a search needs and no more, because it runs all through the on-sale: each
// seat's live state from event_seats alone (no join to seats and sections, no text key per row:
// on the 20,000-seat arena the seat map's read cost PostgreSQL about twice as much), the key
// from the venue configuration's seat ids, kept a while; a seat whose state did not change keeps
// the object of the read before, so a read allocates little.

const STATES_SQL = `
  select seat_id, price_level_id, status, hold_subclass_id,
         ${liveHoldColumn('')}
    from event_seats
   where event_id = ?
   order by seat_id`;

type StateRow = [number, number, EventSeatStatus, number | null, boolean];

/** Seat keys by seat id change only when a seat map is saved: looked at again after this long. */
const KEYS_TTL_MS = 30_000;

/** The seats of the read before, in seat id order: objects to reuse where nothing changed. */
interface SeatStates {
  readonly seatIds: Int32Array;
  readonly seats: readonly LiveSeat[];
}

const sameState = (seat: LiveSeat | undefined, row: StateRow, key: string) =>
  seat !== undefined &&
  seat.key === key &&
  seat.priceLevelId === row[1] &&
  seat.status === row[2] &&
  seat.holdSubclassId === row[3] &&
  seat.liveBasketHold === row[4];

const loadKeys = async (db: Knex, venueConfigurationId: number): Promise<Map<number, string>> => {
  const result: { rows: [number, string][] } = await db
    .raw(`select id, key from seats where venue_configuration_id = ?`, [venueConfigurationId])
    .options({ rowMode: 'array' });
  return new Map(result.rows);
};

export const makeSearchReader = (db: Knex, now: () => number = Date.now) => {
  const keysByVenue = new Map<number, { at: number; keys: Promise<Map<number, string>> }>();
  const keysOf = (venueConfigurationId: number, fresh: boolean) => {
    const hit = keysByVenue.get(venueConfigurationId);
    if (hit && !fresh && now() - hit.at < KEYS_TTL_MS) return hit.keys;
    const entry = { at: now(), keys: loadKeys(db, venueConfigurationId) };
    keysByVenue.set(venueConfigurationId, entry);
    entry.keys.catch(
      () => keysByVenue.get(venueConfigurationId) === entry && keysByVenue.delete(venueConfigurationId),
    );
    return entry.keys;
  };
  const before = new Map<number, SeatStates>();

  return async (eventId: number): Promise<SearchSnapshot | undefined> => {
    const event: { venue_configuration_id: number } | undefined = await db('events')
      .where({ id: eventId })
      .first('venue_configuration_id');
    if (!event) return undefined;
    const venueConfigurationId = event.venue_configuration_id;
    const readStartedAt = now();
    const [states, gaSections, holdSubclasses] = await Promise.all([
      db.raw(STATES_SQL, [eventId]).options({ rowMode: 'array' }) as Promise<{ rows: StateRow[] }>,
      loadGaSections(db, eventId),
      loadHoldSubclasses(db),
    ]);
    let keys = await keysOf(venueConfigurationId, false);
    // A seat the kept keys do not know: the map was saved a moment ago.
    if (states.rows.some((row) => !keys.has(row[0]))) keys = await keysOf(venueConfigurationId, true);
    const previous = before.get(eventId);
    const seatIds = new Int32Array(states.rows.length);
    const seats: LiveSeat[] = new Array(states.rows.length);
    for (let i = 0; i < states.rows.length; i++) {
      const row = states.rows[i]!;
      const key = keys.get(row[0]);
      if (key === undefined) throw new Error(`seat ${row[0]} of event ${eventId} has no key`);
      seatIds[i] = row[0];
      const kept = previous?.seatIds[i] === row[0] ? previous.seats[i] : undefined;
      seats[i] = sameState(kept, row, key)
        ? kept!
        : { key, priceLevelId: row[1], status: row[2], holdSubclassId: row[3], liveBasketHold: row[4] };
    }
    before.set(eventId, { seatIds, seats });
    return { readStartedAt, venueConfigurationId, seats, gaSections, holdSubclasses };
  };
};

interface Entry {
  readonly startedAt: number;
  readonly snapshot: Promise<SearchSnapshot | undefined>;
}

export const makeSearchSnapshots = (
  db: Knex,
  now: () => number = Date.now,
  load: (eventId: number) => Promise<SearchSnapshot | undefined> = makeSearchReader(db, now),
) => {
  const entries = new Map<number, Entry>();
  return (eventId: number, maxAgeMs: number): Promise<SearchSnapshot | undefined> => {
    const entry = entries.get(eventId);
    if (entry && maxAgeMs > 0 && now() - entry.startedAt <= maxAgeMs) return entry.snapshot;
    const fresh: Entry = { startedAt: now(), snapshot: load(eventId) };
    entries.set(eventId, fresh);
    fresh.snapshot.catch(() => entries.get(eventId) === fresh && entries.delete(eventId));
    return fresh.snapshot;
  };
};

export const SearchSnapshotsPostgres = (db: Knex) => {
  const read = makeSearchSnapshots(db);
  return Layer.succeed(SearchSnapshots, {
    read: (eventId, maxAgeMs) =>
      Effect.flatMap(
        Effect.promise(() => read(eventId, maxAgeMs)),
        (snapshot) =>
          snapshot
            ? Effect.succeed(snapshot)
            : Effect.fail(new NotFound({ entity: 'Event', id: String(eventId) })),
      ),
  });
};
