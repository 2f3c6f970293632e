import type { Knex } from 'knex';
import type pg from 'pg';

// A statement every checkout runs, as a named prepared statement on a connection of the knex
// pool: PostgreSQL parses it once per connection and, once its plan proves stable, stops planning
// it too; knex builds no SQL. A checkout's few statements each cost a parse and a plan otherwise.
// `name` must change whenever `text` does (a connection keeps the first text under a name).

export interface NamedStatement {
  readonly name: string;
  readonly text: string;
}

export const runPrepared = async <R extends pg.QueryResultRow>(
  db: Knex,
  statement: NamedStatement,
  values: readonly unknown[],
): Promise<R[]> => {
  const client = (await db.client.acquireConnection()) as pg.Client;
  try {
    return (await client.query<R>({ name: statement.name, text: statement.text, values: [...values] })).rows;
  } finally {
    await db.client.releaseConnection(client);
  }
};
