import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { OpenBasket } from '../../../core/basket/ports.ts';
import { BASKET_COLUMNS, type BasketRow, type ItemRow } from '../sql/basket-rows.ts';
import { int, lit } from '../sql/batch.ts';

// The statements that open the caller's basket at the start of a hold batch: lock it if it is
// live (restarting the clock of an emptied basket: nothing of it is held any more), or make a
// new one with a fresh random id. Each statement gets a fresh snapshot, so what follows the lock
// sees everything committed before the lock was granted.

export interface OpenBatch {
  readonly basketId: string;
  readonly created: boolean;
  readonly statements: string[];
  /** Reads the basket row and its items from the batch's results (after BEGIN). */
  readonly read: (results: readonly pg.QueryResult[]) => { row: BasketRow | undefined; items: ItemRow[] };
}

const live = `status = 'Active' and expires_at > now()`;

const selectBasket = (id: string) =>
  `select ${BASKET_COLUMNS} from baskets b join sales_channels sc on sc.id = b.sales_channel_id where b.id = ${lit(id)}`;

/** Makes a new basket and answers its row (BasketRow), in one statement. */
export const insertBasket = (id: string, holdSeconds: number, salesChannelId: number) =>
  `with b as (
     insert into baskets (id, expires_at, sales_channel_id)
     values (${lit(id)}, now() + make_interval(secs => ${int(Math.round(holdSeconds))}), ${int(salesChannelId)})
     returning *)
   select ${BASKET_COLUMNS} from b join sales_channels sc on sc.id = b.sales_channel_id`;

export const openBatch = (open: OpenBasket): OpenBatch => {
  const hold = int(Math.round(open.holdSeconds));
  if (open.basketId !== null) {
    const id = lit(open.basketId);
    return {
      basketId: open.basketId,
      created: false,
      statements: [
        `select 1 from baskets where id = ${id} and ${live} for no key update`,
        `update baskets set expires_at = now() + make_interval(secs => ${hold})
          where id = ${id} and ${live} and not exists (select 1 from basket_items where basket_id = ${id})`,
        selectBasket(open.basketId),
        `select * from basket_items where basket_id = ${id} order by id`,
      ],
      read: (results) => {
        const row = results[3]?.rows[0] as BasketRow | undefined;
        return { row: row?.live ? row : undefined, items: (results[4]?.rows ?? []) as ItemRow[] };
      },
    };
  }
  const id = randomUUID();
  return {
    basketId: id,
    created: true,
    statements: [insertBasket(id, open.holdSeconds, open.salesChannelId)],
    read: (results) => ({ row: results[1]?.rows[0] as BasketRow | undefined, items: [] }),
  };
};

/** The hold's expiry: the basket's, read in the statement (the basket is live and locked). */
export const basketExpiry = (basketId: string) =>
  `(select expires_at from baskets where id = ${lit(basketId)} and ${live})`;
