import type { Knex } from 'knex';
import type { Basket } from '../../../../core/basket/basket.ts';
import type { SavedBasketQuery, SavedBasketRow, SavedState } from '../../../../core/basket/staff/ports.ts';
import { BasketNotFound } from '../../../../core/basket/errors.ts';
import { basketOf, readBasketRow, readItemRows } from '../../sql/basket-rows.ts';
import { pgArray } from '../../sql/pg-array.ts';
import { inTransaction, refuse, type Outcome } from '../../sql/transaction.ts';
import { liveLocked } from '../locked-basket.ts';
import { moveHolds } from '../move-holds.ts';

// Saved baskets (core/basket/staff/saved-basket-calls.ts): the list, a basket's saved state, and the
// save itself, which moves the basket's expiry and holds together (move-holds.ts).

interface ListRow {
  id: string;
  saved_name: string | null;
  saved_at: Date;
  saved_by_name: string | null;
  customer_id: number | null;
  customer_name: string | null;
  customer_email: string | null;
  event_names: string[] | null;
  expires_at: Date;
  total_count: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const listSaved = async (
  db: Knex,
  query: SavedBasketQuery,
): Promise<{ rows: SavedBasketRow[]; totalCount: number }> => {
  const like = query.searchText === null ? null : `%${escapeLike(query.searchText)}%`;
  const result: { rows: ListRow[] } = await db.raw(
    `select b.id, b.saved_name, b.saved_at, su.name as saved_by_name, b.customer_id,
            nullif(trim(concat_ws(' ', coalesce(c.first_name, b.first_name), coalesce(c.last_name, b.last_name))), '') as customer_name,
            coalesce(c.email, b.email) as customer_email,
            (select array_agg(e.name order by e.starts_at, e.id) from events e
              where e.id in (select i.event_id from basket_items i where i.basket_id = b.id)) as event_names,
            b.expires_at, count(*) over () as total_count
       from baskets b
       left join staff_users su on su.id = b.saved_by
       left join customers c on c.id = b.customer_id
      where b.saved_at is not null and b.status = 'Active' and b.expires_at > now()
        and (?::int is null or b.saved_by = ?::int or b.seller_id = ?::int)
        and (?::text is null
             or b.saved_name ilike ? or concat_ws(' ', c.first_name, c.last_name, b.first_name, b.last_name) ilike ?
             or c.email ilike ? or b.email ilike ? or c.phone ilike ? or b.phone ilike ?
             or exists (select 1 from basket_items i join events e on e.id = i.event_id
                         where i.basket_id = b.id and e.name ilike ?))
      order by b.saved_at desc, b.id
      limit ? offset ?`,
    [
      query.sellerId,
      query.sellerId,
      query.sellerId,
      like,
      ...Array<string | null>(7).fill(like),
      query.limit,
      query.offset,
    ],
  );
  return {
    totalCount: Number(result.rows[0]?.total_count ?? 0),
    rows: result.rows.map((r) => ({
      basketId: r.id,
      name: r.saved_name,
      savedAt: r.saved_at,
      savedBy: r.saved_by_name,
      customerId: r.customer_id,
      customerName: r.customer_name,
      customerEmail: r.customer_email,
      eventNames: r.event_names ?? [],
      expiresAt: r.expires_at,
    })),
  };
};

export const savedState = async (db: Knex, basketId: string): Promise<SavedState | null> => {
  const row: { saved_at: Date | null; saved_name: string | null } | undefined = await db('baskets')
    .where({ id: basketId })
    .first('saved_at', 'saved_name');
  return row ? { savedAt: row.saved_at, savedName: row.saved_name } : null;
};

export const eventStarts = async (db: Knex, eventIds: readonly number[]): Promise<Date[]> => {
  if (eventIds.length === 0) return [];
  const result: { rows: { starts_at: Date }[] } = await db.raw(
    `select starts_at from events where id = any(?::int[])`,
    [pgArray([...new Set(eventIds)])],
  );
  return result.rows.map((r) => r.starts_at);
};

/** Saves a live basket: saved by the staff member, its expiry and holds moved to `until` (never earlier). */
export const saveBasket = (
  db: Knex,
  basketId: string,
  save: { name: string | null; staffUserId: number; until: Date },
): Promise<Outcome<{ basket: Basket; savedAt: Date }, BasketNotFound>> =>
  inTransaction(db, async (trx) => {
    const locked = await liveLocked(trx, basketId);
    if (!locked) return refuse(new BasketNotFound({ basketId }));
    const updated: { rows: { expires_at: Date; saved_at: Date }[] } = await trx.raw(
      `update baskets
          set saved_at = now(), saved_name = ?, saved_by = ?, seller_id = coalesce(seller_id, ?),
              expires_at = greatest(expires_at, ?::timestamptz)
        where id = ?
        returning expires_at, saved_at`,
      [save.name, save.staffUserId, save.staffUserId, save.until.toISOString(), basketId],
    );
    const { expires_at, saved_at } = updated.rows[0]!;
    await moveHolds(trx, basketId, locked.items, expires_at);
    const row = (await readBasketRow(trx, basketId))!;
    return { basket: basketOf(row, await readItemRows(trx, basketId)), savedAt: saved_at };
  });
