import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import type { Basket } from '../../../../core/basket/basket.ts';
import type { SeatChangeNotice } from '../../../../core/basket/ports.ts';
import { ExchangeRefused } from '../../../../core/orders/exchanges/errors.ts';
import {
  Exchanges,
  type Exchange,
  type ExchangeOrder,
  type ExchangePayment,
  type ExchangeTicket,
} from '../../../../core/orders/exchanges/ports.ts';
import { gaNotices, gaSectionsNow } from '../../inventory/seat-status/ga-places.ts';
import { sellGaPlaces, sellHeldSeats } from '../../inventory/seat-status/sell.ts';
import { unsellTickets } from '../../inventory/seat-status/unsell.ts';
import { basketOf, readBasketRow, readItemRows } from '../../sql/basket-rows.ts';
import { pgArray } from '../../sql/pg-array.ts';
import { inTransaction, refuse } from '../../sql/transaction.ts';
import { carryPlanSlots } from './plan-slots.ts';
import { productRows, ticketRows } from '../order-rows.ts';

// Exchanges on PostgreSQL (core/orders/exchanges/ports.ts): the exchanges table
// (migrations/20261211000200_exchanges.ts) and the swap. The swap is ONE transaction: the
// exchange row, the order row and the basket row are locked in that order; the old tickets
// become Exchanged and their seats go back on sale (seat-status/unsell.ts), the basket's holds
// are sold into the same order with the checkout's statements (seat-status/sell.ts), the new
// tickets are written with the exchange's id, the difference is an order_adjustments row and the
// basket ends Completed. A refusal anywhere rolls all of it back.

interface ExchangeRow {
  id: string;
  order_id: number;
  basket_id: string;
  ticket_ids: number[];
  status: Exchange['status'];
}

const exchangeOf = (row: ExchangeRow): Exchange => ({
  id: row.id,
  orderId: row.order_id,
  basketId: row.basket_id,
  ticketIds: row.ticket_ids,
  status: row.status,
});

/** A performance's start in its venue's time zone, as the web's date formats take it. */
const LOCAL_DATE = `to_char(e.starts_at at time zone v.time_zone, 'YYYY-MM-DD"T"HH24:MI:SS')`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface TicketRow {
  id: number;
  status: ExchangeTicket['status'];
  price: number;
  fee_total: number;
  event_id: number;
  event_name: string;
  local_date: string;
  series_code: string;
  key: string;
  section_name: string | null;
  row: string | null;
  seat_number: string | null;
  price_type_name: string;
}

const ticketOf = (r: TicketRow): ExchangeTicket => ({
  id: r.id,
  status: r.status,
  price: r.price,
  feeTotal: r.fee_total,
  eventId: r.event_id,
  eventName: r.event_name,
  localDate: r.local_date,
  seriesCode: r.series_code,
  key: r.key,
  sectionName: r.section_name,
  row: r.row,
  seatNumber: r.seat_number,
  priceTypeName: r.price_type_name,
});

const readOrder = async (db: Knex, orderId: number): Promise<ExchangeOrder | null> => {
  const order = await db('orders as o')
    .join('order_balances as b', 'b.order_id', 'o.id')
    .where('o.id', orderId)
    .first('o.id', 'o.name', 'o.customer_id', 'o.currency', 'o.currency_locale', 'b.balance_due');
  if (!order) return null;
  const tickets: TicketRow[] = await db('order_tickets as t')
    .join('events as e', 'e.id', 't.event_id')
    .join('event_templates as et', 'et.id', 'e.event_template_id')
    .join('venue_configurations as vc', 'vc.id', 'e.venue_configuration_id')
    .join('venues as v', 'v.id', 'vc.venue_id')
    .where('t.order_id', orderId)
    .orderBy('t.id')
    .select(
      't.id',
      't.status',
      't.price',
      't.fee_total',
      't.event_id',
      'e.name as event_name',
      db.raw(`${LOCAL_DATE} as local_date`),
      'et.code as series_code',
      't.key',
      't.section_name',
      't.row',
      't.seat_number',
      't.price_type_name',
    );
  return {
    orderId: order.id,
    name: order.name,
    customerId: order.customer_id,
    currency: order.currency,
    currencyLocale: order.currency_locale,
    balanceDue: order.balance_due,
    tickets: tickets.map(ticketOf),
  };
};

const readPayments = async (db: Knex, orderId: number): Promise<ExchangePayment[]> => {
  const rows: {
    id: number;
    amount: number;
    refunded: number;
    payment_type: string;
    payment_method_name: string | null;
    card_last4: string | null;
  }[] = await db('payments as p')
    .where({ 'p.order_id': orderId, 'p.status': 'succeeded' })
    .whereNull('p.refund_status')
    .orderBy('p.id')
    .select(
      'p.id',
      'p.amount',
      'p.payment_type',
      'p.payment_method_name',
      'p.card_last4',
      db.raw(
        `coalesce((select sum(r.amount) from refunds r where r.payment_id = p.id and r.status <> 'failed'), 0)::int as refunded`,
      ),
    );
  return rows.map((r) => ({
    id: r.id,
    amount: r.amount,
    refunded: r.refunded,
    paymentType: r.payment_type,
    label: [r.payment_method_name ?? r.payment_type, r.card_last4 ? `•••• ${r.card_last4}` : null]
      .filter(Boolean)
      .join(' '),
  }));
};

interface GivenRow {
  id: number;
  price: number;
  fee_total: number;
  status: string;
}

/** What open maps repaint for sections whose counts changed. */
const gaNoticesFor = async (
  trx: Knex.Transaction,
  pairs: readonly { event_id: number; section_id: number }[],
) => {
  const notices: SeatChangeNotice[] = [];
  for (const eventId of new Set(pairs.map((p) => p.event_id)))
    notices.push(
      ...gaNotices(
        eventId,
        await gaSectionsNow(
          trx,
          eventId,
          pairs.filter((p) => p.event_id === eventId).map((p) => p.section_id),
        ),
      ),
    );
  return notices;
};

/** Seat notices for seats sold into the order, by event. */
const soldNotices = (tickets: Basket['tickets']): SeatChangeNotice[] => {
  const byEvent = new Map<number, string[]>();
  for (const t of tickets.filter((t) => t.seatId !== null))
    byEvent.set(t.eventId, [...(byEvent.get(t.eventId) ?? []), t.key]);
  return [...byEvent].map(([eventId, keys]) => ({ eventId, keys, status: 'Sold' }));
};

/** Sells the basket's own live holds into the order; a seat it no longer holds refuses all. */
const sellBasket = async (trx: Knex.Transaction, basket: Basket, orderId: number) => {
  const seats = basket.tickets.filter((t) => t.seatId !== null);
  if (seats.length > 0) {
    const sold = await sellHeldSeats(trx, {
      basketId: basket.id,
      orderId,
      live: true,
      seats: seats.map((t) => ({
        eventId: t.eventId,
        seatId: t.seatId!,
        holdSubclassId: t.holdSubclassId,
        key: t.key,
      })),
    });
    if (sold.length !== seats.length) refuse(new ExchangeRefused({ reason: 'SeatsTaken', ticketIds: [] }));
  }
  const wanted = new Map<string, { eventId: number; sectionId: number; quantity: number }>();
  for (const t of basket.tickets.filter((t) => t.seatId === null && t.sectionId !== null)) {
    const id = `${t.eventId}|${t.sectionId}`;
    const entry = wanted.get(id) ?? { eventId: t.eventId, sectionId: t.sectionId!, quantity: 0 };
    wanted.set(id, { ...entry, quantity: entry.quantity + t.quantity });
  }
  const list = [...wanted.values()].sort((a, b) => a.eventId - b.eventId || a.sectionId - b.sectionId);
  const notices = soldNotices(basket.tickets);
  if (list.length === 0) return notices;
  const sold = await sellGaPlaces(trx, basket.id, list);
  if (sold.length !== list.length) refuse(new ExchangeRefused({ reason: 'SeatsTaken', ticketIds: [] }));
  return [...notices, ...(await gaNoticesFor(trx, sold))];
};

export const ExchangesPostgres = (db: Knex) =>
  Layer.succeed(Exchanges, {
    order: (orderId) => Effect.promise(() => readOrder(db, orderId)),
    staffChannelId: () =>
      Effect.promise(async () => {
        const channel = await db('sales_channels')
          .where({ is_admin: true })
          .orderByRaw(`(code = 'BoxOffice') desc, id`)
          .first('id');
        if (!channel) throw new Error('no staff sales channel to open an exchange basket on');
        return channel.id as number;
      }),
    events: (eventIds) =>
      Effect.promise(async () => {
        if (eventIds.length === 0) return [];
        const rows: { id: number; name: string; local_date: string }[] = await db('events as e')
          .join('venue_configurations as vc', 'vc.id', 'e.venue_configuration_id')
          .join('venues as v', 'v.id', 'vc.venue_id')
          .whereIn('e.id', [...new Set(eventIds)])
          .select('e.id', 'e.name', db.raw(`${LOCAL_DATE} as local_date`));
        return rows.map((r) => ({ id: r.id, name: r.name, localDate: r.local_date }));
      }),
    create: (exchange) =>
      Effect.promise(async () => {
        const row = await db.transaction(async (trx) => {
          await trx('baskets').where({ id: exchange.basketId }).update({
            is_exchange: true,
            exchange_order_id: exchange.orderId,
            seller_id: exchange.staff.staffUserId,
          });
          const [inserted] = await trx('exchanges')
            .insert({
              order_id: exchange.orderId,
              basket_id: exchange.basketId,
              ticket_ids: pgArray(exchange.ticketIds),
              staff_user_id: exchange.staff.staffUserId,
              staff_name: exchange.staff.name,
            })
            .returning(['id', 'order_id', 'basket_id', 'ticket_ids', 'status']);
          return inserted as ExchangeRow;
        });
        return exchangeOf(row);
      }),
    byBasket: (basketId) =>
      Effect.promise(async () => {
        const row: ExchangeRow | undefined = await db('exchanges').where({ basket_id: basketId }).first();
        return row ? exchangeOf(row) : null;
      }),
    byId: (exchangeId) =>
      Effect.promise(async () => {
        if (!UUID.test(exchangeId)) return null;
        const row: ExchangeRow | undefined = await db('exchanges').where({ id: exchangeId }).first();
        return row ? exchangeOf(row) : null;
      }),
    payments: (orderId) => Effect.promise(() => readPayments(db, orderId)),
    abandon: (exchangeId) =>
      Effect.promise(() =>
        inTransaction(db, async (trx) => {
          const locked: ExchangeRow | undefined = await trx('exchanges')
            .where({ id: exchangeId })
            .forUpdate()
            .first();
          if (!locked || locked.status !== 'open')
            return refuse(new ExchangeRefused({ reason: 'NotOpen', ticketIds: [] }));
          const [ended] = await trx('exchanges')
            .where({ id: exchangeId })
            .update({ status: 'abandoned', completed_at: trx.fn.now() })
            .returning(['id', 'order_id', 'basket_id', 'ticket_ids', 'status']);
          return exchangeOf(ended as ExchangeRow);
        }),
      ).pipe(
        Effect.flatMap((outcome) =>
          outcome.ok ? Effect.succeed(outcome.value) : Effect.fail(outcome.error as ExchangeRefused),
        ),
      ),
    complete: (exchangeId, staff, plan) =>
      Effect.promise(() =>
        inTransaction(db, async (trx) => {
          const locked: ExchangeRow | undefined = await trx('exchanges')
            .where({ id: exchangeId })
            .forUpdate()
            .first();
          if (!locked || locked.status !== 'open')
            return refuse(new ExchangeRefused({ reason: 'NotOpen', ticketIds: [] }));
          // The order's row: the lock a payment against its balance takes too.
          await trx('orders').where({ id: locked.order_id }).forUpdate().first('id');
          const row = await readBasketRow(trx, locked.basket_id, true);
          if (!row) return refuse(new ExchangeRefused({ reason: 'BasketExpired', ticketIds: [] }));
          const basket = basketOf(row, await readItemRows(trx, row.id));
          const given: GivenRow[] = await trx('order_tickets')
            .where({ order_id: locked.order_id })
            .whereIn('id', locked.ticket_ids)
            .forUpdate()
            .select('id', 'price', 'fee_total', 'status');
          const gone = locked.ticket_ids.filter(
            (id) => !given.some((t) => t.id === id && t.status === 'Active'),
          );
          if (gone.length > 0)
            return refuse(new ExchangeRefused({ reason: 'TicketsChanged', ticketIds: gone }));
          const decided = plan(
            basket,
            given.map((t) => ({ id: t.id, status: 'Active', price: t.price, feeTotal: t.fee_total })),
          );
          if (decided instanceof ExchangeRefused) return refuse(decided);

          // The old tickets first: the seat's one Active ticket (order_tickets_seat_once) goes.
          await trx('order_tickets')
            .whereIn('id', locked.ticket_ids)
            .update({ status: 'Exchanged', cancelled_at: trx.fn.now() });
          // Their seats back on sale as a cancellation's (seat-status/unsell.ts).
          const freed = await unsellTickets(trx, locked.order_id, locked.ticket_ids);
          const sold = await sellBasket(trx, basket, locked.order_id);
          const tickets = ticketRows(basket).map((t) => ({
            ...t,
            order_id: locked.order_id,
            exchange_id: locked.id,
          }));
          const newTickets: { id: number }[] =
            tickets.length > 0 ? await trx('order_tickets').insert(tickets).returning('id') : [];
          await carryPlanSlots(
            trx,
            locked.ticket_ids,
            newTickets.map((t) => t.id),
          );
          const products = productRows(basket).map((p) => ({ ...p, order_id: locked.order_id }));
          if (products.length > 0) await trx('order_products').insert(products);
          const [adjustment] = await trx('order_adjustments')
            .insert({
              order_id: locked.order_id,
              kind: 'exchange',
              amount: decided.difference,
              ticket_ids: pgArray(locked.ticket_ids),
              reason: `exchange ${locked.id}`,
              staff_user_id: staff.staffUserId,
              staff_name: staff.name,
            })
            .returning('id');
          await trx('baskets').where({ id: basket.id }).update({ status: 'Completed' });
          const [done] = await trx('exchanges')
            .where({ id: locked.id })
            .update({ status: 'completed', completed_at: trx.fn.now(), adjustment_id: adjustment.id })
            .returning(['id', 'order_id', 'basket_id', 'ticket_ids', 'status']);
          const balance = await trx('order_balances')
            .where({ order_id: locked.order_id })
            .first('balance_due');
          return {
            exchange: exchangeOf(done as ExchangeRow),
            difference: decided.difference,
            balanceDue: balance.balance_due as number,
            newTicketIds: newTickets.map((t) => t.id),
            changes: [...freed, ...sold],
          };
        }),
      ).pipe(
        Effect.flatMap((outcome) =>
          outcome.ok ? Effect.succeed(outcome.value) : Effect.fail(outcome.error as ExchangeRefused),
        ),
      ),
  });
