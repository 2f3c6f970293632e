import type { Knex } from 'knex';

// What the one-round-trip hold needs to judge the rules before it asks PostgreSQL for the seats:
// each seat's fixed facts (section, row, accessibility, alert) per venue configuration, and each
// event seat's price level and hold subclass. Both are read in one go and kept a while; the
// hold statement checks the price level it was priced at, and anything that does not match
// sends the hold down the ordinary two-round-trip path, which reads everything afresh.

export interface SeatFact {
  readonly seatId: number;
  readonly key: string;
  readonly sectionId: number;
  readonly sectionName: string;
  readonly row: string;
  readonly number: string;
  readonly adaType: string | null;
  readonly seatAlertId: number | null;
}

export interface EventSeatFact {
  readonly priceLevelId: number;
  readonly holdSubclassId: number | null;
}

const cached = <K, V>(ttlMs: number, load: (key: K) => Promise<V>) => {
  const entries = new Map<K, { at: number; value: Promise<V> }>();
  return (key: K): Promise<V> => {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && now - hit.at < ttlMs) return hit.value;
    const value = load(key);
    entries.delete(key); // re-inserted last: the least recently loaded goes first
    entries.set(key, { at: now, value });
    value.catch(() => entries.delete(key));
    // An arena event is 20,000 rows: keep only the few events on sale right now.
    if (entries.size > 20) entries.delete(entries.keys().next().value!);
    return value;
  };
};

export const seatFactCaches = (db: Knex, options: { venueTtlMs?: number; eventTtlMs?: number } = {}) => ({
  /** Seats of a venue configuration by key (seat maps change only when an operator edits one). */
  venue: cached(options.venueTtlMs ?? 30_000, async (venueConfigurationId: number) => {
    const result: { rows: [number, string, number, string, string, string, string | null, number | null][] } =
      await db
        .raw(
          `select s.id, s.key, s.section_id, sec.name, s.row, s.number, s.ada_type, s.seat_alert_id
             from seats s join sections sec on sec.id = s.section_id
            where s.venue_configuration_id = ? and not sec.is_ga`,
          [venueConfigurationId],
        )
        .options({ rowMode: 'array' });
    const facts = new Map<string, SeatFact>();
    for (const [seatId, key, sectionId, sectionName, row, number, adaType, seatAlertId] of result.rows)
      facts.set(key, { seatId, key, sectionId, sectionName, row, number, adaType, seatAlertId });
    return facts;
  }),
  /** An event's general-admission sections by key: id, name, price level, capacity. */
  gaSections: cached(options.eventTtlMs ?? 5_000, async (eventId: number) => {
    const rows: { id: number; key: string; name: string; price_level_id: number; capacity: number }[] =
      await db('event_ga_sections as g')
        .join('sections as s', 's.id', 'g.section_id')
        .where('g.event_id', eventId)
        .select('g.section_id as id', 's.code as key', 's.name', 'g.price_level_id', 'g.capacity');
    return new Map(rows.map((r) => [r.key, r]));
  }),
  /** An event's seats' price levels and hold subclasses by seat id. */
  event: cached(options.eventTtlMs ?? 5_000, async (eventId: number) => {
    const result: { rows: [number, number, number | null][] } = await db
      .raw(`select seat_id, price_level_id, hold_subclass_id from event_seats where event_id = ?`, [eventId])
      .options({ rowMode: 'array' });
    const facts = new Map<number, EventSeatFact>();
    for (const [seatId, priceLevelId, holdSubclassId] of result.rows)
      facts.set(seatId, { priceLevelId, holdSubclassId });
    return facts;
  }),
});

export type SeatFactCaches = ReturnType<typeof seatFactCaches>;
