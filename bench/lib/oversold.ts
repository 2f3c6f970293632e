import type { Knex } from 'knex';

// After a hold benchmark: what the database holds against what the answers said was held.

/** Seats or places held by more than one live basket, or claimed beyond what the store holds. */
export const oversold = async (db: Knex, eventId: number, answered: { seats: number; places: number }) => {
  const [doubles] = await db
    .from(
      db('basket_items as i')
        .join('baskets as b', 'b.id', 'i.basket_id')
        .where({ 'i.event_id': eventId, 'b.status': 'Active' })
        .whereNotNull('i.seat_id')
        .whereRaw('b.expires_at > now()')
        .groupBy('i.seat_id')
        .havingRaw('count(*) > 1')
        .select('i.seat_id')
        .as('d'),
    )
    .count({ n: '*' });
  const [unbacked] = await db('basket_items as i')
    .join('baskets as b', 'b.id', 'i.basket_id')
    .join('event_seats as es', (j) => j.on('es.event_id', 'i.event_id').andOn('es.seat_id', 'i.seat_id'))
    .where({ 'i.event_id': eventId, 'b.status': 'Active' })
    .whereRaw('b.expires_at > now()')
    .whereRaw('(es.basket_id is distinct from i.basket_id or es.held_until <= now())')
    .count({ n: '*' });
  const [heldSeats] = await db('event_seats')
    .where({ event_id: eventId })
    .whereRaw('held_until > now()')
    .count({ n: '*' });
  const ga: { capacity: number; sold: number; held: number }[] = await db('event_ga_sections as g')
    .where('g.event_id', eventId)
    .select(
      'g.capacity',
      'g.sold',
      db.raw(
        `coalesce((select sum(h.quantity) from event_ga_holds h where h.event_id = g.event_id
                    and h.section_id = g.section_id and h.held_until > now()), 0)::int as held`,
      ),
    );
  const gaHeld = ga.reduce((n, s) => n + s.held, 0);
  return (
    Number(doubles!.n) +
    Number(unbacked!.n) +
    Math.max(0, answered.seats - Number(heldSeats!.n)) +
    ga.reduce((n, s) => n + Math.max(0, s.sold + s.held - s.capacity), 0) +
    Math.max(0, answered.places - gaHeld)
  );
};
