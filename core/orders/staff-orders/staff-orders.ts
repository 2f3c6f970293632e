import { Effect } from 'effect';
import { AuditLog } from '../../accounts/ports.ts';
import type { AfterSaleActor } from '../after-sale.ts';
import { OrderNotFound, ResendRefused } from '../after-sale-errors.ts';
import { mailTickets, withTicketsOnly } from './mail-tickets.ts';
import { OrderDocuments } from '../ports.ts';
import { StaffOrders } from './ports.ts';
import type { OrderSearchFilter, StaffOrderDetail } from './views.ts';

// Orders for staff after the sale: finding one, reading its whole story, noting something on it,
// e-mailing its tickets again.

export const searchOrders = (filter: OrderSearchFilter) => StaffOrders.use((orders) => orders.search(filter));

export const orderDetail = (orderId: number) =>
  Effect.gen(function* () {
    const record = yield* StaffOrders.use((orders) => orders.detail(orderId));
    if (!record) return yield* new OrderNotFound({ orderId });
    const audit = yield* AuditLog.use((log) => log.forOrder(orderId));
    return { ...record, audit } satisfies StaffOrderDetail as StaffOrderDetail;
  });

export const addOrderNote = (orderId: number, actor: AfterSaleActor, text: string) =>
  Effect.gen(function* () {
    const note = yield* StaffOrders.use((orders) => orders.addNote(orderId, actor, text));
    if (!note) return yield* new OrderNotFound({ orderId });
    return note;
  });

/**
 * The order's e-mail again, to the order's address, with its Active tickets only (a cancelled
 * ticket's barcode no longer admits anyone and is not sent out again).
 */
export const resendOrderTickets = (orderId: number) =>
  Effect.gen(function* () {
    const active = yield* StaffOrders.use((orders) => orders.activeTicketIds(orderId));
    const doc = yield* OrderDocuments.use((documents) => documents.load(orderId));
    if (active === null || doc === null) return yield* new OrderNotFound({ orderId });
    if (!doc.buyer.email) return yield* new ResendRefused({ orderId, code: 'NoEmail' });
    if (active.length === 0) return yield* new ResendRefused({ orderId, code: 'NoActiveTickets' });
    const message = yield* mailTickets(withTicketsOnly(doc, active));
    return { email: doc.buyer.email, to: message.to };
  });
