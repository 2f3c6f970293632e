import type { Knex } from 'knex';
import type { EventGaSection } from '../../../core/inventory/event-inventory.ts';

/**
 * An event's general-admission sections with capacity and sold count. Live GA basket holds are
 * not stored yet (no table holds them): liveHeld is 0 until the basket's GA holds land.
 */
export const loadGaSections = async (db: Knex, eventId: number): Promise<EventGaSection[]> => {
  const rows: { code: string; name: string; price_level_id: number; capacity: number; sold: number }[] =
    await db('event_ga_sections as g')
      .join('sections as s', 's.id', 'g.section_id')
      .where('g.event_id', eventId)
      .orderBy([{ column: 's.display_order' }, { column: 's.id' }])
      .select('s.code', 's.name', 'g.price_level_id', 'g.capacity', 'g.sold');
  return rows.map((r) => ({
    key: r.code,
    name: r.name,
    priceLevelId: r.price_level_id,
    capacity: r.capacity,
    sold: r.sold,
    liveHeld: 0,
  }));
};
