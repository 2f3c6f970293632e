import { Effect } from 'effect';
import { NotFound } from '../../shared/errors.ts';
import { OrderUnauthorized } from '../errors.ts';
import { confirmationView, hasTicketPdf, orderDocument } from '../order-views.ts';
import { OrderDocuments, Orders, TicketPdfs } from '../ports.ts';

// The buyer's own order (their confirmation page and their tickets' PDF). Accounts
// do not exist yet: the buyer is whoever holds the basket the order was made from (the
// foyer_basket cookie); anyone else is answered 401, the answer the storefront's
// /Order/Unauthorized page is shown for.

const ownOrder = (orderId: number, basketId: string | null) =>
  Effect.gen(function* () {
    const record = yield* (yield* Orders).order(orderId);
    if (!record) return yield* Effect.fail(new NotFound({ entity: 'Order', id: String(orderId) }));
    if (basketId === null || record.basketId !== basketId)
      return yield* Effect.fail(new OrderUnauthorized({ orderId }));
    return record;
  });

export const readConfirmation = (orderId: number, basketId: string | null) =>
  Effect.map(ownOrder(orderId, basketId), confirmationView);

/** All the order's tickets as one PDF (print-at-home and e-ticket orders). */
export const ticketsPdf = (orderId: number, basketId: string | null) =>
  Effect.gen(function* () {
    const record = yield* ownOrder(orderId, basketId);
    if (!hasTicketPdf(record))
      return yield* Effect.fail(new NotFound({ entity: 'Tickets PDF of order', id: String(orderId) }));
    const doc = yield* (yield* OrderDocuments).load(orderId);
    // The document store and the record agree; the link inside the PDF is the document's.
    const pdf = yield* (yield* TicketPdfs).render(doc ?? orderDocument(record, ''));
    return { name: record.name, pdf };
  });
