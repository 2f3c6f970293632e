import type { Knex } from 'knex';

// The benchmarks' 20,000-seat arena night, put back on sale before a load runs.

/** The arena event the load sells: its seats all put back on sale, its floor emptied, its baskets ended. */
export const freshArenaEvent = async (db: Knex) => {
  const arena: { id: number; venue_configuration_id: number } | undefined = await db('events as e')
    .join('event_seats as es', 'es.event_id', 'e.id')
    .join('event_ga_sections as g', 'g.event_id', 'e.id')
    .groupBy('e.id', 'e.venue_configuration_id')
    .havingRaw('count(distinct es.seat_id) = 20000')
    .orderBy('e.starts_at', 'desc')
    .first('e.id', 'e.venue_configuration_id');
  if (!arena) throw new Error('no event with 20,000 seats: is the demo data loaded?');
  // Baskets an earlier load left live end first, or their items would count as oversold
  // against the seats opened again here.
  await db('baskets')
    .whereIn('id', db('basket_items').where({ event_id: arena.id }).distinct('basket_id'))
    .where({ status: 'Active' })
    .update({ status: 'Expired' });
  await db('event_seats')
    .where({ event_id: arena.id })
    .update({ status: 'Open', hold_subclass_id: null, basket_id: null, held_until: null, order_id: null });
  await db('event_ga_holds').where({ event_id: arena.id }).del();
  await db('event_ga_sections').where({ event_id: arena.id }).update({ sold: 0 });
  await db('events')
    .where({ id: arena.id })
    .update({ on_sale_at: db.raw(`now() - interval '1 day'`), status: 'Active' });
  return arena;
};
