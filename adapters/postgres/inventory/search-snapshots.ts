import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import type { EventSeatsSnapshot } from '../../../core/inventory/event-inventory.ts';
import { SearchSnapshots } from '../../../core/inventory/ports.ts';
import { NotFound } from '../../../core/shared/errors.ts';
import { loadEventSeats } from './inventory.ts';

// Reading the arena's 20,000 seats takes ~100 ms; at an on-sale hundreds of searches a second
// share one read (single flight per event). Age is measured from when the read started, so a
// snapshot never claims to be younger than the data in it.

interface Entry {
  readonly startedAt: number;
  readonly snapshot: Promise<EventSeatsSnapshot | undefined>;
}

export const makeSearchSnapshots = (db: Knex, now: () => number = Date.now) => {
  const entries = new Map<number, Entry>();
  return (eventId: number, maxAgeMs: number): Promise<EventSeatsSnapshot | undefined> => {
    const entry = entries.get(eventId);
    if (entry && maxAgeMs > 0 && now() - entry.startedAt <= maxAgeMs) return entry.snapshot;
    const fresh: Entry = { startedAt: now(), snapshot: loadEventSeats(db, eventId) };
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
