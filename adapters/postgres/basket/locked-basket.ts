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
} from '../sql/basket-rows.ts';

// One transaction per basket change, with the basket row locked (NO KEY UPDATE) so the rules
// judge the basket the change joins (the transaction itself: ../sql/transaction.ts).

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
