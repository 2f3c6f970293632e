import type { Knex } from 'knex';
import type { GaSectionLocked } from '../../../../core/basket/add-plan.ts';
import type { SeatChangeNotice } from '../../../../core/basket/ports.ts';
import { gaMaxAvailable } from '../../../../core/inventory/ga-availability.ts';
import { int, intArray } from '../../sql/batch.ts';
import { liveGaHeld } from './live-hold.ts';

// General-admission places: a GA hold takes the section rows' locks (lockGaSections, in section
// id order), then reads capacity, sold and the live holds in a NEW statement (gaSectionsState: it
// sees every hold committed by whoever had the lock before), lets the rules check there is room,
// and writes its holds (takeGaPlaces) before the locks go at commit. held + sold never exceed
// capacity. Used by adapters/postgres/basket/hold-ga.ts; the sale is in sell.ts.

export interface SectionRow {
  id: number;
  key: string;
  name: string;
  price_level_id: number;
  capacity: number;
  sold: number;
  live_held: number;
}

/** The GA sections of an event matching `where` (over g and s), with their live holds. */
export const gaSectionsState = (eventId: number, where: string) => `
  select g.section_id as id, s.code as key, s.name, g.price_level_id, g.capacity, g.sold,
         ${liveGaHeld('g')} as live_held
    from event_ga_sections g
    join sections s on s.id = g.section_id
   where g.event_id = ${int(eventId)} and ${where}
   order by g.section_id`;

/** Locks the event's GA sections with these codes (a text[] expression), in section id order. */
export const lockGaSections = (eventId: number, codes: string) =>
  `select g.section_id from event_ga_sections g join sections s on s.id = g.section_id
    where g.event_id = ${int(eventId)} and s.code = any(${codes})
    order by g.section_id for update of g`;

/**
 * The GA holds of new basket items: one row per item of the CTE `items` (id, section_id,
 * quantity), held until `heldUntil` (the basket's expiry). Values are SQL expressions.
 */
export const takeGaPlaces = (take: { items: string; eventId: string; basketId: string; heldUntil: string }) =>
  `insert into event_ga_holds (basket_item_id, event_id, section_id, basket_id, quantity, held_until)
   select id, ${take.eventId}, section_id, ${take.basketId}, quantity, ${take.heldUntil}
     from ${take.items}
   returning basket_item_id`;

export const sectionOf = (r: SectionRow): GaSectionLocked => ({
  id: r.id,
  key: r.key,
  name: r.name,
  priceLevelId: r.price_level_id,
  capacity: r.capacity,
  sold: r.sold,
  liveHeld: r.live_held,
});

/** GA sections of an event now (no lock): for announcing what a hold, release or sale left. */
export const gaSectionsNow = async (
  db: Knex | Knex.Transaction,
  eventId: number,
  sectionIds: readonly number[],
): Promise<GaSectionLocked[]> => {
  const result: { rows: SectionRow[] } = await db.raw(
    gaSectionsState(eventId, `g.section_id = any(${intArray(sectionIds)})`),
  );
  return result.rows.map(sectionOf);
};

/** What a map should show for GA sections after a change: Open while places are left. */
export const gaNotices = (eventId: number, sections: readonly GaSectionLocked[]): SeatChangeNotice[] => {
  const open = sections.filter((s) => gaMaxAvailable(s) > 0).map((s) => s.key);
  const full = sections.filter((s) => gaMaxAvailable(s) <= 0).map((s) => s.key);
  return [
    ...(open.length ? [{ eventId, keys: open, status: 'Open' as const }] : []),
    ...(full.length ? [{ eventId, keys: full, status: 'Unavailable' as const }] : []),
  ];
};
