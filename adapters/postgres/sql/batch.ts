import type { Knex } from 'knex';
import pg from 'pg';
import { Refusal, type Outcome } from './transaction.ts';

// Statements sent in as few round trips as they can be (the holds of ../basket/hold-seats.ts and
// ../basket/hold-ga.ts, the sale of ../orders/sell-basket.ts): a new basket's first hold is one batch of
// statements (begin, basket, seats, items, commit); a hold into a basket that has tickets is two
// (begin, lock the basket, take the seats; then the items and commit). On an on-sale each round
// trip costs a syscall pair and a wake-up of the database backend, and the rows a hold takes
// stay locked until it commits, so fewer round trips mean more holds per second and shorter
// waits for everyone racing for the same seats. Several statements in one simple-protocol
// message cannot take bind parameters: values are written as escaped literals by the helpers
// below (never raw input).

const { escapeLiteral } = pg;

/** A SQL literal: numbers must be finite, strings are escaped, null is null. */
export const lit = (value: string | number | boolean | null | undefined): string => {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`not a number for SQL: ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return escapeLiteral(value);
};

/** An integer literal (ids, quantities, money in minor units). */
export const int = (value: number | null): string => {
  if (value === null) return 'null';
  if (!Number.isSafeInteger(value)) throw new TypeError(`not an integer for SQL: ${value}`);
  return String(value);
};

export const textArray = (values: readonly string[]) => `array[${values.map(lit).join(',')}]::text[]`;
export const intArray = (values: readonly number[]) => `array[${values.map(int).join(',')}]::int[]`;

/** A batch of statements as one simple query, or one (named, prepared) statement with values. */
type Send = (sql: string | pg.QueryConfig) => Promise<pg.QueryResult[]>;

const DEADLOCK = '40P01';

/** Where a batch gets its connection: the knex pool, or a pool of its own (../basket/hold-connections.ts). */
export interface Connections {
  acquire(): Promise<pg.Client>;
  /** `broken`: the connection failed mid-way and must not be reused. */
  release(client: pg.Client, broken: boolean): void | Promise<void>;
}

const knexConnections = (db: Knex): Connections => ({
  acquire: async () => (await db.client.acquireConnection()) as pg.Client,
  release: (client) => db.client.releaseConnection(client),
});

/**
 * Runs `work` on one connection of the pool. `work` sends batches (the first starting with
 * BEGIN, the last ending with COMMIT); anything thrown rolls the transaction back. A Refusal
 * comes out as a value; a deadlock is retried.
 */
export const inBatches = async <A, E>(
  from: Knex | Connections,
  work: (send: Send) => Promise<A>,
  /** false when `work` sends one statement outside BEGIN: nothing is left to roll back. */
  rollback = true,
): Promise<Outcome<A, E>> => {
  // A knex instance is a function; a Connections is a plain object.
  const connections = typeof from === 'function' ? knexConnections(from) : from;
  for (let attempt = 1; ; attempt++) {
    const client = await connections.acquire();
    let broken = false;
    try {
      const send: Send = async (sql) => {
        const result = (await client.query(sql)) as pg.QueryResult | pg.QueryResult[];
        return Array.isArray(result) ? result : [result];
      };
      return { ok: true, value: await work(send) };
    } catch (error) {
      if (rollback)
        // Outside a transaction this is only a warning.
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
      // Not the server's refusal or our own: the connection itself may have failed.
      else broken = !(error instanceof Refusal || error instanceof pg.DatabaseError);
      if (error instanceof Refusal) return { ok: false, error: error.failure as E };
      if ((error as { code?: string }).code === DEADLOCK && attempt < 4) continue;
      throw error;
    } finally {
      await connections.release(client, broken);
    }
  }
};
