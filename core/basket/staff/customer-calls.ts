import { Effect } from 'effect';
import { AuditLog } from '../../accounts/ports.ts';
import { NotFound } from '../../shared/errors.ts';
import { adminBasketView, auditBasket, type StaffMember } from './answer.ts';
import { AdminBasketRefused } from './errors.ts';
import { AdminBaskets, type CustomerRow } from './ports.ts';
import { liveBasket } from '../basket-answer.ts';
import { counterCustomer, customerSearchText } from './counter-customer.ts';

// Customers at the counter: find one by name, e-mail or phone, make one, assign one to the
// caller's basket or take them off; and the tickets of an order as basket items (re-selling,
// exchanges).

export const CUSTOMER_SEARCH_LIMIT = 20;

const customerView = (c: CustomerRow) => ({
  CustomerId: c.customerId,
  FirstName: c.firstName,
  LastName: c.lastName,
  Email: c.email,
  Phone: c.phone,
});

/** GET customers?search=: at most 20; fewer than 2 characters finds nobody. */
export const searchCustomers = (cmd: { readonly search?: string }) =>
  Effect.gen(function* () {
    const text = customerSearchText(cmd.search);
    if (text === null) return { Items: [] };
    const rows = yield* (yield* AdminBaskets).searchCustomers(text, CUSTOMER_SEARCH_LIMIT);
    return { Items: rows.map(customerView) };
  });

/** POST customers: a new customer at the counter. */
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
    return { CustomerId: added.customerId };
  });

/** PUT updatecustomer/{id} (customerId) or customer/remove (null). */
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
    return yield* adminBasketView(basket);
  });

/** GET basketItemsFromOrder/{orderId}: the order's active tickets as basket items. */
export const basketItemsFromOrder = (cmd: { readonly orderId: number }) =>
  Effect.gen(function* () {
    const lines = yield* (yield* AdminBaskets).orderTickets(cmd.orderId);
    if (lines === null) return yield* Effect.fail(new NotFound({ entity: 'Order', id: String(cmd.orderId) }));
    return {
      OrderId: cmd.orderId,
      Items: lines.map((l) => ({
        EventID: l.eventId,
        Key: l.key,
        SectionName: l.sectionName,
        Row: l.row,
        SeatNumber: l.seatNumber,
        PriceTypeID: l.priceTypeId,
        PriceTypeName: l.priceTypeName,
        Price: l.price,
        FeeTotal: l.feeTotal,
        IsGA: l.isGa,
      })),
    };
  });
