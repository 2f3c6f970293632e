import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { Baskets } from '../../../core/basket/ports.ts';
import { NotFound } from '../../../core/shared/errors.ts';
import { basketOf, findBasketRows } from '../sql/basket-rows.ts';
import {
  deliveryMethods,
  marketingOptIns,
  productOffers,
  reprice,
  setProducts,
  updateBasket,
} from './basket-changes.ts';
import { holdGeneralAdmission } from './hold-ga.ts';
import { holdSeats } from './hold-seats.ts';
import { holdConnections } from './hold-connections.ts';
import type { Connections } from '../sql/batch.ts';
import { expireBasket, releaseExpired, releaseItems } from './release.ts';
import { cachedSaleContexts } from './sale-context.ts';
import { seatFactCaches } from './seat-facts.ts';
import { reuseFor } from '../reuse-for.ts';
import { pgArray } from '../sql/pg-array.ts';
import { inTransaction, type Outcome } from '../sql/transaction.ts';
import { openLocked } from './locked-basket.ts';

// The basket store and hold engine on PostgreSQL (core/basket/ports.ts).

const settle = <A, E>(run: () => Promise<Outcome<A, E>>): Effect.Effect<A, E> =>
  Effect.flatMap(Effect.promise(run), (outcome): Effect.Effect<A, E> =>
    outcome.ok ? Effect.succeed(outcome.value) : Effect.fail(outcome.error),
  );

export interface BasketsPostgresOptions {
  /** How long an event's prices and hold rules, and the delivery methods, may be reused (default 2000 ms; 0: read every time). */
  readonly saleContextTtlMs?: number;
  /** Where a new basket's one-statement hold runs (default: the knex pool). */
  readonly holdConnections?: Connections;
}

export const makeBasketsPostgres = (db: Knex, options: BasketsPostgresOptions = {}) => {
  const saleContext = cachedSaleContexts(db, options.saleContextTtlMs ?? 2000);
  const seatFacts = seatFactCaches(db);
  // Every checkout reads them; staff change them rarely.
  const methods = reuseFor(options.saleContextTtlMs ?? 2000, () => deliveryMethods(db));
  return Baskets.of({
    saleContext: (eventId) =>
      Effect.flatMap(
        Effect.promise(() => saleContext(eventId)),
        (context) =>
          context
            ? Effect.succeed(context)
            : Effect.fail(new NotFound({ entity: 'Event', id: String(eventId) })),
      ),
    find: (basketId) =>
      Effect.promise(async () => {
        const found = await findBasketRows(db, basketId);
        return found ? basketOf(found.row, found.items) : null;
      }),
    open: (open) =>
      Effect.promise(async () => {
        const outcome = await inTransaction(db, async (trx) => {
          const locked = await openLocked(trx, open);
          return { basket: basketOf(locked.row, locked.items), created: locked.created };
        });
        if (!outcome.ok) throw new Error('opening a basket cannot be refused');
        return outcome.value;
      }),
    holdSeats: (hold) => settle(() => holdSeats(db, hold, seatFacts, options.holdConnections)),
    holdGeneralAdmission: (hold) => settle(() => holdGeneralAdmission(db, hold, seatFacts)),
    release: (basketId, itemIds) => settle(() => releaseItems(db, basketId, itemIds)),
    reprice: (request) => settle(() => reprice(db, request)),
    update: (basketId, change) => settle(() => updateBasket(db, basketId, change)),
    setProducts: (basketId, plan) => settle(() => setProducts(db, basketId, plan)),
    expire: (basketId) => Effect.promise(() => expireBasket(db, basketId)),
    releaseExpired: (basketId) => Effect.promise(() => releaseExpired(db, basketId)),
    deliveryMethods: () => Effect.promise(methods),
    productOffers: (eventIds) => Effect.promise(() => productOffers(db, eventIds)),
    marketingOptIns: () => Effect.promise(() => marketingOptIns(db)),
    cancelledEvents: (eventIds) =>
      Effect.promise(async () => {
        if (eventIds.length === 0) return [];
        const rows: { id: number; name: string }[] = await db('events')
          .whereRaw('id = any(?::int[])', [pgArray(eventIds)])
          .where({ status: 'Cancelled' })
          .orderBy('id')
          .select('id', 'name');
        return rows;
      }),
  });
};

/** The store with its own hold connections, closed when the layer is. */
export const BasketsPostgres = (db: Knex, options?: BasketsPostgresOptions) =>
  Layer.effect(
    Baskets,
    Effect.acquireRelease(
      Effect.sync(() => holdConnections(db)),
      (hold) => Effect.promise(() => hold.close()),
    ).pipe(Effect.map((hold) => makeBasketsPostgres(db, { ...options, holdConnections: hold.connections }))),
  );
