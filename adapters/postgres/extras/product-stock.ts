import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import {
  OutOfStock,
  ProductVariantNotFound,
  StockBasketNotLive,
} from '../../../core/extras/product-stock.ts';
import { ProductStock, type StockHold, type StockLevel } from '../../../core/extras/ports.ts';
import { inTransaction, refuse, type Outcome } from '../sql/transaction.ts';

// Product stock and the baskets' holds on it (migrations/20261213000200_gift_certificates.ts).
//
// Units are taken with one conditional update (`stock >= asked`): under READ COMMITTED a second
// basket's update waits for the first's row lock, then reads the stock the first left and matches
// nothing if too few are left; the check `stock >= 0` refuses a negative stock besides. Units come
// back by deleting holds (the holds' trigger adds them to stock), so a basket expired, deleted or
// emptied gives its units back whichever code did it; a basket completed marks its holds sold
// (the baskets trigger), so the sale functions need not know about stock. A basket whose time ran out while still
// Active gives its units back at the next sweep (releaseExpired), or as soon as a basket finds
// too few units of that variant left (reclaimExpired below), whichever comes first.
//
// Each change locks the basket's row (for no key update): one basket's changes queue, and the
// expiry of the basket (an update of its status) waits for the change, so no hold is made for a
// basket after its expiry gave its units back.

type StockError = ProductVariantNotFound | OutOfStock | StockBasketNotLive;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const lockLiveBasket = async (trx: Knex.Transaction, basketId: string) => {
  const live = UUID.test(basketId)
    ? await trx('baskets')
        .where({ id: basketId, status: 'Active' })
        .where('expires_at', '>', trx.raw('now()'))
        .forNoKeyUpdate()
        .first('id')
    : undefined;
  if (!live) refuse(new StockBasketNotLive({ basketId }));
};

/** Gives back the units of the variant held by baskets whose time ran out; how many. */
const reclaimExpired = async (trx: Knex.Transaction, productVariantId: number): Promise<number> => {
  const { rows } = await trx.raw<{ rows: { quantity: number }[] }>(
    `delete from product_stock_holds h using baskets b
      where h.product_variant_id = ? and h.sold_at is null and b.id = h.basket_id
        and (b.status = 'Expired' or (b.status = 'Active' and b.expires_at <= now()))
      returning h.quantity`,
    [productVariantId],
  );
  return rows.reduce((sum, r) => sum + r.quantity, 0);
};

/** Takes `quantity` units out of the variant's stock, or refuses with what is left. */
const take = async (
  trx: Knex.Transaction,
  productVariantId: number,
  quantity: number,
): Promise<number | null> => {
  const attempt = () =>
    trx.raw<{ rows: { stock: number | null }[] }>(
      `update product_variants set stock = stock - ?
        where id = ? and (stock is null or stock >= ?) returning stock`,
      [quantity, productVariantId, quantity],
    );
  let { rows } = await attempt();
  if (rows.length === 0 && (await reclaimExpired(trx, productVariantId)) > 0) ({ rows } = await attempt());
  if (rows.length > 0) return rows[0]!.stock;
  const variant: { stock: number | null } | undefined = await trx('product_variants')
    .where({ id: productVariantId })
    .first('stock');
  if (!variant) return refuse(new ProductVariantNotFound({ productVariantId }));
  return refuse(new OutOfStock({ productVariantId, asked: quantity, available: variant.stock ?? 0 }));
};

const stockOf = async (trx: Knex.Transaction, productVariantId: number): Promise<number | null> => {
  const variant: { stock: number | null } | undefined = await trx('product_variants')
    .where({ id: productVariantId })
    .first('stock');
  if (!variant) return refuse(new ProductVariantNotFound({ productVariantId }));
  return variant.stock;
};

export const reserveStock = (
  db: Knex,
  request: { productVariantId: number; basketId: string; quantity: number },
): Promise<Outcome<StockHold, StockError>> =>
  inTransaction(db, async (trx) => {
    await lockLiveBasket(trx, request.basketId);
    const stock = await take(trx, request.productVariantId, request.quantity);
    const { rows } = await trx.raw<{ rows: { quantity: number }[] }>(
      `insert into product_stock_holds (product_variant_id, basket_id, quantity) values (?, ?, ?)
       on conflict (basket_id, product_variant_id)
       do update set quantity = product_stock_holds.quantity + excluded.quantity
       returning quantity`,
      [request.productVariantId, request.basketId, request.quantity],
    );
    return { ...request, quantity: rows[0]!.quantity, stock };
  });

export const holdStock = (
  db: Knex,
  request: { productVariantId: number; basketId: string; quantity: number },
): Promise<Outcome<StockHold, StockError>> =>
  inTransaction(db, async (trx) => {
    await lockLiveBasket(trx, request.basketId);
    const where = { basket_id: request.basketId, product_variant_id: request.productVariantId };
    const current: { quantity: number } | undefined = await trx('product_stock_holds')
      .where(where)
      .first('quantity');
    const held = current?.quantity ?? 0;
    const delta = request.quantity - held;
    let stock: number | null;
    if (delta > 0) {
      stock = await take(trx, request.productVariantId, delta);
      await trx.raw(
        `insert into product_stock_holds (product_variant_id, basket_id, quantity) values (?, ?, ?)
         on conflict (basket_id, product_variant_id) do update set quantity = excluded.quantity`,
        [request.productVariantId, request.basketId, request.quantity],
      );
    } else if (delta < 0 && request.quantity === 0) {
      await trx('product_stock_holds').where(where).del();
      stock = await stockOf(trx, request.productVariantId);
    } else if (delta < 0) {
      await trx('product_stock_holds').where(where).update({ quantity: request.quantity });
      const { rows } = await trx.raw<{ rows: { stock: number | null }[] }>(
        `update product_variants set stock = stock + ? where id = ? returning stock`,
        [-delta, request.productVariantId],
      );
      stock = rows[0]?.stock ?? null;
    } else stock = await stockOf(trx, request.productVariantId);
    return { ...request, stock };
  });

const sumQuantities = (rows: { quantity: number }[]) => rows.reduce((sum, r) => sum + r.quantity, 0);

export const releaseBasketStock = async (db: Knex, basketId: string): Promise<number> =>
  UUID.test(basketId)
    ? sumQuantities(
        await db('product_stock_holds')
          .where({ basket_id: basketId })
          .whereNull('sold_at')
          .del()
          .returning('quantity'),
      )
    : 0;

export const releaseExpiredStock = async (db: Knex, now: Date): Promise<number> => {
  const { rows } = await db.raw<{ rows: { quantity: number }[] }>(
    `delete from product_stock_holds h using baskets b
      where h.sold_at is null and b.id = h.basket_id
        and (b.status = 'Expired' or (b.status = 'Active' and b.expires_at <= ?))
      returning h.quantity`,
    [now],
  );
  return sumQuantities(rows);
};

export const stockLevel = async (db: Knex, productVariantId: number): Promise<StockLevel | null> => {
  const { rows } = await db.raw<{ rows: { stock: number | null; held: number; sold: number }[] }>(
    `select v.stock,
            coalesce(sum(h.quantity) filter (where h.sold_at is null), 0)::int as held,
            coalesce(sum(h.quantity) filter (where h.sold_at is not null), 0)::int as sold
       from product_variants v left join product_stock_holds h on h.product_variant_id = v.id
      where v.id = ? group by v.id`,
    [productVariantId],
  );
  const row = rows[0];
  return row ? { productVariantId, stock: row.stock, held: row.held, sold: row.sold } : null;
};

export const setVariantStock = async (
  db: Knex,
  productVariantId: number,
  stock: number | null,
): Promise<boolean> => (await db('product_variants').where({ id: productVariantId }).update({ stock })) === 1;

const fromOutcome = <A, E>(run: () => Promise<Outcome<A, E>>): Effect.Effect<A, E> =>
  Effect.flatMap(Effect.promise(run), (o) => (o.ok ? Effect.succeed(o.value) : Effect.fail(o.error)));

export const ProductStockPostgres = (db: Knex) =>
  Layer.succeed(ProductStock, {
    reserve: (request) => fromOutcome(() => reserveStock(db, request)),
    hold: (request) => fromOutcome(() => holdStock(db, request)),
    release: (basketId) => Effect.promise(() => releaseBasketStock(db, basketId)),
    releaseExpired: (now) => Effect.promise(() => releaseExpiredStock(db, now)),
    level: (productVariantId) =>
      Effect.flatMap(
        Effect.promise(() => stockLevel(db, productVariantId)),
        (level) =>
          level ? Effect.succeed(level) : Effect.fail(new ProductVariantNotFound({ productVariantId })),
      ),
    setStock: (productVariantId, stock) =>
      Effect.flatMap(
        Effect.promise(() => setVariantStock(db, productVariantId, stock)),
        (found) => (found ? Effect.void : Effect.fail(new ProductVariantNotFound({ productVariantId }))),
      ),
  });
