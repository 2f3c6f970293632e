import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import type { AfterSaleActor } from '../../../../core/orders/after-sale.ts';
import {
  prefixPattern,
  searchTerms,
  type SearchTerms,
} from '../../../../core/orders/staff-orders/order-search.ts';
import { StaffOrders } from '../../../../core/orders/staff-orders/ports.ts';
import { int } from '../../sql/batch.ts';
import type {
  OrderNoteView,
  OrderSearchFilter,
  OrderSearchPage,
  OrderSummaryRow,
  StaffOrderRecord,
} from '../../../../core/orders/staff-orders/views.ts';

// Orders as staff read them (StaffOrders, core/orders/staff-orders/ports.ts). The search starts
// from an index for each reading of the clerk's text (core/orders/staff-orders/order-search.ts; the indexes
// are migrations/20261211000300_order_search.ts and, for a phone's start,
// migrations/20261217000100_order_phone_national.ts), then narrows by event and date through the
// event's tickets; a page's money comes from order_balances, the one definition of what an order
// owes.

type Sql = { sql: string; bindings: Knex.RawBinding[] };

/** Each reading of the text as one indexed select of order ids; empty: the text matches nothing. */
const branches = (terms: SearchTerms): Sql[] => {
  const out: Sql[] = [];
  if (terms.orderId !== null)
    out.push({ sql: 'select id from orders where id = ?', bindings: [terms.orderId] });
  if (terms.barcode !== null)
    out.push({ sql: 'select order_id from order_tickets where barcode = ?', bindings: [terms.barcode] });
  if (terms.emailPrefix !== null)
    out.push({
      sql: 'select id from orders where lower(email) like ?',
      bindings: [prefixPattern(terms.emailPrefix)],
    });
  if (terms.phoneDigits !== null)
    out.push({
      sql: `select id from orders where reverse(regexp_replace(phone, '\\D', '', 'g')) like ?`,
      bindings: [prefixPattern([...terms.phoneDigits].reverse().join(''))],
    });
  if (terms.phoneNational !== null)
    out.push({
      sql: 'select id from orders where foyer_phone_national(phone) like ?',
      bindings: [prefixPattern(terms.phoneNational)],
    });
  if (terms.name !== null) {
    const { first, last } = terms.name;
    if (first === null) {
      out.push({
        sql: 'select id from orders where lower(last_name) like ?',
        bindings: [prefixPattern(last)],
      });
      out.push({
        sql: 'select id from orders where lower(first_name) like ?',
        bindings: [prefixPattern(last)],
      });
    } else {
      out.push({
        sql: 'select id from orders where lower(first_name) like ? and lower(last_name) like ?',
        bindings: [prefixPattern(first), prefixPattern(last)],
      });
      // A surname of several words ("de la Cruz").
      out.push({
        sql: 'select id from orders where lower(last_name) like ?',
        bindings: [prefixPattern(`${first} ${last}`)],
      });
    }
  }
  return out;
};

/** The events the filter names: the event, and/or those on the local date. null: no filter. */
const eventIdsOf = async (db: Knex, filter: OrderSearchFilter): Promise<number[] | null> => {
  if (filter.date === null) return filter.eventId === null ? null : [filter.eventId];
  // The local date is the venue's; starts_at is indexed, so look a day either side first.
  const rows: { id: number }[] = await db('events as e')
    .join('venue_configurations as vc', 'vc.id', 'e.venue_configuration_id')
    .join('venues as v', 'v.id', 'vc.venue_id')
    .whereRaw(`e.starts_at >= ?::date - interval '1 day' and e.starts_at < ?::date + interval '2 days'`, [
      filter.date,
      filter.date,
    ])
    .whereRaw(`(e.starts_at at time zone v.time_zone)::date = ?::date`, [filter.date])
    .modify((q) => (filter.eventId === null ? q : q.where('e.id', filter.eventId)))
    .select('e.id');
  return rows.map((r) => r.id);
};

interface SummaryRow {
  id: number;
  name: string;
  status: string;
  created_at: Date;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  currency: string;
  currency_locale: string;
  time_zone: string | null;
  total: number;
  balance_due: number;
  ticket_count: number;
  event_names: string[];
}

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter((p) => p && p.trim()).join(' ') || null;

/**
 * The page's rows. Each order's money is read from order_balances with its id written in, one
 * select per order: the view's sums are then taken over that order's rows alone (a join or
 * `= any(...)` would sum every order's payments first).
 */
const summariesOf = async (db: Knex, ids: readonly number[]): Promise<SummaryRow[]> => {
  if (ids.length === 0) return [];
  const [orders, balances] = await Promise.all([
    db.raw(
      `select o.id, o.name, o.status, o.created_at, o.first_name, o.last_name, o.email, o.phone, o.currency,
              o.currency_locale,
              (select v.time_zone from order_tickets t
                 join events e on e.id = t.event_id
                 join venue_configurations vc on vc.id = e.venue_configuration_id
                 join venues v on v.id = vc.venue_id
                where t.order_id = o.id order by t.id limit 1) as time_zone,
              (select count(*) from order_tickets t where t.order_id = o.id and t.status = 'Active')::int as ticket_count,
              -- Each name once (two performances of Hamlet are Hamlet), in the order of their first performance.
              array(select e.name from events e
                     where e.id in (select t.event_id from order_tickets t where t.order_id = o.id)
                     group by e.name
                     order by min(e.starts_at), e.name) as event_names
         from orders o
        where o.id = any(?::int[])`,
      [`{${ids.join(',')}}`],
    ) as Promise<{ rows: Omit<SummaryRow, 'total' | 'balance_due'>[] }>,
    db.raw(
      ids
        .map((id) => `select order_id, total, balance_due from order_balances where order_id = ${int(id)}`)
        .join(' union all '),
    ) as Promise<{ rows: { order_id: number; total: number; balance_due: number }[] }>,
  ]);
  const byId = new Map(orders.rows.map((o) => [o.id, o]));
  return balances.rows
    .flatMap((b) => {
      const o = byId.get(b.order_id);
      return o ? [{ ...o, total: b.total, balance_due: b.balance_due }] : [];
    })
    .sort((x, y) => ids.indexOf(x.id) - ids.indexOf(y.id));
};

export const searchOrders = async (db: Knex, filter: OrderSearchFilter): Promise<OrderSearchPage> => {
  const terms = searchTerms(filter.q);
  const texts = branches(terms);
  const asked = (filter.q ?? '').trim() !== '';
  if (asked && texts.length === 0) return { rows: [], total: 0 };
  const events = await eventIdsOf(db, filter);
  if (events !== null && events.length === 0) return { rows: [], total: 0 };
  const where: string[] = [];
  const bindings: Knex.RawBinding[] = [];
  if (asked) {
    where.push(`o.id in (${texts.map((t) => t.sql).join(' union ')})`);
    bindings.push(...texts.flatMap((t) => t.bindings));
  }
  if (events !== null) {
    where.push('o.id in (select order_id from order_tickets where event_id = any(?::int[]))');
    bindings.push(`{${events.join(',')}}`);
  }
  const page: { rows: { id: number; matched: string }[] } = await db.raw(
    `select o.id, count(*) over () as matched
       from orders o
      ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
      order by o.id desc
      limit ? offset ?`,
    [...bindings, filter.pageSize, (filter.page - 1) * filter.pageSize],
  );
  const ids = page.rows.map((r) => r.id);
  const rows = await summariesOf(db, ids);
  // A page past the end still says how many matched.
  const counted =
    page.rows.length > 0
      ? Number(page.rows[0]!.matched)
      : filter.page > 1
        ? Number(
            (
              (await db.raw(
                `select count(*) as n from orders o ${where.length > 0 ? `where ${where.join(' and ')}` : ''}`,
                bindings,
              )) as { rows: { n: string }[] }
            ).rows[0]!.n,
          )
        : 0;
  return {
    total: counted,
    rows: rows.map((r): OrderSummaryRow => ({
      id: r.id,
      name: r.name,
      status: r.status,
      createdAt: r.created_at.toISOString(),
      customerName: fullName(r.first_name, r.last_name),
      email: r.email,
      phone: r.phone,
      total: r.total,
      balanceDue: r.balance_due,
      currency: r.currency,
      currencyLocale: r.currency_locale,
      timeZone: r.time_zone,
      ticketCount: r.ticket_count,
      eventNames: r.event_names,
    })),
  };
};

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export const readStaffOrder = async (db: Knex, orderId: number): Promise<StaffOrderRecord | null> => {
  const order = await db('orders').where({ id: orderId }).first();
  if (!order) return null;
  const [tickets, products, payments, refunds, adjustments, notes, balance] = await Promise.all([
    db('order_tickets as t')
      .join('events as e', 'e.id', 't.event_id')
      .join('venue_configurations as vc', 'vc.id', 'e.venue_configuration_id')
      .join('venues as v', 'v.id', 'vc.venue_id')
      .where('t.order_id', orderId)
      .orderBy('t.id')
      .select(
        't.*',
        'e.name as event_name',
        'v.time_zone',
        db.raw(`to_char(e.starts_at at time zone v.time_zone, 'YYYY-MM-DD"T"HH24:MI:SS') as event_date`),
      ),
    db('order_products').where({ order_id: orderId }).orderBy('id'),
    db('payments as p')
      .where('p.order_id', orderId)
      .orderBy('p.id')
      .select(
        'p.*',
        db.raw(
          `coalesce((select sum(r.amount) from refunds r where r.payment_id = p.id and r.status <> 'failed'), 0)::int as refunded`,
        ),
      ),
    db('refunds').where({ order_id: orderId }).orderBy('id'),
    db('order_adjustments').where({ order_id: orderId }).orderBy('id'),
    db('order_notes').where({ order_id: orderId }).orderBy('id'),
    db('order_balances').where({ order_id: orderId }).first(),
  ]);
  return {
    order: {
      id: order.id,
      name: order.name,
      status: order.status,
      createdAt: order.created_at.toISOString(),
      currency: order.currency,
      currencyLocale: order.currency_locale,
      customerId: order.customer_id,
      firstName: order.first_name,
      lastName: order.last_name,
      email: order.email,
      phone: order.phone,
      organization: order.organization,
      isInvoice: order.is_invoice,
      promoCode: order.promo_code,
      note: order.note,
      orderCharges: order.delivery_total + order.order_level_fee_total,
      timeZone: (tickets[0]?.time_zone as string | undefined) ?? null,
    },
    tickets: tickets.map((t) => ({
      id: t.id,
      eventId: t.event_id,
      eventName: t.event_name,
      eventDate: t.event_date,
      timeZone: t.time_zone,
      isGa: t.is_ga,
      section: t.section_name,
      row: t.row,
      seat: t.seat_number,
      priceTypeName: t.price_type_name,
      priceLevelName: t.price_level_name,
      price: t.price,
      feeTotal: t.fee_total,
      status: t.status,
      barcode: t.barcode,
      printedAt: iso(t.printed_at),
      cancelledAt: iso(t.cancelled_at),
    })),
    products: products.map((p) => ({
      id: p.id,
      productId: p.product_id,
      name: p.name,
      quantity: p.quantity,
      unitPrice: p.unit_price,
    })),
    payments: payments.map((p) => ({
      id: p.id,
      kind: p.kind,
      paymentType: p.payment_type,
      paymentMethodName: p.payment_method_name,
      gateway: p.gateway,
      status: p.status,
      amount: p.amount,
      refunded: p.refunded,
      cardBrand: p.card_brand,
      cardLast4: p.card_last4,
      sellerName: p.seller_name,
      counter: p.counter,
      at: p.created_at.toISOString(),
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      paymentId: r.payment_id,
      amount: r.amount,
      refundType: r.refund_type,
      status: r.status,
      reason: r.reason,
      failureMessage: r.failure_message,
      staffName: r.staff_name,
      counter: r.counter,
      at: r.created_at.toISOString(),
    })),
    adjustments: adjustments.map((a) => ({
      id: a.id,
      kind: a.kind,
      amount: a.amount,
      ticketIds: a.ticket_ids,
      reason: a.reason,
      staffName: a.staff_name,
      at: a.created_at.toISOString(),
    })),
    balance: {
      total: balance.total,
      paid: balance.paid,
      refunded: balance.refunded,
      balanceDue: balance.balance_due,
      originalTotal: balance.original_total,
    },
    delivery: {
      methodName: order.delivery_method_name,
      methodType: order.delivery_method_type,
      awaitingPrint: order.awaiting_print,
    },
    notes: notes.map(noteOf),
  };
};

const noteOf = (n: { id: number; author: string; text: string; created_at: Date }): OrderNoteView => ({
  id: n.id,
  author: n.author,
  text: n.text,
  at: n.created_at.toISOString(),
});

export const addNote = async (
  db: Knex,
  orderId: number,
  actor: AfterSaleActor,
  text: string,
): Promise<OrderNoteView | null> => {
  // Written only when the order exists: one statement, no race with nothing.
  const result: { rows: { id: number; author: string; text: string; created_at: Date }[] } = await db.raw(
    `insert into order_notes (order_id, staff_user_id, author, text)
     select id, ?, ?, ? from orders where id = ?
     returning id, author, text, created_at`,
    [actor.staffUserId, actor.name, text, orderId],
  );
  return result.rows[0] ? noteOf(result.rows[0]) : null;
};

export const makeStaffOrdersPostgres = (db: Knex) =>
  StaffOrders.of({
    search: (filter) => Effect.promise(() => searchOrders(db, filter)),
    detail: (orderId) => Effect.promise(() => readStaffOrder(db, orderId)),
    addNote: (orderId, actor, text) => Effect.promise(() => addNote(db, orderId, actor, text)),
    activeTicketIds: (orderId) =>
      Effect.promise(async () => {
        const order = await db('orders').where({ id: orderId }).first('id');
        if (!order) return null;
        const rows: { id: number }[] = await db('order_tickets')
          .where({ order_id: orderId, status: 'Active' })
          .orderBy('id')
          .select('id');
        return rows.map((r) => r.id);
      }),
  });

export const StaffOrdersPostgres = (db: Knex) => Layer.succeed(StaffOrders, makeStaffOrdersPostgres(db));
