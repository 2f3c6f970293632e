import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import type { PgBoss } from 'pg-boss';
import { OrderMail } from '../../core/orders/ports.ts';
import { pgArray } from '../postgres/sql/pg-array.ts';
import type { Logger } from '../log.ts';
import { queues, type OrderEmailJob } from './jobs.ts';

// The order confirmation e-mail job. The order's commit wrote an outbox row; after the commit the
// job is sent and the row marked. Sends are gathered for a moment and inserted together (a busy
// on-sale makes hundreds of orders a second); a crash within that moment leaves the outbox rows
// unmarked and the reconciliation job sends them later (flush). One job per order (singleton key).

const FLUSH_MS = 200;
const BATCH = 200;

export const makePgBossOrderMail = (boss: PgBoss, db: Knex, log: Logger) => {
  let pending: number[] = [];
  let timer: NodeJS.Timeout | undefined;
  let inFlight = Promise.resolve();
  const send = async (orderIds: readonly number[]) => {
    await boss.insert(
      queues.orderEmail,
      orderIds.map((orderId) => ({
        data: { orderId } satisfies OrderEmailJob,
        singletonKey: `order-${orderId}`,
        retryLimit: 5,
        retryBackoff: true,
      })),
    );
    await db('order_mail_outbox')
      .whereRaw('order_id = any(?::int[])', [pgArray(orderIds)])
      .update({ enqueued_at: db.fn.now() });
  };
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const orderIds = pending;
    pending = [];
    if (orderIds.length === 0) return inFlight;
    inFlight = inFlight
      .then(() => send(orderIds))
      .catch((error: unknown) => log.error(`could not queue ${orderIds.length} order e-mails`, error));
    return inFlight;
  };
  const service = OrderMail.of({
    queue: (orderId) =>
      Effect.sync(() => {
        pending.push(orderId);
        if (pending.length >= BATCH) void flush();
        else timer ??= setTimeout(() => void flush(), FLUSH_MS);
      }),
    flush: (olderThanSeconds) =>
      Effect.promise(async () => {
        const due: { order_id: number }[] = await db('order_mail_outbox')
          .whereNull('enqueued_at')
          .whereRaw('created_at < now() - make_interval(secs => ?)', [olderThanSeconds])
          .orderBy('created_at')
          .limit(500)
          .select('order_id');
        if (due.length > 0) await send(due.map((r) => r.order_id));
        return due.length;
      }),
  });
  return { service, flush };
};

export const PgBossOrderMail = (boss: PgBoss, db: Knex, log: Logger) =>
  Layer.effect(
    OrderMail,
    Effect.acquireRelease(
      Effect.sync(() => makePgBossOrderMail(boss, db, log)),
      (mail) => Effect.promise(() => mail.flush()),
    ).pipe(Effect.map((mail) => mail.service)),
  );
