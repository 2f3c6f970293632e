import { PgBoss } from 'pg-boss';
import type { Logger } from '../log.ts';
import { queueOptions, queues } from './jobs.ts';

/**
 * pg-boss on the database: every node enqueues through it (a web node sends each basket's
 * expiry job); `supervise` (maintenance, cron) only where workers run.
 */
export const openJobQueue = async (
  connectionString: string,
  options: { readonly log: Logger; readonly supervise: boolean },
): Promise<PgBoss> => {
  const { log } = options;
  const boss = new PgBoss({
    connectionString,
    application_name: 'foyer-jobs',
    supervise: options.supervise,
    schedule: options.supervise,
  });
  boss.on('error', (error) => {
    // 57P01: PostgreSQL is shutting down (Ctrl-C in a terminal reaches the embedded server too).
    if ((error as { code?: string }).code === '57P01') log.debug('job queue: database is shutting down');
    else log.error('job queue', error);
  });
  await boss.start();
  for (const name of Object.values(queues)) await boss.createQueue(name, queueOptions[name]);
  return boss;
};
