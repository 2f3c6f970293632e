import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { AdminBaskets } from '../../../../core/basket/staff/ports.ts';
import { addCustomer, searchCustomers } from '../../accounts/customer-search.ts';
import type { Outcome } from '../../sql/transaction.ts';
import { orderTickets } from '../order-items.ts';
import { readOverrides, repriceByHand, setCustomer, setSalesChannel } from './price-overrides.ts';
import { eventStarts, listSaved, saveBasket, savedState } from './saved-baskets.ts';

// The box office's side of the basket store on PostgreSQL (core/basket/staff/ports.ts).

const settle = <A, E>(run: () => Promise<Outcome<A, E>>): Effect.Effect<A, E> =>
  Effect.flatMap(Effect.promise(run), (outcome): Effect.Effect<A, E> =>
    outcome.ok ? Effect.succeed(outcome.value) : Effect.fail(outcome.error),
  );

export const AdminBasketsPostgres = (db: Knex) =>
  Layer.succeed(AdminBaskets, {
    listSaved: (query) => Effect.promise(() => listSaved(db, query)),
    savedState: (basketId) => Effect.promise(() => savedState(db, basketId)),
    eventStarts: (eventIds) => Effect.promise(() => eventStarts(db, eventIds)),
    save: (basketId, save) => settle(() => saveBasket(db, basketId, save)),
    overrides: (basketId) => Effect.promise(() => readOverrides(db, basketId)),
    reprice: (basketId, staffUserId, plan) => settle(() => repriceByHand(db, basketId, staffUserId, plan)),
    setCustomer: (basketId, customerId) => settle(() => setCustomer(db, basketId, customerId)),
    setSalesChannel: (basketId, channelId) => settle(() => setSalesChannel(db, basketId, channelId)),
    orderTickets: (orderId) => Effect.promise(() => orderTickets(db, orderId)),
    searchCustomers: (text, limit) => Effect.promise(() => searchCustomers(db, text, limit)),
    addCustomer: (customer) => settle(() => addCustomer(db, customer)),
  });
