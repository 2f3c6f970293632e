import { Clock, Effect } from 'effect';
import { mailTickets } from '../../orders/staff-orders/mail-tickets.ts';
import { OrderDocuments } from '../../orders/ports.ts';
import { NotFound } from '../../shared/errors.ts';
import { MailNotSent, ResendNotAllowed } from '../errors.ts';
import { CustomerAccounts } from '../ports.ts';
import { canResendTickets } from '../profile.ts';

/**
 * Resend Tickets from the account's orders list: the order's e-mail again, tickets attached, to
 * the order's address. Only the customer's own order, and only when canResendTickets allows it.
 */
export const resendTickets = (customerId: number, orderId: number) =>
  Effect.gen(function* () {
    const orders = yield* (yield* CustomerAccounts).orders(customerId);
    const order = orders.find((o) => o.id === orderId);
    if (!order) return yield* new NotFound({ entity: 'Order', id: String(orderId) });
    if (!canResendTickets(order, yield* Clock.currentTimeMillis)) return yield* new ResendNotAllowed();
    const doc = yield* OrderDocuments.use((documents) => documents.load(orderId));
    if (!doc) return yield* new NotFound({ entity: 'Order', id: String(orderId) });
    const message = yield* mailTickets(doc).pipe(
      Effect.catchTag('MailFailed', (failure) => Effect.fail(new MailNotSent({ reason: failure.reason }))),
    );
    return { to: message.to };
  });
