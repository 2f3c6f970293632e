import type { Knex } from 'knex';

/** How many migrations this database still lacks; fails when the database does not answer (/readyz). */
export const pendingMigrationsOf = (db: Knex) => async (): Promise<number> => {
  await db.raw('select 1');
  const [, pending] = (await db.migrate.list()) as [unknown[], unknown[]];
  return pending.length;
};
