import type { Knex } from 'knex';
import type { Basket } from '../../../core/basket/basket.ts';
import type { SeatChangeNotice } from '../../../core/basket/ports.ts';
import type { AttemptOutcome, Completion, OrderPlan } from '../../../core/orders/order.ts';
import {
  BASKET_COLUMNS,
  BASKET_VERSION,
  basketOf,
  type BasketRow,
  type ItemRow,
} from '../basket/basket-rows.ts';
import type { KnownBasket } from '../../../core/orders/ports.ts';
import { inBatches, int, lit } from '../basket/batch.ts';
import { refuse, type Outcome } from '../basket/transaction.ts';
import type { AttemptRow } from './attempts.ts';
import { orderRow, productRows, ticketRows, type Row } from './order-rows.ts';

// The checkout transaction of a seated basket in two round trips (an on-sale makes hundreds of
// orders a second, and each round trip costs a syscall pair and a backend wake-up while the
// basket and payment rows stay locked): (1) begin, lock the payment and the basket, read the
// items; (2) one statement writes the order, sells the seats (its own live holds, or free seats
// when the basket ran out after the charge), writes the tickets and products, links the payment,
// completes the basket and writes the e-mail outbox row; foyer_assert rolls it all back when a
// seat could not be sold, naming the seats; then commit. Baskets with GA places take the path
// that locks the sections first (complete-order.ts).

export interface Unsellable {
  readonly takenSeats: readonly string[];
}

export type Sold = { completion: Completion; changes: SeatChangeNotice[] };

/** What round trip 1 found when the fast path does not apply. */
export type NotHere =
  { readonly kind: 'existing'; readonly orderId: number } | { readonly kind: 'general-admission' };

const ORDER_ID = '(select id from o)';

const valuesOf = (rows: readonly Row[], columns: readonly string[], first: string | null) =>
  rows
    .map((row) => `(${[...(first ? [first] : []), ...columns.map((c) => lit(row[c] ?? null))].join(', ')})`)
    .join(',\n');

const insertRows = (table: string, rows: readonly Row[]) => {
  const columns = Object.keys(rows[0]!);
  return `insert into ${table} (order_id, ${columns.join(', ')}) values ${valuesOf(rows, columns, ORDER_ID)}`;
};

/** order_tickets column types, so a VALUES list in a SELECT is typed (NULLs too). */
const TICKET_TYPES: Readonly<Record<string, string>> = {
  event_id: 'int',
  seat_id: 'int',
  section_id: 'int',
  is_ga: 'boolean',
  price_level_id: 'int',
  price_type_id: 'int',
  face_value: 'int',
  price: 'int',
  fee_total: 'int',
  fees: 'jsonb',
  promotion_id: 'int',
  package_id: 'int',
  package_price: 'int',
  package_fee_total: 'int',
};

/**
 * The tickets, written only when every seat was sold: a seat someone else bought would otherwise
 * meet the one-ticket-per-seat index before foyer_assert could name it.
 */
const insertTickets = (rows: readonly Row[], seatCount: number) => {
  const columns = Object.keys(rows[0]!);
  const values = rows
    .map(
      (row) => `(${columns.map((c) => `${lit(row[c] ?? null)}::${TICKET_TYPES[c] ?? 'text'}`).join(', ')})`,
    )
    .join(',\n');
  return `insert into order_tickets (order_id, ${columns.join(', ')})
    select ${ORDER_ID}, v.* from (values ${values}) as v (${columns.join(', ')})
     where (select count(*) from sold) = ${seatCount}`;
};

const writes = (attemptId: number, basket: Basket, orderColumns: Row, live: boolean) => {
  const seats = basket.tickets.filter((t) => t.seatId !== null);
  const tickets = ticketRows(basket);
  const products = productRows(basket);
  const columns = Object.keys(orderColumns);
  const wanted = seats
    .map(
      (t) =>
        `(${int(t.eventId)}::int, ${int(t.seatId)}::int, ${int(t.holdSubclassId)}::int, ${lit(t.key)}::text)`,
    )
    .join(', ');
  return `with o as (
      insert into orders (${columns.join(', ')}) values ${valuesOf([orderColumns], columns, null)}
      returning id, name, total
    ), wanted (event_id, seat_id, hold_subclass_id, key) as (
      ${seats.length ? `values ${wanted}` : 'select null::int, null::int, null::int, null::text where false'}
    ), sold as (
      update event_seats es
         set status = 'Sold', order_id = ${ORDER_ID}, basket_id = null, held_until = null, hold_subclass_id = null
        from wanted w
       where es.event_id = w.event_id and es.seat_id = w.seat_id
         and (es.status = 'Open' or (es.status = 'Hold' and es.hold_subclass_id is not distinct from w.hold_subclass_id))
         and ((es.basket_id = ${lit(basket.id)} and es.held_until > now())
              ${live ? '' : `or es.basket_id = ${lit(basket.id)} or es.basket_id is null or es.held_until <= now()`})
      returning es.event_id, es.seat_id
    )${tickets.length ? `, t as (${insertTickets(tickets, seats.length)})` : ''}
    ${products.length ? `, pr as (${insertRows('order_products', products)})` : ''}
    , paid as (update payments set order_id = ${ORDER_ID}, updated_at = now() where id = ${int(attemptId)})
    , done as (update baskets set status = 'Completed' where id = ${lit(basket.id)})
    , mail as (insert into order_mail_outbox (order_id) values (${ORDER_ID}))
    select foyer_assert(
             (select count(*) from sold) = ${seats.length},
             (select coalesce(json_agg(w.key), '[]')::text from wanted w
               where not exists (select 1 from sold s where s.event_id = w.event_id and s.seat_id = w.seat_id))),
           (select row_to_json(o) from o) as "order"`;
};

/** The gateway's success as an update of the attempt (never over a refund). */
const recordSuccess = (attemptId: number, success: Extract<AttemptOutcome, { status: 'succeeded' }>) =>
  `update payments set status = 'succeeded', updated_at = now()${
    success.paymentRef === null ? '' : `, payment_ref = ${lit(success.paymentRef)}`
  }${
    success.card
      ? `, card_brand = ${lit(success.card.brand)}, card_bin = ${
          // Stripe gives no BIN (only its iin, rarely): keep what the attempt has rather than ''.
          /^\d{6}$/.test(success.card.bin) ? lit(success.card.bin) : 'card_bin'
        }, card_last4 = ${lit(success.card.last4)}`
      : ''
  } where id = ${int(attemptId)} and status <> 'refunded'`;

export const sellSeatedBasket = (
  db: Knex,
  attemptId: number,
  plan: OrderPlan,
  success?: Extract<AttemptOutcome, { status: 'succeeded' }>,
): Promise<Outcome<Sold | NotHere, Unsellable>> =>
  inBatches<Sold | NotHere, Unsellable>(db, async (send) => {
    const first = await send(
      [
        'begin',
        ...(success ? [recordSuccess(attemptId, success)] : []),
        `select row_to_json(p) as pay, ${BASKET_COLUMNS}
           from payments p
           join baskets b on b.id = p.basket_id
           join sales_channels sc on sc.id = b.sales_channel_id
          where p.id = ${int(attemptId)}
          for update of p for no key update of b`,
        `select i.* from basket_items i join payments p on p.basket_id = i.basket_id
          where p.id = ${int(attemptId)} order by i.id`,
      ].join(';\n'),
    );
    const at = success ? 2 : 1;
    const { pay, ...row } = first[at]!.rows[0] as BasketRow & { pay: AttemptRow };
    const items = first[at + 1]!.rows as ItemRow[];
    if (pay.order_id !== null) {
      await send('commit');
      return { kind: 'existing', orderId: pay.order_id };
    }
    if (pay.status !== 'succeeded' || pay.refund_status !== null)
      return refuse<Unsellable>({ takenSeats: pay.taken_seats ?? [] });
    // Completed by another payment: this one made no order and goes back.
    if (row.status === 'Completed') return refuse<Unsellable>({ takenSeats: [] });
    const basket = basketOf(row, items);
    if (basket.tickets.some((t) => t.seatId === null)) {
      await send('rollback');
      return { kind: 'general-admission' };
    }
    const draft = plan(basket);
    if (!draft || basket.tickets.length + basket.products.length === 0)
      return refuse<Unsellable>({ takenSeats: [] });
    let written: Awaited<ReturnType<typeof send>>;
    try {
      written = await send(
        `${writes(attemptId, basket, orderRow(pay.checkout, basket, draft), row.live)};\ncommit`,
      );
    } catch (error) {
      if (!isAssert(error)) throw error;
      return refuse<Unsellable>({
        takenSeats: JSON.parse((error as { detail?: string }).detail ?? '[]') as string[],
      });
    }
    return soldFrom(written.at(-2)!, basket);
  });

/** The order the writes made, and its seats as sold. */
const soldFrom = (written: { rows: unknown[] }, basket: Basket): Sold => {
  const order = (written.rows[0] as { order: { id: number; name: string; total: number } }).order;
  const byEvent = new Map<number, string[]>();
  for (const t of basket.tickets) byEvent.set(t.eventId, [...(byEvent.get(t.eventId) ?? []), t.key]);
  return {
    completion: { kind: 'order', orderId: order.id, name: order.name, total: order.total, created: true },
    changes: [...byEvent].map(([eventId, keys]): SeatChangeNotice => ({ eventId, keys, status: 'Sold' })),
  };
};

const isAssert = (error: unknown) => {
  const e = error as { code?: string; message?: string };
  return e.code === 'P0001' && e.message === 'foyer_assert';
};

/**
 * The checkout's usual case in ONE round trip: the basket the checkout read before charging
 * (known.basket, with its version) is sold as read, if the same statement batch finds it unchanged
 * (BASKET_VERSION), still live, and the payment succeeded with no order yet; the rows are locked
 * as in the two-trip path. Anything else (a change while paying, a seat that ran out, a twin that
 * made the order) rolls back whole and answers null: sellSeatedBasket then decides as always.
 */
export const sellUnchangedBasket = (
  db: Knex,
  attemptId: number,
  plan: OrderPlan,
  known: KnownBasket,
  success?: Extract<AttemptOutcome, { status: 'succeeded' }>,
): Promise<Sold | null> => {
  const { basket } = known;
  if (basket.version === undefined || basket.tickets.some((t) => t.seatId === null))
    return Promise.resolve(null);
  const draft = plan(basket);
  if (!draft || basket.tickets.length + basket.products.length === 0) return Promise.resolve(null);
  return inBatches<Sold | null, never>(db, async (send) => {
    const still = `select p.order_id is null and p.status = 'succeeded' and p.refund_status is null
         and b.status = 'Active' and b.expires_at > now() and ${BASKET_VERSION} = ${lit(basket.version!)}
        from payments p join baskets b on b.id = p.basket_id
       where p.id = ${int(attemptId)}
         for update of p for no key update of b`;
    try {
      const written = await send(
        [
          'begin',
          ...(success ? [recordSuccess(attemptId, success)] : []),
          `select foyer_assert(coalesce((${still}), false), 'changed')`,
          writes(attemptId, basket, orderRow(known.checkout, basket, draft), true),
          'commit',
        ].join(';\n'),
      );
      return soldFrom(written.at(-2)!, basket);
    } catch (error) {
      if (!isAssert(error)) throw error;
      await send('rollback');
      return null;
    }
  }).then((outcome) => (outcome.ok ? outcome.value : null));
};
