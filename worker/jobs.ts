import { PgBoss } from 'pg-boss';
import type { Knex } from 'knex';
import type { Logger } from '../adapters/log.ts';

// Job names and schedules. Handlers only tidy up: the database statements themselves keep the
// inventory invariants (an expired hold is free whether or not this job has run).
export const queues = {
  releaseExpiredHolds: 'inventory.release-expired-holds',
} as const;

export interface Workers {
  readonly boss: PgBoss;
  stop(): Promise<void>;
}

/** Clears hold markers whose basket time ran out; returns how many seats were tidied. */
export const releaseExpiredHolds = async (db: Knex): Promise<number> => {
  const released = await db('event_seats')
    .whereNotNull('held_until')
    .andWhere('held_until', '<=', db.fn.now())
    .update({ basket_id: null, held_until: null });
  return released;
};

export const startWorkers = async (options: {
  connectionString: string;
  db: Knex;
  log: Logger;
}): Promise<Workers> => {
  const { db, log } = options;
  const boss = new PgBoss({ connectionString: options.connectionString, application_name: 'foyer-worker' });
  boss.on('error', (error) => {
    // 57P01: PostgreSQL is shutting down (Ctrl-C in a terminal reaches the embedded server too).
    if ((error as { code?: string }).code === '57P01') log.debug('job queue: database is shutting down');
    else log.error('job queue', error);
  });
  await boss.start();
  await boss.createQueue(queues.releaseExpiredHolds);
  await boss.work(queues.releaseExpiredHolds, async () => {
    const count = await releaseExpiredHolds(db);
    if (count > 0) log.info(`released ${count} seats from expired baskets`);
  });
  await boss.schedule(queues.releaseExpiredHolds, '* * * * *');
  return {
    boss,
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
};
