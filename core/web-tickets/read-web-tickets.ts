import { Effect } from 'effect';
import { OrderUnauthorized } from '../orders/errors.ts';
import { Orders } from '../orders/ports.ts';
import { NotFound } from '../shared/errors.ts';
import { parseBundleId } from './bundle-id.ts';
import { WebTicketLinks } from './ports.ts';
import { webTicketsView } from './web-tickets-view.ts';

// The buyer's web tickets: an order's tickets for one performance.
// By order number only its buyer may read them (the basket the order was bought with, as
// core/orders/checkout/read-order.ts); by the order's link token anyone holding the link may. An unknown
// token and a performance the order has no tickets for are both "not found": nothing tells a
// guessed token from a wrong one.

export const readWebTickets = (request: {
  readonly bundleId: string;
  readonly eventId: number;
  readonly basketId: string | null;
}) =>
  Effect.gen(function* () {
    const notFound = new NotFound({ entity: 'Web tickets', id: `${request.bundleId}/${request.eventId}` });
    const bundle = parseBundleId(request.bundleId);
    if (!bundle) return yield* Effect.fail(notFound);
    const links = yield* WebTicketLinks;
    const orderId = bundle.kind === 'order' ? bundle.orderId : yield* links.orderIdOf(bundle.token);
    if (orderId === null) return yield* Effect.fail(notFound);
    const record = yield* (yield* Orders).order(orderId);
    if (!record) return yield* Effect.fail(notFound);
    if (bundle.kind === 'order' && (request.basketId === null || record.basketId !== request.basketId))
      return yield* Effect.fail(new OrderUnauthorized({ orderId }));
    const token = bundle.kind === 'token' ? bundle.token : yield* links.tokenOf(orderId);
    const view = token === null ? null : webTicketsView(record, request.eventId, token);
    return view ?? (yield* Effect.fail(notFound));
  });
