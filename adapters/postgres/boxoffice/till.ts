import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { TillMovements, type TillFilterChoices, type TillQuery } from '../../../core/boxoffice/ports.ts';
import type { TillMovement } from '../../../core/boxoffice/till.ts';

// The till's reads: a period's money movements at the counters (core/boxoffice/till.ts sums them).
//
// A counter payment is a payments row with a seller (migrations/20261210000100_counter_payments.ts),
// succeeded, linked to its order, and not handed back by the gateway (refund_status: the order
// could not be made). The day is [from, to) of the venue's zone, read on payments_counter_day.
//
// Refunds given back at a counter (refunds with a staff member, migrations/20261211000100_after_sale.ts)
// are movements with a negative amount: the `union all` branch of `movements`, by the way the money
// went back (refund_type: Cash leaves the drawer), at the counter and by the staff member who gave
// it. A refund pending at its processor counts, as it does in the order's balance; a failed one
// does not.

interface Row {
  payment_id: number;
  order_id: number;
  order_name: string;
  seller_id: number | null;
  seller_name: string;
  counter: string;
  payment_type: string;
  payment_method_name: string | null;
  amount: number;
  at: Date;
}

/** The movements CTE: every counter movement of [from, to), any currency. */
export const MOVEMENTS_SQL = `
  select p.id as payment_id, p.order_id, o.name as order_name, p.seller_id,
         coalesce(p.seller_name, s.name, 'Unknown seller') as seller_name,
         coalesce(nullif(p.counter, ''), 'Browser') as counter,
         p.payment_type, p.payment_method_name, p.amount, p.currency, p.created_at as at
    from payments p
    join orders o on o.id = p.order_id
    left join staff_users s on s.id = p.seller_id
   where p.seller_id is not null
     and p.created_at >= :from and p.created_at < :to
     and p.status = 'succeeded' and p.refund_status is null
     -- An invoice's placement (core/orders/checkout/place-order.ts INVOICE) takes no money.
     and p.payment_type <> 'Invoice'
  union all
  select r.payment_id, r.order_id, o.name as order_name, r.staff_user_id as seller_id,
         coalesce(r.staff_name, s.name, 'Unknown seller') as seller_name,
         coalesce(nullif(r.counter, ''), 'Browser') as counter,
         r.refund_type as payment_type,
         case when r.refund_type = p.payment_type then p.payment_method_name else r.refund_type end
           as payment_method_name,
         -r.amount as amount, r.currency, r.created_at as at
    from refunds r
    join orders o on o.id = r.order_id
    join payments p on p.id = r.payment_id
    left join staff_users s on s.id = r.staff_user_id
   where r.staff_user_id is not null
     and r.created_at >= :from and r.created_at < :to
     and r.status <> 'failed'`;

const filters = (query: TillQuery) => ({
  from: query.from,
  to: query.to,
  currency: query.currency,
  sellerId: query.sellerId ?? null,
  counter: query.counter ?? null,
});

const WHERE_FILTERS = `(cast(:sellerId as int) is null or seller_id = cast(:sellerId as int))
     and (cast(:counter as text) is null or lower(counter) = lower(cast(:counter as text)))`;

export const readTillMovements = async (db: Knex, query: TillQuery): Promise<TillMovement[]> => {
  const { rows } = await db.raw<{ rows: Row[] }>(
    `with movements as (${MOVEMENTS_SQL})
     select payment_id, order_id, order_name, seller_id, seller_name, counter, payment_type,
            payment_method_name, amount, at
       from movements
      where currency = :currency and ${WHERE_FILTERS}
      order by at, payment_id`,
    filters(query),
  );
  return rows.map((r) => ({
    paymentId: r.payment_id,
    orderId: r.order_id,
    orderName: r.order_name,
    sellerId: r.seller_id,
    sellerName: r.seller_name,
    counter: r.counter,
    paymentType: r.payment_type,
    paymentMethodName: r.payment_method_name,
    amount: r.amount,
    at: r.at,
  }));
};

export const countOtherCurrencies = async (db: Knex, query: TillQuery): Promise<number> => {
  const { rows } = await db.raw<{ rows: { n: number }[] }>(
    `with movements as (${MOVEMENTS_SQL})
     select count(*)::int as n from movements where currency <> :currency and ${WHERE_FILTERS}`,
    filters(query),
  );
  return rows[0]?.n ?? 0;
};

/** Sellers and counters of every counter payment, by name. */
export const readTillFilters = async (db: Knex): Promise<TillFilterChoices> => {
  const [sellers, counters] = await Promise.all([
    db.raw<{ rows: { id: number; name: string; email: string }[] }>(
      `select s.id, s.name, s.email from staff_users s
        where exists (select 1 from payments p where p.seller_id = s.id)
           or exists (select 1 from refunds r where r.staff_user_id = s.id)
        order by s.name, s.id`,
    ),
    db.raw<{ rows: { counter: string }[] }>(
      `select coalesce(nullif(counter, ''), 'Browser') as counter from payments where seller_id is not null
       union
       select coalesce(nullif(counter, ''), 'Browser') from refunds where staff_user_id is not null
       order by 1`,
    ),
  ]);
  return { sellers: sellers.rows, counters: counters.rows.map((r) => r.counter) };
};

export const TillMovementsPostgres = (db: Knex) =>
  Layer.succeed(TillMovements, {
    read: (query) => Effect.promise(() => readTillMovements(db, query)),
    otherCurrencies: (query) => Effect.promise(() => countOtherCurrencies(db, query)),
    filters: () => Effect.promise(() => readTillFilters(db)),
  });
