import { Effect } from 'effect';
import { AuditLog } from '../../accounts/ports.ts';
import { NotFound } from '../../shared/errors.ts';
import { staffBasketAnswer, auditBasket, type StaffMember } from './answer.ts';
import { AdminBasketRefused } from './errors.ts';
import { AdminBaskets, type CustomerRow } from './ports.ts';
import { liveBasket } from '../basket-answer.ts';
import { counterCustomer, customerSearchText } from './counter-customer.ts';

// Customers at the counter: find one by name, e-mail or phone, make one, assign one to the
// caller's basket or take them off; and the tickets of an order as basket items (re-selling,
// exchanges).

export const CUSTOMER_SEARCH_LIMIT = 20;

/** The clerk's customer search: at most 20; fewer than 2 characters finds nobody. */
export const searchCustomers = (cmd: { readonly search?: string }) =>
  Effect.gen(function* () {
    const text = customerSearchText(cmd.search);
    if (text === null) return [] as readonly CustomerRow[];
    return yield* (yield* AdminBaskets).searchCustomers(text, CUSTOMER_SEARCH_LIMIT);
  });

/** A new customer at the counter: answers their id. */
export const addCounterCustomer = (cmd: {
  readonly staff: StaffMember;
  readonly firstName: string;
  readonly lastName: string;
  readonly email?: string | null;
  readonly phone?: string | null;
}) =>
  Effect.gen(function* () {
    const customer = counterCustomer(cmd);
    if (customer instanceof AdminBasketRefused) return yield* Effect.fail(customer);
    const added = yield* (yield* AdminBaskets).addCustomer(customer);
    yield* AuditLog.use((log) =>
      log.record({
        staff: cmd.staff,
        action: 'customer.add',
        status: 200,
        details: { by: cmd.staff.name, customerId: added.customerId },
      }),
    );
    return { customerId: added.customerId };
  });

/** The clerk assigns a customer to their basket (customerId), or takes them off (null). */
export const setBasketCustomer = (cmd: {
  readonly basketId: string | null;
  readonly staff: StaffMember;
  readonly customerId: number | null;
}) =>
  Effect.gen(function* () {
    const found = yield* liveBasket(cmd.basketId);
    const basket = yield* (yield* AdminBaskets).setCustomer(found.id, cmd.customerId);
    yield* auditBasket(
      cmd.staff,
      cmd.customerId === null ? 'basket.customer.remove' : 'basket.customer.assign',
      basket.id,
      { from: found.customerId, to: cmd.customerId },
    );
    return yield* staffBasketAnswer(basket);
  });

/** The order's active tickets, to put in a basket again (re-selling, exchanges). */
export const basketItemsFromOrder = (cmd: { readonly orderId: number }) =>
  Effect.gen(function* () {
    const lines = yield* (yield* AdminBaskets).orderTickets(cmd.orderId);
    if (lines === null) return yield* Effect.fail(new NotFound({ entity: 'Order', id: String(cmd.orderId) }));
    return { orderId: cmd.orderId, lines };
  });
