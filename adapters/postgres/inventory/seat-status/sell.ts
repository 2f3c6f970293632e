import type { Knex } from 'knex';
import { int, lit } from '../../sql/batch.ts';
import { pgArray } from '../../sql/pg-array.ts';
import { liveGaHeld } from './live-hold.ts';

// Checkout turns held seats into sold seats: the basket's own live holds, or, when the basket
// ran out after the payment was taken (`live` false), seats nobody else holds. GA places are sold
// under the sections' locks, counting the other baskets' live holds, so held + sold never exceed
// capacity. Used by adapters/postgres/orders/complete-order.ts (the general path) and
// adapters/postgres/orders/sell-basket.ts (a seated basket in one or two round trips).
//
// A seat's sale is one SQL statement, the PL/pgSQL function foyer_sell_seats, and its condition
// the SQL function foyer_seat_sellable (both made by migrations/20261209000100_seat_sale_functions.ts,
// part of this home). sellHeldSeats calls it for the general path; the seated fast path runs the
// sale's writes as foyer_sell_seated (foyer_pay_and_sell wraps it:
// migrations/20261205000100_sell_seated_generic_plans.ts), which calls it too. sellSeatedSql is
// the only code that calls foyer_sell_seated.

export interface WantedSeat {
  readonly eventId: number;
  readonly seatId: number;
  readonly holdSubclassId: number | null;
  readonly key: string;
}

/**
 * The seat (event_seats `es`, wanted as `w`) may be sold to the basket: open, or held back in the
 * subclass the seat was chosen from, and held by the basket (or, late, by no one live). The SQL
 * function foyer_seat_sellable is the condition (migrations/20261209000100_seat_sale_functions.ts);
 * this is its call for a read. Knex bindings: the basket id.
 */
export const seatSellable = (live: boolean) =>
  `foyer_seat_sellable(es.status, es.hold_subclass_id, es.basket_id, es.held_until, w.hold_subclass_id, ?::uuid, ${live})`;

const wantedJson = (seats: readonly WantedSeat[]) =>
  JSON.stringify(
    seats.map((t) => ({
      event_id: t.eventId,
      seat_id: t.seatId,
      hold_subclass_id: t.holdSubclassId,
      key: t.key,
    })),
  );

/**
 * Sells the wanted seats to the order (foyer_sell_seats, the one statement of a seat sale, which
 * foyer_sell_seated calls too); answers the seats it sold (any missing one was taken).
 * `condition` 'removed' is for the race control test only (sale-race.test.ts): the same write
 * without its condition, which must let two orders sell one seat.
 */
export const sellHeldSeats = async (
  trx: Knex.Transaction | Knex,
  sale: { basketId: string; orderId: number; live: boolean; seats: readonly WantedSeat[] },
  condition: 'checked' | 'removed' = 'checked',
): Promise<{ event_id: number; seat_id: number }[]> => {
  const result: { rows: { event_id: number; seat_id: number }[] } =
    condition === 'checked'
      ? await trx.raw(`select event_id, seat_id from foyer_sell_seats(?, ?::uuid, ?, ?::jsonb)`, [
          sale.orderId,
          sale.basketId,
          sale.live,
          wantedJson(sale.seats),
        ])
      : await trx.raw(
          `update event_seats es
              set status = 'Sold', order_id = ?, basket_id = null, held_until = null, hold_subclass_id = null
             from jsonb_to_recordset(?::jsonb) as w (event_id int, seat_id int)
            where es.event_id = w.event_id and es.seat_id = w.seat_id
            returning es.event_id, es.seat_id`,
          [sale.orderId, wantedJson(sale.seats)],
        );
  return result.rows;
};

export interface WantedPlaces {
  readonly eventId: number;
  readonly sectionId: number;
  readonly quantity: number;
}

/**
 * Sells GA places: the sections' rows are locked first (in the order given: sort it by event and
 * section), then a fresh statement counts the other baskets' live holds. Answers the sections it
 * sold; when all were, the basket's GA holds are gone with the sale.
 */
export const sellGaPlaces = async (
  trx: Knex.Transaction,
  basketId: string,
  list: readonly WantedPlaces[],
): Promise<{ event_id: number; section_id: number }[]> => {
  const arrays = [pgArray(list.map((w) => w.eventId)), pgArray(list.map((w) => w.sectionId))];
  await trx.raw(
    `select 1 from event_ga_sections g join unnest(?::int[], ?::int[]) as w (event_id, section_id)
        on g.event_id = w.event_id and g.section_id = w.section_id
      order by g.event_id, g.section_id for update of g`,
    arrays,
  );
  const result: { rows: { event_id: number; section_id: number }[] } = await trx.raw(
    `with wanted (event_id, section_id, quantity) as (select * from unnest(?::int[], ?::int[], ?::int[]))
     update event_ga_sections g set sold = g.sold + w.quantity
       from wanted w
      where g.event_id = w.event_id and g.section_id = w.section_id
        and g.capacity - g.sold - ${liveGaHeld('g', '?')} >= w.quantity
      returning g.event_id, g.section_id`,
    [...arrays, pgArray(list.map((w) => w.quantity)), basketId],
  );
  if (result.rows.length === list.length) await trx('event_ga_holds').where({ basket_id: basketId }).del();
  return result.rows;
};

/** A jsonb literal. */
const json = (value: unknown) => `${lit(JSON.stringify(value))}::jsonb`;

export interface SeatedSale {
  readonly attemptId: number;
  readonly basketId: string;
  /** The basket is live: sell its own live holds only. */
  readonly live: boolean;
  /** Check first that the basket is still the one read then (BASKET_VERSION); null: locked and read already. */
  readonly version: string | null;
  readonly order: unknown;
  readonly seats: readonly WantedSeat[];
  readonly tickets: unknown;
  readonly products: unknown;
  /** The gateway's success, recorded by the same statement (foyer_pay_and_sell). */
  readonly success?: unknown;
}

/**
 * The sale's writes as one call of foyer_sell_seated (or foyer_pay_and_sell), whose statements
 * PostgreSQL plans once per connection; it raises foyer_assert naming the seats it could not sell
 * (nothing is written then).
 */
export const sellSeatedSql = (sale: SeatedSale) => {
  const wanted = sale.seats.map((t) => ({
    event_id: t.eventId,
    seat_id: t.seatId,
    hold_subclass_id: t.holdSubclassId,
    key: t.key,
  }));
  const call =
    sale.success === undefined ? 'foyer_sell_seated(' : `foyer_pay_and_sell(${json(sale.success)}, `;
  return `select ${call}${int(sale.attemptId)}, ${lit(sale.basketId)}::uuid, ${lit(sale.live)}, ${lit(sale.version)},
    ${json(sale.order)}, ${json(wanted)}, ${json(sale.tickets)}, ${json(sale.products)}) as "order"`;
};
