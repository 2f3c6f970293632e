import type { Knex } from 'knex';
import pg from 'pg';
import type { Connections } from '../sql/batch.ts';

// Connections of their own for the one-statement hold of a new basket (prepared-hold.ts), set to
// always run prepared statements on their generic plan. Left to choose, PostgreSQL plans that
// statement afresh on every execution (its estimate for "key = any($6)" makes the generic plan
// look dearer than it is), and on the holds bench planning cost a fifth of PostgreSQL's time per
// hold. Only that statement runs here, so no other query is held to a generic plan.
//
// A new basket's first hold also commits without waiting for the disk (synchronous_commit off;
// the GA hold of a new basket sets it for its own transaction). If PostgreSQL itself crashed in
// the moment after, that hold would be lost whole, basket, items and seats together: the buyer
// finds the basket expired, and the seats are free. It can never oversell, and anything built
// on the hold (a second hold, a checkout) commits durably, which writes the hold to disk first.
// On a GA on-sale the section's row lock is held until commit, so not waiting for the disk
// there lets the next buyer in sooner (holds bench GA figure: +20% here).

export interface HoldConnections {
  readonly connections: Connections;
  close(): Promise<void>;
}

/**
 * The pool's size: a few connections keep 2 cores busy; more only queue inside PostgreSQL, where
 * they also crowd out everyone else. With 4 instead of 8, the holds bench's rates stayed the same
 * (seated 0.56 against 0.55 of pgbench, GA 0.26 against 0.27) and clerks selling during the on-sale
 * (`npm run bench -- boxoffice`) waited far less: their p99 794 ms against 1,049-1,336 ms.
 */
const MAX = 4;

export const holdConnections = (db: Knex): HoldConnections => {
  const connection = db.client.config.connection as string | pg.ClientConfig;
  const pool = new pg.Pool({
    ...(typeof connection === 'string' ? { connectionString: connection } : connection),
    application_name: 'foyer-holds',
    options: '-c plan_cache_mode=force_generic_plan -c synchronous_commit=off',
    max: MAX,
    allowExitOnIdle: true,
  });
  // An idle connection the server dropped: the pool forgets it; the next hold opens another.
  pool.on('error', () => undefined);
  return {
    connections: {
      acquire: () => pool.connect(),
      release: (client, broken) => (client as pg.PoolClient).release(broken),
    },
    close: () => pool.end(),
  };
};
