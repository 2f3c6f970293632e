import type { Knex } from 'knex';
import type { Basket } from '../../../core/basket/basket.ts';
import type { SeatChangeNotice } from '../../../core/basket/ports.ts';
import type { AttemptOutcome, OrderDraft, OrderPlan } from '../../../core/orders/order.ts';
import { BASKET_COLUMNS, basketOf, pgArray, readItemRows, type BasketRow } from '../basket/basket-rows.ts';
import { gaNotices, gaSectionsNow } from '../basket/hold-ga.ts';
import { expireBasket } from '../basket/release.ts';
import { inTransaction, refuse, type Outcome } from '../basket/transaction.ts';
import { sellSeatedBasket, sellUnchangedBasket, type Sold, type Unsellable } from './sell-basket.ts';
import type { KnownBasket } from '../../../core/orders/ports.ts';
import { recordOutcome, type AttemptRow } from './attempts.ts';
import { orderRow, productRows, ticketRows } from './order-rows.ts';

// DESIGN.md 3: checkout turns held seats into sold seats in ONE transaction that re-checks the
// basket is live and its holds are still its own. The payment row is locked first, so two
// completions of one attempt (a retry racing the first request, the reconciliation job) run one
// after the other and the second finds the order. When the basket ran out after the charge, the
// seats are sold anyway if nobody else took them; otherwise nothing is written and the payment is
// marked for refund.

type Result = Sold;

/** Sells the basket's seats: its own live holds, or (basket ran out) seats nobody else has. */
const sellSeats = async (trx: Knex.Transaction, basket: Basket, orderId: number, live: boolean) => {
  const seats = basket.tickets.filter((t) => t.seatId !== null);
  if (seats.length === 0) return [];
  const result: { rows: { event_id: number; seat_id: number }[] } = await trx.raw(
    `with wanted (event_id, seat_id, hold_subclass_id) as (
       select * from unnest(?::int[], ?::int[], ?::int[]))
     update event_seats es
        set status = 'Sold', order_id = ?, basket_id = null, held_until = null, hold_subclass_id = null
       from wanted w
      where es.event_id = w.event_id and es.seat_id = w.seat_id
        and (es.status = 'Open' or (es.status = 'Hold' and es.hold_subclass_id is not distinct from w.hold_subclass_id))
        and ((es.basket_id = ? and es.held_until > now())
             ${live ? '' : 'or es.basket_id = ? or es.basket_id is null or es.held_until <= now()'})
      returning es.event_id, es.seat_id`,
    [
      pgArray(seats.map((t) => t.eventId)),
      pgArray(seats.map((t) => t.seatId!)),
      `{${seats.map((t) => (t.holdSubclassId === null ? 'NULL' : String(t.holdSubclassId))).join(',')}}`,
      orderId,
      basket.id,
      ...(live ? [] : [basket.id]),
    ],
  );
  const sold = new Set(result.rows.map((r) => `${r.event_id}|${r.seat_id}`));
  const taken = seats.filter((t) => !sold.has(`${t.eventId}|${t.seatId}`)).map((t) => t.key);
  if (taken.length > 0) refuse<Unsellable>({ takenSeats: taken });
  const byEvent = new Map<number, string[]>();
  for (const t of seats) byEvent.set(t.eventId, [...(byEvent.get(t.eventId) ?? []), t.key]);
  return [...byEvent].map(([eventId, keys]): SeatChangeNotice => ({ eventId, keys, status: 'Sold' }));
};

/**
 * Sells the GA places: the sections' rows are locked first (section order), then a fresh
 * statement counts the other baskets' live holds, so held + sold never exceed capacity.
 */
const sellGeneralAdmission = async (trx: Knex.Transaction, basket: Basket) => {
  const wanted = new Map<string, { eventId: number; sectionId: number; quantity: number; key: string }>();
  for (const t of basket.tickets.filter((t) => t.seatId === null && t.sectionId !== null)) {
    const id = `${t.eventId}|${t.sectionId}`;
    const entry = wanted.get(id) ?? { eventId: t.eventId, sectionId: t.sectionId!, quantity: 0, key: t.key };
    wanted.set(id, { ...entry, quantity: entry.quantity + t.quantity });
  }
  if (wanted.size === 0) return [];
  const list = [...wanted.values()].sort((a, b) => a.eventId - b.eventId || a.sectionId - b.sectionId);
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
        and g.capacity - g.sold - coalesce((select sum(h.quantity) from event_ga_holds h
              where h.event_id = g.event_id and h.section_id = g.section_id
                and h.held_until > now() and h.basket_id <> ?), 0) >= w.quantity
      returning g.event_id, g.section_id`,
    [...arrays, pgArray(list.map((w) => w.quantity)), basket.id],
  );
  const sold = new Set(result.rows.map((r) => `${r.event_id}|${r.section_id}`));
  const taken = list.filter((w) => !sold.has(`${w.eventId}|${w.sectionId}`)).map((w) => w.key);
  if (taken.length > 0) refuse<Unsellable>({ takenSeats: taken });
  await trx('event_ga_holds').where({ basket_id: basket.id }).del();
  const notices: SeatChangeNotice[] = [];
  for (const eventId of new Set(list.map((w) => w.eventId)))
    notices.push(
      ...gaNotices(
        eventId,
        await gaSectionsNow(
          trx,
          eventId,
          list.filter((w) => w.eventId === eventId).map((w) => w.sectionId),
        ),
      ),
    );
  return notices;
};

const insertOrder = async (trx: Knex.Transaction, pay: AttemptRow, basket: Basket, draft: OrderDraft) => {
  const [order] = await trx('orders')
    .insert(orderRow(pay.checkout, basket, draft))
    .returning(['id', 'name', 'total']);
  return order as { id: number; name: string; total: number };
};

const insertItems = async (trx: Knex.Transaction, orderId: number, basket: Basket) => {
  const tickets = ticketRows(basket).map((t) => ({ ...t, order_id: orderId }));
  if (tickets.length > 0) await trx.batchInsert('order_tickets', tickets, 500);
  const products = productRows(basket).map((p) => ({ ...p, order_id: orderId }));
  if (products.length > 0) await trx('order_products').insert(products);
};

const existingOrder = async (db: Knex | Knex.Transaction, orderId: number): Promise<Result> => {
  const order: { id: number; name: string; total: number } = await db('orders')
    .where({ id: orderId })
    .first('id', 'name', 'total');
  return {
    completion: { kind: 'order', orderId, name: order.name, total: order.total, created: false },
    changes: [],
  };
};

export const completeOrder = async (
  db: Knex,
  attemptId: number,
  plan: OrderPlan,
  success?: Extract<AttemptOutcome, { status: 'succeeded' }>,
  known?: KnownBasket,
): Promise<Result> => {
  const unchanged = known && (await sellUnchangedBasket(db, attemptId, plan, known, success));
  if (unchanged) return unchanged;
  const fast = await sellSeatedBasket(db, attemptId, plan, success);
  // No order from the fast path: its record of the success rolled back with it; keep it now.
  if (success && !(fast.ok && 'completion' in fast.value)) await recordOutcome(db, attemptId, success);
  if (fast.ok && 'kind' in fast.value && fast.value.kind === 'existing')
    return existingOrder(db, fast.value.orderId);
  const outcome: Outcome<Result, Unsellable> =
    fast.ok && 'kind' in fast.value
      ? await completeInTransaction(db, attemptId, plan)
      : (fast as Outcome<Result, Unsellable>);
  if (outcome.ok) return outcome.value;
  return unsellable(db, attemptId, outcome.error);
};

/** The general path (GA places lock their sections first), in a knex transaction. */
const completeInTransaction = (db: Knex, attemptId: number, plan: OrderPlan) =>
  inTransaction<Result, Unsellable>(db, async (trx) => {
    // The payment row locked, and its basket (the lock every basket change takes), in one trip.
    const locked: { rows: (BasketRow & { pay: AttemptRow })[] } = await trx.raw(
      `select row_to_json(p) as pay, ${BASKET_COLUMNS}
         from payments p
         join baskets b on b.id = p.basket_id
         join sales_channels sc on sc.id = b.sales_channel_id
        where p.id = ?
        for update of p for no key update of b`,
      [attemptId],
    );
    const { pay, ...row } = locked.rows[0]!;
    if (pay.order_id !== null) return existingOrder(trx, pay.order_id);
    if (pay.status !== 'succeeded' || pay.refund_status !== null)
      return refuse<Unsellable>({ takenSeats: pay.taken_seats ?? [] });
    // Completed by another payment: this one made no order and goes back.
    if (row.status === 'Completed') return refuse<Unsellable>({ takenSeats: [] });
    const basket = basketOf(row, await readItemRows(trx, row.id));
    const draft = plan(basket);
    if (!draft || basket.tickets.length + basket.products.length === 0)
      return refuse<Unsellable>({ takenSeats: [] });
    const order = await insertOrder(trx, pay, basket, draft);
    const changes = [
      ...(await sellSeats(trx, basket, order.id, row.live)),
      ...(await sellGeneralAdmission(trx, basket)),
    ];
    await insertItems(trx, order.id, basket);
    await trx.raw(
      `with paid as (update payments set order_id = ?, updated_at = now() where id = ?),
            done as (update baskets set status = 'Completed' where id = ?)
       insert into order_mail_outbox (order_id) values (?)`,
      [order.id, attemptId, basket.id, order.id],
    );
    return {
      completion: { kind: 'order', orderId: order.id, name: order.name, total: order.total, created: true },
      changes,
    };
  });

const unsellable = async (db: Knex, attemptId: number, error: Unsellable): Promise<Result> => {
  // Nothing was sold: mark the payment for refund and end the basket (its holds go back on sale).
  const marked = await db('payments')
    .where({ id: attemptId })
    .whereNull('order_id')
    .where({ status: 'succeeded' })
    .update({
      refund_status: db.raw(`coalesce(refund_status, 'needed')`),
      taken_seats: JSON.stringify(error.takenSeats),
      updated_at: db.fn.now(),
    })
    .returning(['basket_id', 'order_id']);
  if (marked.length === 0) {
    // A twin completion made the order in the meantime.
    const pay: AttemptRow = await db('payments').where({ id: attemptId }).first();
    if (pay.order_id !== null) return existingOrder(db, pay.order_id);
  }
  const pay: AttemptRow = await db('payments').where({ id: attemptId }).first();
  const changes = await expireBasket(db, pay.basket_id);
  return { completion: { kind: 'unsellable', takenSeats: error.takenSeats }, changes };
};
