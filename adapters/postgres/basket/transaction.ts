import type { Knex } from 'knex';
import type { Basket } from '../../../core/basket/basket.ts';
import type { OpenBasket } from '../../../core/basket/ports.ts';
import {
  basketOf,
  insertBasketRow,
  readBasketRow,
  readItemRows,
  type BasketRow,
  type ItemRow,
} from './basket-rows.ts';

// One transaction per basket change, with the basket row locked (NO KEY UPDATE) so the rules
// judge the basket the change joins. A domain error thrown as Refusal rolls everything back and
// comes out as a value, never as a fault.

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

export interface LockedBasket {
  readonly row: BasketRow;
  readonly items: ItemRow[];
  readonly created: boolean;
}

/** The caller's basket locked if it is live, else a new one (a new hold starts a new basket). */
export const openLocked = async (trx: Knex.Transaction, open: OpenBasket): Promise<LockedBasket> => {
  if (open.basketId !== null) {
    const row = await readBasketRow(trx, open.basketId, true);
    if (row?.live) {
      const items = await readItemRows(trx, row.id);
      if (items.length > 0) return { row, items, created: false };
      // An emptied basket starts its clock again: nothing of it is held any more.
      const restarted: { rows: { expires_at: Date; seconds_left: number }[] } = await trx.raw(
        `update baskets set expires_at = now() + make_interval(secs => ?) where id = ?
         returning expires_at, extract(epoch from (expires_at - now()))::float8 as seconds_left`,
        [open.holdSeconds, row.id],
      );
      return { row: { ...row, ...restarted.rows[0]! }, items, created: false };
    }
  }
  return { row: await insertBasketRow(trx, open.salesChannelId, open.holdSeconds), items: [], created: true };
};

/** A live basket locked, or undefined. */
export const liveLocked = async (
  trx: Knex.Transaction,
  basketId: string,
): Promise<{ row: BasketRow; items: ItemRow[]; basket: Basket } | undefined> => {
  const row = await readBasketRow(trx, basketId, true);
  if (!row?.live) return undefined;
  const items = await readItemRows(trx, basketId);
  return { row, items, basket: basketOf(row, items) };
};
