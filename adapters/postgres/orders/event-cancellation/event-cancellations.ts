import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import {
  EventCancellations,
  type CancellationPreview,
  type CancellationRun,
  type ClaimedOrder,
  type NewRun,
  type OrderOutcome,
  type ReportLine,
  type RunCounts,
} from '../../../../core/orders/event-cancellation/ports.ts';
import { eventsWithVenue } from '../../sql/event-venue-join.ts';

// An event cancellation run and its work list (migrations/20261211000100_after_sale.ts). The list
// is made once, in the transaction that marks the event Cancelled, so orders sold before that
// commit are on it and none can be sold after. A worker claims one pending row at a time and keeps
// it locked (FOR UPDATE SKIP LOCKED) in an open transaction while it works the order: other
// workers skip it, and a worker killed mid-order lets it go as its connection closes, the row
// still pending for the next start.

interface RunRow {
  id: number;
  event_id: number;
  refund: boolean;
  fee: number;
  status: 'running' | 'finished';
  staff_user_id: number | null;
  started_by: string;
  created_at: Date;
  finished_at: Date | null;
}

const runOf = (r: RunRow): CancellationRun => ({
  id: r.id,
  eventId: r.event_id,
  refund: r.refund,
  fee: r.fee,
  status: r.status,
  staffUserId: r.staff_user_id,
  startedBy: r.started_by,
  createdAt: r.created_at,
  finishedAt: r.finished_at,
});

export const countsOf = async (db: Knex | Knex.Transaction, runId: number): Promise<RunCounts> => {
  const row = await db('event_cancellation_orders')
    .where({ run_id: runId })
    .first(
      db.raw('count(*)::int as total'),
      db.raw(`(count(*) filter (where status = 'pending'))::int as pending`),
      db.raw(`(count(*) filter (where status = 'done'))::int as done`),
      db.raw(`(count(*) filter (where status = 'failed'))::int as failed`),
    );
  return { total: row.total, pending: row.pending, done: row.done, failed: row.failed };
};

const latestRunOf = async (db: Knex | Knex.Transaction, eventId: number) => {
  const row: RunRow | undefined = await db('event_cancellations')
    .where({ event_id: eventId })
    .orderByRaw(`(status = 'running') desc, id desc`)
    .first();
  return row ? runOf(row) : null;
};

const startRun = (db: Knex, run: NewRun) =>
  db.transaction(async (trx) => {
    // The event's row lock orders two starts of the same event one after the other.
    await trx('events').where({ id: run.eventId }).forUpdate().first('id');
    const running: RunRow | undefined = await trx('event_cancellations')
      .where({ event_id: run.eventId, status: 'running' })
      .first();
    if (running) return { run: runOf(running), created: false };
    await trx('events').where({ id: run.eventId }).update({ status: 'Cancelled', updated_at: trx.fn.now() });
    const [row] = (await trx('event_cancellations')
      .insert({
        event_id: run.eventId,
        refund: run.refund,
        fee: run.fee,
        staff_user_id: run.actor.staffUserId,
        started_by: run.actor.name,
      })
      .returning('*')) as RunRow[];
    await trx.raw(
      `insert into event_cancellation_orders (run_id, order_id)
       select distinct ?::int, order_id from order_tickets where event_id = ? and status = 'Active'`,
      [row!.id, run.eventId],
    );
    const counts = await countsOf(trx, row!.id);
    await trx('audit_log').insert({
      staff_user_id: run.actor.staffUserId,
      actor: run.actor.name,
      action: 'event.cancel',
      details: JSON.stringify({
        eventId: run.eventId,
        runId: row!.id,
        refund: run.refund,
        fee: run.fee,
        orders: counts.total,
      }),
    });
    return { run: runOf(row!), created: true };
  });

const claim = async (db: Knex, runId: number): Promise<ClaimedOrder | null> => {
  const trx = await db.transaction();
  try {
    const row: { order_id: number; event_id: number } | undefined = await trx(
      'event_cancellation_orders as w',
    )
      .join('event_cancellations as r', 'r.id', 'w.run_id')
      .where({ 'w.run_id': runId, 'w.status': 'pending' })
      .orderBy('w.order_id')
      .forUpdate('w')
      .skipLocked()
      .first('w.order_id', 'r.event_id');
    if (!row) {
      await trx.commit();
      return null;
    }
    const tickets: { id: number; value: number }[] = await trx('order_tickets')
      .where({ order_id: row.order_id, event_id: row.event_id, status: 'Active' })
      .orderBy('id')
      .select('id', trx.raw('(price + fee_total)::int as value'));
    const finish = (outcome: OrderOutcome) =>
      Effect.promise(async () => {
        try {
          await trx.raw(
            `update event_cancellation_orders w
                set status = ?, error = ?, attempts = attempts + 1, updated_at = now(),
                    refunded = coalesce((select sum(amount) from refunds f
                                          where f.order_id = w.order_id and f.cancellation_run_id = w.run_id
                                            and f.status <> 'failed'), 0)
              where run_id = ? and order_id = ?`,
            [outcome.status, outcome.status === 'failed' ? outcome.error : null, runId, row.order_id],
          );
          await trx.commit();
        } catch (error) {
          await trx.rollback().catch(() => undefined);
          throw error;
        }
      });
    return {
      orderId: row.order_id,
      activeTicketIds: tickets.map((t) => t.id),
      activeValue: tickets.reduce((sum, t) => sum + t.value, 0),
      finish,
    };
  } catch (error) {
    await trx.rollback().catch(() => undefined);
    throw error;
  }
};

const preview = async (db: Knex, eventId: number): Promise<CancellationPreview> => {
  const row = await db
    .with('orders_of', (q) =>
      q
        .from('order_tickets')
        .where({ event_id: eventId, status: 'Active' })
        .groupBy('order_id')
        .select('order_id', db.raw('count(*)::int as tickets')),
    )
    .from('orders_of as t')
    .leftJoin('order_balances as b', 'b.order_id', 't.order_id')
    .first(
      db.raw('count(*)::int as orders'),
      db.raw('coalesce(sum(t.tickets), 0)::int as tickets'),
      db.raw('coalesce(sum(b.paid - b.refunded), 0)::int as paid'),
    );
  return { orders: row.orders, tickets: row.tickets, paid: row.paid };
};

const report = async (db: Knex, runId: number): Promise<ReportLine[]> => {
  const rows: {
    order_id: number;
    name: string;
    email: string | null;
    tickets: number;
    refunded: number;
    status: ReportLine['status'];
    error: string | null;
  }[] = await db('event_cancellation_orders as w')
    .join('event_cancellations as r', 'r.id', 'w.run_id')
    .join('orders as o', 'o.id', 'w.order_id')
    .where('w.run_id', runId)
    .orderBy('w.order_id')
    .select(
      'w.order_id',
      'o.name',
      'o.email',
      'w.status',
      'w.error',
      db.raw(
        `(select count(*)::int from order_tickets t
           where t.order_id = w.order_id and t.event_id = r.event_id and t.status = 'Cancelled') as tickets`,
      ),
      db.raw(
        `(select coalesce(sum(amount), 0)::int from refunds f
           where f.order_id = w.order_id and f.cancellation_run_id = w.run_id and f.status <> 'failed') as refunded`,
      ),
    );
  return rows.map((r) => ({
    orderId: r.order_id,
    orderName: r.name,
    email: r.email,
    ticketsCancelled: r.tickets,
    refunded: r.refunded,
    status: r.status,
    error: r.error,
  }));
};

export const makeEventCancellationsPostgres = (db: Knex): EventCancellations['Service'] => ({
  event: (eventId) =>
    Effect.promise(async () => {
      const row:
        | {
            id: number;
            name: string;
            starts_at: Date;
            status: string;
            currency: string;
            locale: string;
            time_zone: string;
          }
        | undefined = await eventsWithVenue(db)
        .where('e.id', eventId)
        .first(
          'e.id',
          'e.name',
          'e.starts_at',
          'e.status',
          'v.iso_currency_code as currency',
          'v.currency_locale as locale',
          'v.time_zone',
        );
      return row
        ? {
            id: row.id,
            name: row.name,
            startsAt: row.starts_at,
            cancelled: row.status === 'Cancelled',
            currency: row.currency,
            currencyLocale: row.locale,
            timeZone: row.time_zone,
          }
        : null;
    }),
  preview: (eventId) => Effect.promise(() => preview(db, eventId)),
  latestRun: (eventId) => Effect.promise(() => latestRunOf(db, eventId)),
  run: (runId) =>
    Effect.promise(async () => {
      const row: RunRow | undefined = await db('event_cancellations').where({ id: runId }).first();
      return row ? runOf(row) : null;
    }),
  unfinishedRuns: () =>
    Effect.promise(async () => {
      const rows: RunRow[] = await db('event_cancellations as r')
        .where('r.status', 'running')
        .whereExists((q) =>
          q
            .from('event_cancellation_orders as w')
            .whereRaw('w.run_id = r.id')
            .where('w.status', 'pending')
            .select(db.raw('1')),
        )
        .orderBy('r.id')
        .select('r.*');
      return rows.map(runOf);
    }),
  startRun: (run) => Effect.promise(() => startRun(db, run)),
  retryFailed: (runId) =>
    Effect.promise(() =>
      db('event_cancellation_orders')
        .where({ run_id: runId, status: 'failed' })
        .update({ status: 'pending', updated_at: db.fn.now() }),
    ),
  claim: (runId) => Effect.promise(() => claim(db, runId)),
  counts: (runId) => Effect.promise(() => countsOf(db, runId)),
  addLateOrders: (runId) =>
    Effect.promise(async () => {
      const { rowCount } = await db.raw<{ rowCount: number | null }>(
        `insert into event_cancellation_orders (run_id, order_id)
         select distinct r.id, t.order_id
           from event_cancellations r join order_tickets t on t.event_id = r.event_id and t.status = 'Active'
          where r.id = ? and r.status = 'running'
         on conflict (run_id, order_id) do nothing`,
        [runId],
      );
      return rowCount ?? 0;
    }),
  finishIfDone: (runId) =>
    Effect.promise(async () => {
      const finished = await db('event_cancellations')
        .where({ id: runId, status: 'running' })
        .whereNotExists((q) =>
          q
            .from('event_cancellation_orders')
            .where({ run_id: runId })
            .whereIn('status', ['pending', 'failed'])
            .select(db.raw('1')),
        )
        .update({ status: 'finished', finished_at: db.fn.now() });
      if (finished > 0) return true;
      const row = await db('event_cancellations').where({ id: runId }).first('status');
      return row?.status === 'finished';
    }),
  report: (runId) => Effect.promise(() => report(db, runId)),
});

export const EventCancellationsPostgres = (db: Knex) =>
  Layer.succeed(EventCancellations, makeEventCancellationsPostgres(db));
