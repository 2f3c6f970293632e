import type { Knex } from 'knex';
import type { EventGaSection } from '../../../core/inventory/event-inventory.ts';
import { liveGaHeld } from './seat-status/live-hold.ts';

/**
 * An event's general-admission sections with capacity, sold count and the places held in live
 * baskets (counted as seat-status/live-hold.ts says a hold is live).
 */
export const loadGaSections = async (db: Knex, eventId: number): Promise<EventGaSection[]> => {
  const rows: {
    code: string;
    name: string;
    price_level_id: number;
    capacity: number;
    sold: number;
    live_held: number;
  }[] = await db('event_ga_sections as g')
    .join('sections as s', 's.id', 'g.section_id')
    .where('g.event_id', eventId)
    .orderBy([{ column: 's.display_order' }, { column: 's.id' }])
    .select(
      's.code',
      's.name',
      'g.price_level_id',
      'g.capacity',
      'g.sold',
      db.raw(`${liveGaHeld('g')} as live_held`),
    );
  return rows.map((r) => ({
    key: r.code,
    name: r.name,
    priceLevelId: r.price_level_id,
    capacity: r.capacity,
    sold: r.sold,
    liveHeld: r.live_held,
  }));
};
