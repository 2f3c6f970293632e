import { Effect, Exit, type Layer } from 'effect';
import fc from 'fast-check';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabase } from '../database.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { ProductStock } from '../../../core/extras/ports.ts';
import { holdStock, reserveStock, setStock } from '../../../core/extras/stock-actions.ts';
import { ProductStockPostgres } from './product-stock.ts';

// Product stock on a real database: baskets taking the same variant at once never take it below
// zero and what they got is what left the stock; a basket that expires, runs out of time or is
// deleted gives its units back, a completed one never does; and the store agrees with a model over
// random sequences of changes.

let drop: () => Promise<void>;
let db: Knex;
let layer: Layer.Layer<ProductStock>;
let salesChannelId: number;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  db = createDatabase(database.url, { max: 40 });
  layer = ProductStockPostgres(db);
  salesChannelId = (await db('sales_channels').orderBy('id').first('id')).id;
}, 120_000);
afterAll(async () => {
  await db?.destroy();
  await drop?.();
});

const run = <A, E>(program: Effect.Effect<A, E, ProductStock>) =>
  Effect.runPromiseExit(Effect.provide(program, layer));
const store = <A, E>(use: (s: ProductStock['Service']) => Effect.Effect<A, E>) =>
  run(
    Effect.gen(function* () {
      return yield* use(yield* ProductStock);
    }),
  );
const failureTag = (exit: Exit.Exit<unknown, unknown>) =>
  Exit.isFailure(exit)
    ? ((exit.cause.reasons[0] as { error?: { _tag?: string } })?.error?._tag ?? 'defect')
    : 'ok';
const valueOf = <A>(exit: Exit.Exit<A, unknown>): A => {
  if (Exit.isFailure(exit)) throw new Error(`expected success, got ${JSON.stringify(exit.cause)}`);
  return exit.value;
};

const newVariant = async (stock: number | null) => {
  const [product] = await db('products').insert({ name: 'Programme' }).returning('id');
  const [variant] = await db('product_variants')
    .insert({ product_id: product.id, name: 'Signed', price: 1_500, stock })
    .returning('id');
  return variant.id as number;
};
const newBasket = async (expiresInSeconds = 3600): Promise<string> => {
  const { rows } = await db.raw<{ rows: { id: string }[] }>(
    `insert into baskets (expires_at, sales_channel_id) values (now() + make_interval(secs => ?), ?) returning id`,
    [expiresInSeconds, salesChannelId],
  );
  return rows[0]!.id;
};
const level = async (variantId: number) => valueOf(await store((s) => s.level(variantId)));
const reserve = (variantId: number, basketId: string, quantity: number) =>
  run(reserveStock({ productVariantId: variantId, basketId, quantity }));

/** Waits until `n` sessions of this database are waiting for a lock. */
const untilWaiting = async (n: number) => {
  for (let i = 0; i < 400; i++) {
    const { rows } = await db.raw<{ rows: { n: number }[] }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0]!.n >= n) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${n} sessions never waited for the variant's lock`);
};

describe('many baskets taking one variant at once', () => {
  test('stock never goes below zero, refusals say what was left, and sold = initial - remaining', async () => {
    const initial = 25;
    const variantId = await newVariant(initial);
    const baskets = await Promise.all(Array.from({ length: 30 }, () => newBasket()));
    const asks = baskets.map((_, i) => 1 + (i % 3));
    // Hold the variant's row so all thirty reach the conditional update before any goes through.
    const holder = await db.transaction();
    let exits: Exit.Exit<{ quantity: number; stock: number | null }, unknown>[];
    try {
      await holder.raw('select id from product_variants where id = ? for update', [variantId]);
      const all = Promise.all(baskets.map((b, i) => reserve(variantId, b, asks[i]!)));
      await untilWaiting(30);
      await holder.commit();
      exits = await all;
    } catch (error) {
      await holder.rollback();
      throw error;
    }
    const got = exits.reduce((sum, e, i) => sum + (Exit.isSuccess(e) ? asks[i]! : 0), 0);
    const after = await level(variantId);
    expect(after.stock).toBeGreaterThanOrEqual(0);
    expect(got).toBe(initial - after.stock!);
    expect(after.held).toBe(got);
    for (const [i, e] of exits.entries()) {
      if (Exit.isSuccess(e)) expect(e.value.stock).toBeGreaterThanOrEqual(0);
      else expect(failureTag(e)).toBe('OutOfStock');
      // A refusal comes only when fewer units were left than asked at that moment.
      if (!Exit.isSuccess(e)) expect(asks[i]!).toBeGreaterThan(after.stock!);
    }
    // Thirty baskets asked for 60 units of 25: some were refused.
    expect(exits.some((e) => !Exit.isSuccess(e))).toBe(true);

    // The baskets complete (the sale's update marks their units sold); a sweep as of tomorrow
    // gives none of them back.
    await db('baskets').whereIn('id', baskets).update({ status: 'Completed' });
    valueOf(await store((s) => s.releaseExpired(new Date(Date.now() + 86_400_000))));
    expect(await level(variantId)).toEqual({
      productVariantId: variantId,
      stock: initial - got,
      held: 0,
      sold: got,
    });
  }, 60_000);
});

describe('units coming back', () => {
  test('a basket expired gives its units back at once (the baskets trigger), whoever expired it', async () => {
    const variantId = await newVariant(5);
    const basket = await newBasket();
    valueOf(await reserve(variantId, basket, 4));
    expect((await level(variantId)).stock).toBe(1);
    await db('baskets').where({ id: basket }).update({ status: 'Expired' });
    expect(await level(variantId)).toMatchObject({ stock: 5, held: 0 });
    expect(failureTag(await reserve(variantId, basket, 1))).toBe('StockBasketNotLive');
  });

  test('a basket whose time ran out gives its units back at the sweep, or to the next basket that needs them', async () => {
    const variantId = await newVariant(3);
    const late = await newBasket();
    valueOf(await reserve(variantId, late, 3));
    await db('baskets')
      .where({ id: late })
      .update({ expires_at: db.raw(`now() - interval '1 second'`) });
    // Another basket finds none left but takes the expired basket's units.
    const next = await newBasket();
    expect(valueOf(await reserve(variantId, next, 2))).toMatchObject({ quantity: 2, stock: 1 });
    expect(await level(variantId)).toMatchObject({ stock: 1, held: 2 });

    const other = await newBasket();
    valueOf(await reserve(variantId, other, 1));
    await db('baskets')
      .where({ id: other })
      .update({ expires_at: db.raw(`now() - interval '1 second'`) });
    expect(valueOf(await store((s) => s.releaseExpired(new Date())))).toBe(1);
    expect(await level(variantId)).toMatchObject({ stock: 1, held: 2 });
  });

  test('a basket deleted gives its units back; a completed basket keeps them', async () => {
    const variantId = await newVariant(10);
    const gone = await newBasket();
    const bought = await newBasket();
    valueOf(await reserve(variantId, gone, 2));
    valueOf(await reserve(variantId, bought, 3));
    await db('baskets').where({ id: gone }).del();
    await db('baskets').where({ id: bought }).update({ status: 'Completed' });
    // A sweep as of tomorrow (every live basket's time run out) leaves the sold units sold.
    valueOf(await store((s) => s.releaseExpired(new Date(Date.now() + 86_400_000))));
    expect(valueOf(await store((s) => s.release(bought)))).toBe(0);
    expect(await level(variantId)).toEqual({ productVariantId: variantId, stock: 7, held: 0, sold: 3 });
  });
});

describe('requests that change nothing', () => {
  test('a bad quantity, an unknown variant or basket, too many units, a negative stock', async () => {
    const variantId = await newVariant(2);
    const basket = await newBasket();
    expect(failureTag(await reserve(variantId, basket, 0))).toBe('StockRequestInvalid');
    expect(failureTag(await reserve(variantId, basket, 1.5))).toBe('StockRequestInvalid');
    expect(failureTag(await reserve(variantId, basket, 100))).toBe('StockRequestInvalid');
    expect(failureTag(await reserve(2_000_000_000, basket, 1))).toBe('ProductVariantNotFound');
    expect(failureTag(await reserve(variantId, 'not-a-basket', 1))).toBe('StockBasketNotLive');
    expect(failureTag(await reserve(variantId, '7d9f6c1e-0000-4000-8000-000000000000', 1))).toBe(
      'StockBasketNotLive',
    );
    const tooMany = await reserve(variantId, basket, 3);
    expect(failureTag(tooMany)).toBe('OutOfStock');
    expect(JSON.stringify(tooMany)).toContain('"available":2');
    expect(failureTag(await run(setStock(variantId, -1)))).toBe('StockRequestInvalid');
    expect(failureTag(await run(setStock(2_000_000_000, 4)))).toBe('ProductVariantNotFound');
    await expect(db('product_variants').where({ id: variantId }).update({ stock: -1 })).rejects.toMatchObject(
      {
        code: '23514',
        constraint: 'product_variants_stock',
      },
    );
    expect(await level(variantId)).toEqual({ productVariantId: variantId, stock: 2, held: 0, sold: 0 });
  });

  test('a variant whose stock is not counted sells without limit', async () => {
    const variantId = await newVariant(null);
    const basket = await newBasket();
    expect(valueOf(await reserve(variantId, basket, 99))).toMatchObject({ quantity: 99, stock: null });
    expect(valueOf(await reserve(variantId, basket, 50))).toMatchObject({ quantity: 149, stock: null });
  });
});

describe('the store against a model', () => {
  type Op =
    | { op: 'hold'; basket: number; quantity: number }
    | { op: 'reserve'; basket: number; quantity: number }
    | { op: 'release' | 'expire' | 'sell'; basket: number }
    | { op: 'restock'; stock: number };
  const basket = fc.integer({ min: 0, max: 3 });
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ op: fc.constant('hold' as const), basket, quantity: fc.integer({ min: 0, max: 6 }) }),
    fc.record({ op: fc.constant('reserve' as const), basket, quantity: fc.integer({ min: 1, max: 6 }) }),
    fc.record({ op: fc.constantFrom('release' as const, 'expire' as const, 'sell' as const), basket }),
    fc.record({ op: fc.constant('restock' as const), stock: fc.integer({ min: 0, max: 12 }) }),
  );

  test('answers, stock, held and sold as the model does over random sequences', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 12 }),
        fc.array(opArb, { maxLength: 16 }),
        async (initial, ops) => {
          const variantId = await newVariant(initial);
          const baskets = await Promise.all([0, 1, 2, 3].map(() => newBasket()));
          let stock = initial;
          let sold = 0;
          const held = [0, 0, 0, 0];
          const live = [true, true, true, true];
          for (const o of ops) {
            if (o.op === 'restock') {
              valueOf(await run(setStock(variantId, o.stock)));
              stock = o.stock;
              continue;
            }
            const id = baskets[o.basket]!;
            const i = o.basket;
            if (o.op === 'hold' || o.op === 'reserve') {
              const exit =
                o.op === 'hold'
                  ? await run(holdStock({ productVariantId: variantId, basketId: id, quantity: o.quantity }))
                  : await reserve(variantId, id, o.quantity);
              const target = o.op === 'hold' ? o.quantity : held[i]! + o.quantity;
              const delta = target - held[i]!;
              const expected = !live[i] ? 'StockBasketNotLive' : delta > stock ? 'OutOfStock' : 'ok';
              expect(failureTag(exit)).toBe(expected);
              if (expected === 'ok') {
                stock -= delta;
                held[i] = target;
                expect(valueOf(exit)).toMatchObject({ quantity: target, stock });
              }
            } else if (o.op === 'release') {
              expect(valueOf(await store((s) => s.release(id)))).toBe(held[i]);
              stock += held[i]!;
              held[i] = 0;
            } else if (o.op === 'expire') {
              await db('baskets').where({ id, status: 'Active' }).update({ status: 'Expired' });
              if (live[i]) stock += held[i]!;
              held[i] = 0;
              live[i] = false;
            } else if (live[i]) {
              await db('baskets').where({ id }).update({ status: 'Completed' });
              sold += held[i]!;
              held[i] = 0;
              live[i] = false;
            }
            expect(stock).toBeGreaterThanOrEqual(0);
            expect(await level(variantId)).toEqual({
              productVariantId: variantId,
              stock,
              held: held.reduce((a, b) => a + b, 0),
              sold,
            });
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 180_000);
});
