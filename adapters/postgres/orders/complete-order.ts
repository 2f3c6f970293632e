import type { Knex } from 'knex';
import { basketIsEmpty, type Basket } from '../../../core/basket/basket.ts';
import type { SeatChangeNotice } from '../../../core/basket/ports.ts';
import type { AttemptOutcome, CounterOrder, OrderDraft, OrderPlan } from '../../../core/orders/order.ts';
import { BASKET_COLUMNS, basketOf, readItemRows, type BasketRow } from '../sql/basket-rows.ts';
import { gaNotices, gaSectionsNow } from '../inventory/seat-status/ga-places.ts';
import { sellGaPlaces, sellHeldSeats } from '../inventory/seat-status/sell.ts';
import { expireBasket } from '../basket/release.ts';
import { inTransaction, refuse, type Outcome } from '../sql/transaction.ts';
import { sellSeatedBasket, sellUnchangedBasket, type Sold, type Unsellable } from './sell-basket.ts';
import type { KnownBasket } from '../../../core/orders/ports.ts';
import { recordOutcome, type AttemptRow } from './attempts.ts';
import { orderRow, productRows, ticketRows } from './order-rows.ts';
import { hasGiftTender, redeemGiftTender } from '../extras/gift-redemption.ts';

// Checkout turns held seats into sold seats in ONE transaction that re-checks the basket is live
// and its holds are still its own (the statements: adapters/postgres/inventory/seat-status/sell.ts).
// The payment row is locked first, so two completions of one attempt (a retry racing the first
// request, the reconciliation job) run one after the other and the second finds the order. When
// the basket ran out after the charge, the seats are sold anyway if nobody else took them;
// otherwise nothing is written and the payment is marked for refund.

type Result = Sold;

/** Sells the basket's seats: its own live holds, or (basket ran out) seats nobody else has. */
const sellSeats = async (trx: Knex.Transaction, basket: Basket, orderId: number, live: boolean) => {
  const seats = basket.tickets.filter((t) => t.seatId !== null);
  if (seats.length === 0) return [];
  const rows = await sellHeldSeats(trx, {
    basketId: basket.id,
    orderId,
    live,
    seats: seats.map((t) => ({
      eventId: t.eventId,
      seatId: t.seatId!,
      holdSubclassId: t.holdSubclassId,
      key: t.key,
    })),
  });
  const sold = new Set(rows.map((r) => `${r.event_id}|${r.seat_id}`));
  const taken = seats.filter((t) => !sold.has(`${t.eventId}|${t.seatId}`)).map((t) => t.key);
  if (taken.length > 0) refuse<Unsellable>({ takenSeats: taken });
  const byEvent = new Map<number, string[]>();
  for (const t of seats) byEvent.set(t.eventId, [...(byEvent.get(t.eventId) ?? []), t.key]);
  return [...byEvent].map(([eventId, keys]): SeatChangeNotice => ({ eventId, keys, status: 'Sold' }));
};

/** Sells the GA places (sellGaPlaces), so held + sold never exceed capacity. */
const sellGeneralAdmission = async (trx: Knex.Transaction, basket: Basket) => {
  const wanted = new Map<string, { eventId: number; sectionId: number; quantity: number; key: string }>();
  for (const t of basket.tickets.filter((t) => t.seatId === null && t.sectionId !== null)) {
    const id = `${t.eventId}|${t.sectionId}`;
    const entry = wanted.get(id) ?? { eventId: t.eventId, sectionId: t.sectionId!, quantity: 0, key: t.key };
    wanted.set(id, { ...entry, quantity: entry.quantity + t.quantity });
  }
  if (wanted.size === 0) return [];
  const list = [...wanted.values()].sort((a, b) => a.eventId - b.eventId || a.sectionId - b.sectionId);
  const rows = await sellGaPlaces(trx, basket.id, list);
  const sold = new Set(rows.map((r) => `${r.event_id}|${r.section_id}`));
  const taken = list.filter((w) => !sold.has(`${w.eventId}|${w.sectionId}`)).map((w) => w.key);
  if (taken.length > 0) refuse<Unsellable>({ takenSeats: taken });
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

/** A counter sale's order: an invoice, prices hidden on print, tickets to print at the counter. */
const counterColumns = (draft: OrderDraft, counter: CounterOrder | undefined) =>
  counter
    ? {
        is_invoice: counter.isInvoice,
        obscure_ticket_price_on_print: counter.obscureTicketPriceOnPrint,
        awaiting_print: draft.deliveryMethod?.type === 'PointOfSale',
      }
    : {};

const insertOrder = async (
  trx: Knex.Transaction,
  pay: AttemptRow,
  basket: Basket,
  draft: OrderDraft,
  counter?: CounterOrder,
) => {
  const [order] = await trx('orders')
    .insert({ ...orderRow(pay.checkout, basket, draft), ...counterColumns(draft, counter) })
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
  counter?: CounterOrder,
): Promise<Result> => {
  if (counter) {
    // A counter sale takes the general path, which writes its facts on the order as it sells.
    if (success) await recordOutcome(db, attemptId, success);
    const outcome = await completeInTransaction(db, attemptId, plan, counter);
    return outcome.ok ? outcome.value : unsellable(db, attemptId, outcome.error);
  }
  // A gift certificate paying part takes the general path, which redeems it in the sale.
  const unchanged =
    known &&
    !hasGiftTender(known.checkout) &&
    (await sellUnchangedBasket(db, attemptId, plan, known, success));
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
const completeInTransaction = (db: Knex, attemptId: number, plan: OrderPlan, counter?: CounterOrder) =>
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
    if (!draft || basketIsEmpty(basket)) return refuse<Unsellable>({ takenSeats: [] });
    const order = await insertOrder(trx, pay, basket, draft, counter);
    const changes = [
      ...(await sellSeats(trx, basket, order.id, row.live)),
      ...(await sellGeneralAdmission(trx, basket)),
    ];
    await insertItems(trx, order.id, basket);
    if (!(await redeemGiftTender(trx, pay, order.id))) return refuse<Unsellable>({ takenSeats: [] });
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
