import type { Knex } from 'knex';
import { Cause, Exit, type Effect } from 'effect';
import type { AppRuntime, AppServices } from '../adapters/wiring.ts';

// Finding demo events and seats for basket tests, and running use cases to a plain outcome.
// The demo is seeded relative to a fixed day while the clock moves on: tests pick events that
// start days from now and are on sale now.

/** The series' last performance already on sale (the arena's heavy on-sale: AURORA). */
export const lastOnSaleEventId = async (db: Knex, series: string): Promise<number> => {
  const row: { id: number } | undefined = await db('events as e')
    .join('event_templates as t', 't.id', 'e.event_template_id')
    .where('t.code', series)
    .where('e.on_sale_at', '<', db.fn.now())
    .orderBy('e.starts_at', 'desc')
    .first('e.id');
  if (!row) throw new Error(`no ${series} event on sale`);
  return row.id;
};

/** A future, on-sale event of the series (the n-th such, most open seats first). */
export const saleEventId = async (db: Knex, series: string, n = 0): Promise<number> => {
  const row: { id: number } | undefined = await db('events as e')
    .join('event_templates as t', 't.id', 'e.event_template_id')
    .where('t.code', series)
    .where('e.status', 'Active')
    .whereRaw(`e.starts_at > now() + interval '3 days'`)
    .whereRaw('e.on_sale_at < now()')
    // The emptiest first: room for every test's seats.
    .orderByRaw(
      `(select count(*) from event_seats es where es.event_id = e.id and es.status = 'Open') desc, e.id`,
    )
    .offset(n)
    .first('e.id');
  if (!row) throw new Error(`no future on-sale ${series} event`);
  return row.id;
};

/** The first event at the 20,000-seat arena (the benchmark venue). */
export const arenaEventId = async (db: Knex): Promise<number> => {
  const row: { event_id: number } = await db('event_seats')
    .groupBy('event_id')
    .havingRaw('count(*) = 20000')
    .orderBy('event_id')
    .first('event_id');
  return row.event_id;
};

/** Open seats of an event with no accessibility type and no alert, in seat order. */
export const plainOpenSeats = async (db: Knex, eventId: number, count: number, offset = 0) => {
  const rows: { key: string; seat_id: number }[] = await db('event_seats as es')
    .join('seats as s', 's.id', 'es.seat_id')
    .join('sections as sec', 'sec.id', 's.section_id')
    .where({ 'es.event_id': eventId, 'es.status': 'Open', 'sec.is_ga': false })
    .whereNull('es.basket_id')
    .whereNull('s.ada_type')
    .whereNull('s.seat_alert_id')
    .orderBy('s.id')
    .offset(offset)
    .limit(count)
    .select('s.key', 's.id as seat_id');
  if (rows.length < count) throw new Error(`event ${eventId} has fewer than ${count} plain open seats`);
  return rows;
};

/** Sells every seat of the event but one plain open seat: the last seat a race is run for. */
export const lastSeatOf = async (db: Knex, eventId: number) => {
  const [last] = await plainOpenSeats(db, eventId, 1);
  await db('event_seats')
    .where({ event_id: eventId })
    .whereNot({ seat_id: last!.seat_id })
    .update({ status: 'Sold', hold_subclass_id: null, basket_id: null, held_until: null });
  return last!;
};

/** The event's GA section (key, id, price level) set to `capacity` places, none sold. */
export const freshGaSection = async (db: Knex, eventId: number, capacity: number) => {
  const row: { section_id: number; key: string; price_level_id: number } | undefined = await db(
    'event_ga_sections as g',
  )
    .join('sections as s', 's.id', 'g.section_id')
    .where('g.event_id', eventId)
    .first('g.section_id', 's.code as key', 'g.price_level_id');
  if (!row) throw new Error(`event ${eventId} has no GA section`);
  await db('event_ga_holds').where({ event_id: eventId }).del();
  await db('event_ga_sections')
    .where({ event_id: eventId, section_id: row.section_id })
    .update({ capacity, sold: 0 });
  return row;
};

/** The default (Adult) price type's id. */
export const adultPriceTypeId = async (db: Knex): Promise<number> =>
  (await db('price_types').where({ code: 'Adult' }).first('id')).id;

export type Outcome<A> = { ok: true; value: A } | { ok: false; tag: string; error: unknown };

/** Runs a use case; a typed failure comes back as { ok: false, tag }, a defect throws. */
export const outcomeOf = async <A, E>(
  runtime: AppRuntime,
  program: Effect.Effect<A, E, AppServices>,
): Promise<Outcome<A>> => {
  const exit = await runtime.runPromiseExit(program);
  if (Exit.isSuccess(exit)) return { ok: true, value: exit.value };
  const failure = Cause.findErrorOption(exit.cause);
  if (failure._tag === 'Some')
    return { ok: false, tag: (failure.value as { _tag: string })._tag, error: failure.value };
  throw Cause.squash(exit.cause);
};
