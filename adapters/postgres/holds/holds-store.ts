import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import {
  HoldClassNotFound,
  HoldEventNotFound,
  HoldNameTaken,
  HoldSubclassNotFound,
  HoldSubclassStale,
  type HoldsRefusal,
} from '../../../core/holds/errors.ts';
import { targetOf, type HoldAction } from '../../../core/holds/hold-action.ts';
import {
  HoldsStore,
  type HoldClass,
  type HoldsActor,
  type HoldSubclass,
  type LockedSeat,
  type SubclassChange,
  type SubclassUpdated,
} from '../../../core/holds/ports.ts';
import { writeAudit } from '../accounts/audit-log.ts';
import { applyStaffHold, reassignHeldSeats } from '../inventory/seat-status/staff-holds.ts';
import { inTransaction, refuse, type Outcome } from '../sql/transaction.ts';

// Hold classes and subclasses (migrations/20261122000300_inventory.ts) and the Holds page's
// apply. A subclass's version is its row's xmin: PostgreSQL moves it on every write of the row,
// so an edit made from a stale form is refused without a version column. Seat status is written
// only by the seat-status home (inventory/seat-status/staff-holds.ts).

interface SubclassRow {
  id: number;
  name: string;
  hold_class_id: number;
  class_name: string;
  is_kill: boolean;
  is_archived: boolean;
  version: string;
  held_seats: string;
}

const subclassOf = (row: SubclassRow): HoldSubclass => ({
  id: row.id,
  name: row.name,
  holdClass: { id: row.hold_class_id, name: row.class_name },
  isKill: row.is_kill,
  isArchived: row.is_archived,
  version: Number(row.version),
  heldSeats: Number(row.held_seats),
});

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === UNIQUE_VIOLATION;

const subclassRows = (db: Knex, id?: number): Promise<SubclassRow[]> =>
  db
    .raw(
      `select hs.id, hs.name, hs.hold_class_id, hc.name as class_name, hs.is_kill, hs.is_archived,
              hs.xmin::text as version,
              (select count(*) from event_seats es where es.hold_subclass_id = hs.id and es.status = 'Hold') as held_seats
         from hold_subclasses hs join hold_classes hc on hc.id = hs.hold_class_id
        ${id === undefined ? '' : 'where hs.id = ?'}
        order by hc.name, hs.name, hs.id`,
      id === undefined ? [] : [id],
    )
    .then((r: { rows: SubclassRow[] }) => r.rows);

const audit = (trx: Knex.Transaction, by: HoldsActor, action: string, details: Record<string, unknown>) =>
  writeAudit(trx, { staff: by, action, details });

/** A transaction whose refusals come out as typed failures; a taken name becomes HoldNameTaken. */
const run = <A, E extends HoldsRefusal>(
  db: Knex,
  name: string | null,
  work: (trx: Knex.Transaction) => Promise<A>,
) =>
  Effect.flatMap(
    Effect.promise(async (): Promise<Outcome<A, E>> => {
      try {
        return await inTransaction<A, E>(db, work);
      } catch (error) {
        if (name !== null && isUniqueViolation(error))
          return { ok: false, error: new HoldNameTaken({ name }) as E };
        throw error;
      }
    }),
    (outcome) => (outcome.ok ? Effect.succeed(outcome.value) : Effect.fail(outcome.error)),
  );

export const makeHoldsStore = (db: Knex) => ({
  classes: async (): Promise<HoldClass[]> => db('hold_classes').select('id', 'name').orderBy('name'),

  createClass: (name: string, by: HoldsActor) =>
    run<HoldClass, HoldNameTaken>(db, name, async (trx) => {
      const [row] = await trx('hold_classes').insert({ name }).returning(['id', 'name']);
      await audit(trx, by, 'holds.createClass', { holdClassId: row.id, name });
      return row as HoldClass;
    }),

  subclasses: async () => (await subclassRows(db)).map(subclassOf),

  createSubclass: (input: { name: string; holdClassId: number; isKill: boolean }, by: HoldsActor) =>
    run<HoldSubclass, HoldNameTaken | HoldClassNotFound>(db, input.name, async (trx) => {
      const holdClass = await trx('hold_classes').where({ id: input.holdClassId }).first('id');
      if (!holdClass) refuse(new HoldClassNotFound({ holdClassId: input.holdClassId }));
      const [row] = await trx('hold_subclasses')
        .insert({ hold_class_id: input.holdClassId, name: input.name, is_kill: input.isKill })
        .returning('id');
      await audit(trx, by, 'holds.createSubclass', { holdSubclassId: row.id, ...input });
      return subclassOf((await subclassRows(trx, row.id))[0]!);
    }),

  updateSubclass: (id: number, version: number, change: SubclassChange, by: HoldsActor) =>
    run<SubclassUpdated, HoldSubclassStale | HoldSubclassNotFound | HoldNameTaken>(
      db,
      change.name ?? null,
      async (trx) => {
        const columns = {
          ...(change.name === undefined ? {} : { name: change.name }),
          ...(change.isKill === undefined ? {} : { is_kill: change.isKill }),
          ...(change.isArchived === undefined ? {} : { is_archived: change.isArchived }),
        };
        // The version check and the write are one statement: of two saves from one version, one wins.
        const updated: { rows: { id: number }[] } = await trx.raw(
          `update hold_subclasses set ${
            Object.keys(columns).length === 0
              ? 'name = name'
              : Object.keys(columns)
                  .map((c) => `${c} = ?`)
                  .join(', ')
          }
            where id = ? and xmin::text = ? returning id`,
          [...Object.values(columns), id, String(version)],
        );
        if (updated.rows.length === 0) {
          const now = await subclassRows(trx, id);
          if (now.length === 0) refuse(new HoldSubclassNotFound({ subclassId: id }));
          refuse(new HoldSubclassStale({ subclassId: id, currentVersion: Number(now[0]!.version) }));
        }
        const moved =
          change.isArchived === true && change.assignSeatsTo !== undefined
            ? await reassignHeldSeats(trx, id, change.assignSeatsTo)
            : change.isArchived === true
              ? await reassignHeldSeats(trx, id, null)
              : [];
        const byEvent = new Map<number, string[]>();
        for (const seat of moved)
          byEvent.set(seat.event_id, [...(byEvent.get(seat.event_id) ?? []), seat.key]);
        await audit(trx, by, change.isArchived === true ? 'holds.archiveSubclass' : 'holds.updateSubclass', {
          holdSubclassId: id,
          ...columns,
          ...(change.isArchived === true
            ? { assignSeatsToSubclassId: change.assignSeatsTo ?? null, seatsMoved: moved.length }
            : {}),
        });
        return {
          subclass: subclassOf((await subclassRows(trx, id))[0]!),
          moved: [...byEvent].map(([eventId, keys]) => ({ eventId, keys })),
        };
      },
    ),

  applyToEvent: (eventId: number, keys: readonly string[], action: HoldAction, by: HoldsActor) =>
    run<LockedSeat[], HoldEventNotFound>(db, null, async (trx) => {
      const event = await trx('events').where({ id: eventId }).first('id');
      if (!event) refuse(new HoldEventNotFound({ eventId }));
      const target = targetOf(action);
      const rows = await applyStaffHold(trx, eventId, keys, action.kind, target);
      const applied = rows.filter((r) => r.applied).length;
      await audit(trx, by, `holds.${action.kind}`, {
        eventId,
        holdSubclassId: target,
        requested: keys.length,
        applied,
        // Which seats, for the record; a large apply is summed up by its count.
        seats: applied <= 200 ? rows.filter((r) => r.applied).map((r) => r.key) : undefined,
      });
      return rows.map((r) => ({
        key: r.key,
        status: r.status,
        holdSubclassId: r.hold_subclass_id,
        liveBasketHold: r.live_hold,
        applied: r.applied,
      }));
    }),
});

export const HoldsStorePostgres = (db: Knex) => {
  const store = makeHoldsStore(db);
  return Layer.succeed(HoldsStore, {
    classes: () => Effect.promise(store.classes),
    createClass: store.createClass,
    subclasses: () => Effect.promise(store.subclasses),
    createSubclass: store.createSubclass,
    updateSubclass: store.updateSubclass,
    applyToEvent: store.applyToEvent,
  });
};
