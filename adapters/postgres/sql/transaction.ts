import type { Knex } from 'knex';

// A transaction whose domain error comes out as a value: `refuse` throws a Refusal, which rolls
// everything back and is answered as { ok: false }, never as a fault. A deadlock or a
// serialization failure is retried. Used by the basket, orders and seat-status statements.

export class Refusal<E> extends Error {
  readonly failure: E;
  constructor(failure: E) {
    super('refused');
    this.failure = failure;
  }
}

export type Outcome<A, E> =
  { readonly ok: true; readonly value: A } | { readonly ok: false; readonly error: E };

const DEADLOCK = '40P01';
const SERIALIZATION = '40001';

/** Runs `work` in a transaction; a Refusal rolls back and is answered; a deadlock is retried. */
export const inTransaction = async <A, E>(
  db: Knex,
  work: (trx: Knex.Transaction) => Promise<A>,
): Promise<Outcome<A, E>> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return { ok: true, value: await db.transaction(work) };
    } catch (error) {
      if (error instanceof Refusal) return { ok: false, error: error.failure as E };
      const code = (error as { code?: string }).code;
      if ((code === DEADLOCK || code === SERIALIZATION) && attempt < 4) continue;
      throw error;
    }
  }
};

export const refuse = <E>(failure: E): never => {
  throw new Refusal(failure);
};
