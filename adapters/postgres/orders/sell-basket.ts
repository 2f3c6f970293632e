import type { Knex } from 'knex';
import { basketIsEmpty, type Basket } from '../../../core/basket/basket.ts';
import type { SeatChangeNotice } from '../../../core/basket/ports.ts';
import type { AttemptOutcome, Completion, OrderPlan } from '../../../core/orders/order.ts';
import { BASKET_COLUMNS, basketOf, type BasketRow, type ItemRow } from '../sql/basket-rows.ts';
import type { KnownBasket } from '../../../core/orders/ports.ts';
import { inBatches, int, lit } from '../sql/batch.ts';
import { refuse, type Outcome } from '../sql/transaction.ts';
import { successColumns, type AttemptRow } from './attempts.ts';
import { orderRow, productRows, ticketRows, type Row } from './order-rows.ts';
import { sellSeatedSql } from '../inventory/seat-status/sell.ts';
import { hasGiftTender } from '../extras/gift-redemption.ts';

// The checkout transaction of a seated basket in two round trips (an on-sale makes hundreds of
// orders a second, and each round trip costs a syscall pair and a backend wake-up while the
// basket and payment rows stay locked): (1) begin, lock the payment and the basket, read the
// items; (2) foyer_sell_seated writes the order, sells the seats (its own live holds, or free
// seats when the basket ran out after the charge), writes the tickets and products, links the
// payment, completes the basket and writes the e-mail outbox row; foyer_assert rolls it all back
// when a seat could not be sold, naming the seats; then commit. The checkout's usual case needs
// only the second trip (sellUnchangedBasket). Baskets with GA places take the path
// that locks the sections first (complete-order.ts).

export interface Unsellable {
  readonly takenSeats: readonly string[];
}

export type Sold = { completion: Completion; changes: SeatChangeNotice[] };

/** What round trip 1 found when the fast path does not apply. */
export type NotHere =
  { readonly kind: 'existing'; readonly orderId: number } | { readonly kind: 'general-admission' };

/** A jsonb literal. */
const json = (value: unknown) => `${lit(JSON.stringify(value))}::jsonb`;

/**
 * The sale's writes: one call of foyer_sell_seated (sellSeatedSql of
 * adapters/postgres/inventory/seat-status/sell.ts). `version`: check first that the basket is
 * still the one read then (the one-round-trip sale); null when round trip 1 locked and read it.
 * With the gateway's success, recorded by the same statement.
 */
const writes = (
  attemptId: number,
  basket: Basket,
  orderColumns: Row,
  live: boolean,
  version: string | null,
  success?: Extract<AttemptOutcome, { status: 'succeeded' }>,
) =>
  sellSeatedSql({
    attemptId,
    basketId: basket.id,
    live,
    version,
    order: orderColumns,
    seats: basket.tickets.flatMap((t) =>
      t.seatId === null
        ? []
        : [{ eventId: t.eventId, seatId: t.seatId, holdSubclassId: t.holdSubclassId, key: t.key }],
    ),
    tickets: ticketRows(basket),
    products: productRows(basket),
    ...(success ? { success: successColumns(success) } : {}),
  });

/** The gateway's success recorded on the attempt (never over a refund). */
const recordSuccess = (attemptId: number, success: Extract<AttemptOutcome, { status: 'succeeded' }>) =>
  `select foyer_record_success(${int(attemptId)}, ${json(successColumns(success))})`;

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
    // GA places, or a gift certificate paying part (redeemed in the sale: complete-order.ts).
    if (basket.tickets.some((t) => t.seatId === null) || hasGiftTender(pay.checkout)) {
      await send('rollback');
      return { kind: 'general-admission' };
    }
    const draft = plan(basket);
    if (!draft || basketIsEmpty(basket)) return refuse<Unsellable>({ takenSeats: [] });
    let written: Awaited<ReturnType<typeof send>>;
    try {
      written = await send(
        `${writes(attemptId, basket, orderRow(pay.checkout, basket, draft), row.live, null)};\ncommit`,
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
 * The checkout's usual case in ONE statement, outside BEGIN: the basket the checkout read before
 * charging (known.basket, with its version) is sold as read, if foyer_sell_seated finds it
 * unchanged (it compares BASKET_VERSION), still live, and the payment succeeded with no order
 * yet; the rows are locked as in the two-trip path, and the gateway's success is recorded by the
 * same statement. Anything else (a change while paying, a seat that ran out, a twin that made the
 * order) rolls back whole and answers null: sellSeatedBasket then decides as always.
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
  if (!draft || basketIsEmpty(basket)) return Promise.resolve(null);
  const sale = writes(
    attemptId,
    basket,
    orderRow(known.checkout, basket, draft),
    true,
    basket.version,
    success,
  );
  return inBatches<Sold | null, never>(
    db,
    async (send) => {
      try {
        return soldFrom((await send(sale))[0]!, basket);
      } catch (error) {
        if (!isAssert(error)) throw error;
        return null;
      }
    },
    false,
  ).then((outcome) => (outcome.ok ? outcome.value : null));
};
