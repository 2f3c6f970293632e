import { Context, type Effect } from 'effect';

// The web tickets' links (adapters/postgres/web-tickets/): each order has one random token, made
// with the order, that the order e-mail's link carries; whoever holds it sees the order's tickets.

export class WebTicketLinks extends Context.Service<
  WebTicketLinks,
  {
    /** The order the token belongs to; null for a token no order has. */
    readonly orderIdOf: (token: string) => Effect.Effect<number | null>;
    /** The order's token; null when there is no such order. */
    readonly tokenOf: (orderId: number) => Effect.Effect<string | null>;
  }
>()('foyer/web-tickets/WebTicketLinks') {}
