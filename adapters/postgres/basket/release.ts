import type { Knex } from 'knex';
import { BasketNotFound, BasketRuleViolation } from '../../../core/basket/errors.ts';
import type { Released, SeatChangeNotice } from '../../../core/basket/ports.ts';
import { basketOf, pgArray, type ItemRow } from './basket-rows.ts';
import { gaNotices, gaSectionsNow } from './hold-ga.ts';
import { inTransaction, liveLocked, refuse, type Outcome } from './transaction.ts';

// Seats going back on sale: items removed, a basket expired by hand, or the expiry job and the
// sweep tidying holds whose time ran out. Each answers what open maps should repaint.

interface FreedSeat {
  event_id: number;
  key: string;
  status: 'Open' | 'Hold' | 'Inquiry' | 'Reserved' | 'Sold';
}

/** Seat notices grouped by event and what the seat shows now (Open, or back on its Hold). */
const seatNotices = (freed: readonly FreedSeat[]): SeatChangeNotice[] => {
  const groups = new Map<string, SeatChangeNotice & { keys: string[] }>();
  for (const seat of freed) {
    const status = seat.status === 'Hold' ? 'Hold' : 'Open';
    const id = `${seat.event_id}|${status}`;
    const group = groups.get(id) ?? { eventId: seat.event_id, keys: [], status };
    group.keys.push(seat.key);
    groups.set(id, group);
  }
  return [...groups.values()];
};

/** What the GA sections of these (event, section) pairs show now. */
const gaNoticesFor = async (
  db: Knex | Knex.Transaction,
  pairs: readonly { event_id: number; section_id: number }[],
): Promise<SeatChangeNotice[]> => {
  const byEvent = new Map<number, Set<number>>();
  for (const p of pairs) byEvent.set(p.event_id, (byEvent.get(p.event_id) ?? new Set()).add(p.section_id));
  const notices: SeatChangeNotice[] = [];
  for (const [eventId, sections] of byEvent)
    notices.push(...gaNotices(eventId, await gaSectionsNow(db, eventId, [...sections])));
  return notices;
};

/** Clears this basket's seat holds on the given seats (all of its seats when seatIds is null). */
const freeSeats = async (
  trx: Knex.Transaction,
  basketId: string,
  seatIds: readonly number[] | null,
): Promise<FreedSeat[]> => {
  const result: { rows: FreedSeat[] } = await trx.raw(
    `update event_seats es set basket_id = null, held_until = null
       from seats s
      where es.basket_id = ? and s.id = es.seat_id${seatIds ? ' and es.seat_id = any(?::int[])' : ''}
      returning es.event_id, s.key, es.status`,
    seatIds ? [basketId, pgArray(seatIds)] : [basketId],
  );
  return result.rows;
};

export const releaseItems = (
  db: Knex,
  basketId: string,
  itemIds: readonly number[] | 'all',
): Promise<Outcome<Released, BasketNotFound | BasketRuleViolation>> =>
  inTransaction(db, async (trx) => {
    const locked = await liveLocked(trx, basketId);
    if (!locked) return refuse(new BasketNotFound({ basketId }));
    const wanted = itemIds === 'all' ? locked.items.map((i) => i.id) : [...new Set(itemIds)];
    const unknown = wanted.filter((id) => !locked.items.some((i) => i.id === id));
    if (unknown.length > 0)
      refuse(
        new BasketRuleViolation({
          rule: 'UnknownItem',
          message: `Basket item ${unknown.join(', ')} is not in the basket.`,
        }),
      );
    const removed: ItemRow[] =
      wanted.length === 0 ? [] : await trx('basket_items').whereIn('id', wanted).del().returning('*');
    const seatIds = removed.flatMap((i) => (i.seat_id === null ? [] : [i.seat_id]));
    const freed = seatIds.length > 0 ? await freeSeats(trx, basketId, seatIds) : [];
    // GA holds went with their items (ON DELETE CASCADE).
    const gaPairs = removed.flatMap((i) =>
      i.item_type === 'Ticket' && i.seat_id === null && i.event_id !== null && i.section_id !== null
        ? [{ event_id: i.event_id, section_id: i.section_id }]
        : [],
    );
    const remaining = locked.items.filter((i) => !wanted.includes(i.id));
    return {
      basket: basketOf(locked.row, remaining),
      changes: [...seatNotices(freed), ...(await gaNoticesFor(trx, gaPairs))],
    };
  });

/** POST expire: the basket ends now; its holds are freed. Nothing when it is not live. */
export const expireBasket = async (db: Knex, basketId: string): Promise<SeatChangeNotice[]> => {
  const outcome = await inTransaction<SeatChangeNotice[], never>(db, async (trx) => {
    const ended = await trx('baskets')
      .where({ id: basketId, status: 'Active' })
      .update({ status: 'Expired', expires_at: trx.fn.now() })
      .returning('id');
    if (ended.length === 0) return [];
    const freed = await freeSeats(trx, basketId, null);
    const ga: { event_id: number; section_id: number }[] = await trx('event_ga_holds')
      .where({ basket_id: basketId })
      .del()
      .returning(['event_id', 'section_id']);
    return [...seatNotices(freed), ...(await gaNoticesFor(trx, ga))];
  });
  return outcome.ok ? outcome.value : [];
};

/**
 * The expiry job (one basket) and the periodic sweep (all): baskets whose time ran out become
 * Expired and their holds are cleared; the sweep also clears any hold marker past its time.
 */
export const releaseExpired = async (db: Knex, basketId?: string): Promise<SeatChangeNotice[]> => {
  const only = basketId === undefined ? '' : ' and id = ?';
  const result: {
    rows: { kind: 'seat' | 'ga'; event_id: number; key: string; status: FreedSeat['status'] }[];
  } = await db.raw(
    `with due as (
         update baskets set status = 'Expired'
          where status = 'Active' and expires_at <= now()${only}
          returning id
       ), seats_freed as (
         update event_seats es set basket_id = null, held_until = null
           from seats s
          where s.id = es.seat_id and es.basket_id is not null
            and (es.basket_id in (select id from due)${basketId === undefined ? ' or es.held_until <= now()' : ''})
          returning es.event_id, s.key, es.status
       ), ga_freed as (
         delete from event_ga_holds h
          where h.basket_id in (select id from due)${basketId === undefined ? ' or h.held_until <= now()' : ''}
          returning h.event_id, h.section_id
       )
       select 'seat' as kind, event_id, key, status from seats_freed
       union all
       select distinct 'ga', event_id, section_id::text, null from ga_freed`,
    basketId === undefined ? [] : [basketId],
  );
  const seats = result.rows.filter((r) => r.kind === 'seat');
  const ga = result.rows
    .filter((r) => r.kind === 'ga')
    .map((r) => ({ event_id: r.event_id, section_id: Number(r.key) }));
  return [...seatNotices(seats), ...(await gaNoticesFor(db, ga))];
};
