import type { Knex } from 'knex';
import { pgArray } from '../../sql/pg-array.ts';
import { holdRanOut } from './live-hold.ts';

// Seats and GA places going back on sale: a basket's items removed, a basket ended by hand, or
// the expiry job and the sweep tidying holds whose time ran out (those are free already: the
// hold statements judge held_until themselves). Used by adapters/postgres/basket/release.ts and,
// for a sale that could not go through, adapters/postgres/orders/complete-order.ts.

export interface FreedSeat {
  event_id: number;
  key: string;
  status: 'Open' | 'Hold' | 'Inquiry' | 'Reserved' | 'Sold';
}

/** Clears this basket's seat holds on the given seats (all of its seats when seatIds is null). */
export const freeSeats = async (
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

/** Drops all of the basket's GA holds; answers the (event, section) pairs they were on. */
export const dropGaHolds = (
  trx: Knex.Transaction,
  basketId: string,
): Promise<{ event_id: number; section_id: number }[]> =>
  trx('event_ga_holds').where({ basket_id: basketId }).del().returning(['event_id', 'section_id']);

export interface DueRow {
  kind: 'seat' | 'ga';
  event_id: number;
  /** The seat key, or the GA section id as text. */
  key: string;
  /** The seat's status (null on GA rows). */
  status: FreedSeat['status'];
}

/**
 * Baskets whose time ran out become Expired and their holds are cleared, in one statement: one
 * basket (the expiry job) or all of them (the periodic sweep, which also clears any hold marker
 * past its time).
 */
export const releaseDue = async (db: Knex, basketId?: string): Promise<DueRow[]> => {
  const sweep = basketId === undefined;
  const result: { rows: DueRow[] } = await db.raw(
    `with due as (
         update baskets set status = 'Expired'
          where status = 'Active' and expires_at <= now()${sweep ? '' : ' and id = ?'}
          returning id
       ), seats_freed as (
         update event_seats es set basket_id = null, held_until = null
           from seats s
          where s.id = es.seat_id and es.basket_id is not null
            and (es.basket_id in (select id from due)${sweep ? ` or ${holdRanOut('es')}` : ''})
          returning es.event_id, s.key, es.status
       ), ga_freed as (
         delete from event_ga_holds h
          where h.basket_id in (select id from due)${sweep ? ` or ${holdRanOut('h')}` : ''}
          returning h.event_id, h.section_id
       )
       select 'seat' as kind, event_id, key, status from seats_freed
       union all
       select distinct 'ga', event_id, section_id::text, null from ga_freed`,
    sweep ? [] : [basketId],
  );
  return result.rows;
};
