import type { Knex } from 'knex';
import type { SeatChangeNotice } from '../../../../core/basket/ports.ts';
import { pgArray } from '../../sql/pg-array.ts';
import { gaNotices, gaSectionsNow } from './ga-places.ts';
import type { FreedSeat } from './release.ts';

// Sold seats and GA places going back on sale: an order's tickets cancelled
// (adapters/postgres/orders/staff-orders/cancel-tickets.ts) or exchanged (adapters/postgres/orders/exchanges/exchanges.ts),
// in that change's transaction, with the order's row locked. A seat sold to the order becomes Open again (its sale cleared the hold it
// came from, so it goes back to the public); a GA section sells that many places fewer, under
// the sections' locks like a sale (sell.ts), so sold never goes below zero nor below what the
// other orders hold.

export interface SoldSeat {
  readonly eventId: number;
  readonly seatId: number;
}

/** The order's sold seats among `seats` become Open; answers those it opened. */
export const unsellSeats = async (
  trx: Knex.Transaction,
  orderId: number,
  seats: readonly SoldSeat[],
): Promise<FreedSeat[]> => {
  if (seats.length === 0) return [];
  const result: { rows: FreedSeat[] } = await trx.raw(
    `update event_seats es set status = 'Open', order_id = null, hold_subclass_id = null
       from seats s, unnest(?::int[], ?::int[]) as w (event_id, seat_id)
      where es.event_id = w.event_id and es.seat_id = w.seat_id and s.id = es.seat_id
        and es.order_id = ? and es.status = 'Sold'
      returning es.event_id, s.key, es.status`,
    [pgArray(seats.map((t) => t.eventId)), pgArray(seats.map((t) => t.seatId)), orderId],
  );
  return result.rows;
};

export interface SoldPlaces {
  readonly eventId: number;
  readonly sectionId: number;
  readonly quantity: number;
}

/** GA places given back: each section sells `quantity` fewer. Answers the sections changed. */
export const unsellGaPlaces = async (
  trx: Knex.Transaction,
  places: readonly SoldPlaces[],
): Promise<{ event_id: number; section_id: number }[]> => {
  if (places.length === 0) return [];
  const sorted = [...places].sort((a, b) => a.eventId - b.eventId || a.sectionId - b.sectionId);
  const arrays = [pgArray(sorted.map((w) => w.eventId)), pgArray(sorted.map((w) => w.sectionId))];
  await trx.raw(
    `select 1 from event_ga_sections g join unnest(?::int[], ?::int[]) as w (event_id, section_id)
        on g.event_id = w.event_id and g.section_id = w.section_id
      order by g.event_id, g.section_id for update of g`,
    arrays,
  );
  const result: { rows: { event_id: number; section_id: number }[] } = await trx.raw(
    `with given (event_id, section_id, quantity) as (select * from unnest(?::int[], ?::int[], ?::int[]))
     update event_ga_sections g set sold = g.sold - w.quantity
       from given w
      where g.event_id = w.event_id and g.section_id = w.section_id
      returning g.event_id, g.section_id`,
    [...arrays, pgArray(sorted.map((w) => w.quantity))],
  );
  return result.rows;
};

interface TicketPlace {
  event_id: number;
  seat_id: number | null;
  section_id: number | null;
  is_ga: boolean;
}

/** Seat notices by event: the seats now Open. */
const openNotices = (freed: readonly FreedSeat[]): SeatChangeNotice[] => {
  const byEvent = new Map<number, string[]>();
  for (const seat of freed) byEvent.set(seat.event_id, [...(byEvent.get(seat.event_id) ?? []), seat.key]);
  return [...byEvent].map(([eventId, keys]) => ({ eventId, keys, status: 'Open' as const }));
};

/**
 * The seats and GA places of these tickets of the order go back on sale (whatever the tickets'
 * status now: the caller has just marked them Cancelled or Exchanged). Answers what open seat
 * maps should repaint.
 */
export const unsellTickets = async (
  trx: Knex.Transaction,
  orderId: number,
  ticketIds: readonly number[],
): Promise<SeatChangeNotice[]> => {
  if (ticketIds.length === 0) return [];
  const tickets: TicketPlace[] = await trx('order_tickets')
    .where({ order_id: orderId })
    .whereIn('id', [...ticketIds])
    .select('event_id', 'seat_id', 'section_id', 'is_ga');
  const seats = tickets.flatMap((t) =>
    t.is_ga || t.seat_id === null ? [] : [{ eventId: t.event_id, seatId: t.seat_id }],
  );
  const counts = new Map<string, { eventId: number; sectionId: number; quantity: number }>();
  for (const t of tickets) {
    if (!t.is_ga || t.section_id === null) continue;
    const id = `${t.event_id}|${t.section_id}`;
    const entry = counts.get(id) ?? { eventId: t.event_id, sectionId: t.section_id, quantity: 0 };
    entry.quantity += 1;
    counts.set(id, entry);
  }
  const changes = openNotices(await unsellSeats(trx, orderId, seats));
  const sections = await unsellGaPlaces(trx, [...counts.values()]);
  const byEvent = new Map<number, number[]>();
  for (const s of sections) byEvent.set(s.event_id, [...(byEvent.get(s.event_id) ?? []), s.section_id]);
  for (const [eventId, ids] of byEvent)
    changes.push(...gaNotices(eventId, await gaSectionsNow(trx, eventId, ids)));
  return changes;
};
