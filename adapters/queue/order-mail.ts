import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import type { PgBoss } from 'pg-boss';
import { OrderMail } from '../../core/orders/ports.ts';
import type { Logger } from '../log.ts';
import { queues, type OrderEmailJob } from './jobs.ts';

// The order confirmation e-mail job. The order's commit wrote an outbox row; after the commit the
// job is sent and the row marked. A crash in between leaves the row unmarked, and the
// reconciliation job sends it later (flush). The singleton key keeps one job per order in flight.

export const makePgBossOrderMail = (boss: PgBoss, db: Knex, log: Logger) => {
  const queue = async (orderId: number) => {
    const data: OrderEmailJob = { orderId };
    await boss.send(queues.orderEmail, data, {
      singletonKey: `order-${orderId}`,
      retryLimit: 5,
      retryBackoff: true,
    });
    await db('order_mail_outbox').where({ order_id: orderId }).update({ enqueued_at: db.fn.now() });
  };
  return OrderMail.of({
    queue: (orderId) =>
      Effect.promise(() =>
        queue(orderId).catch((error: unknown) =>
          log.error(`could not queue the e-mail of order ${orderId}`, error),
        ),
      ),
    flush: (olderThanSeconds) =>
      Effect.promise(async () => {
        const due: { order_id: number }[] = await db('order_mail_outbox')
          .whereNull('enqueued_at')
          .whereRaw('created_at < now() - make_interval(secs => ?)', [olderThanSeconds])
          .orderBy('created_at')
          .limit(200)
          .select('order_id');
        for (const row of due) await queue(row.order_id);
        return due.length;
      }),
  });
};

export const PgBossOrderMail = (boss: PgBoss, db: Knex, log: Logger) =>
  Layer.succeed(OrderMail, makePgBossOrderMail(boss, db, log));
