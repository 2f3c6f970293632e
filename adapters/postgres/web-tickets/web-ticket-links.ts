import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { WebTicketLinks } from '../../../core/web-tickets/ports.ts';

// The orders' web ticket tokens (migrations/20261214000300_web_tickets.ts): made by PostgreSQL
// with each order, read here.

export const WebTicketLinksPostgres = (db: Knex) =>
  Layer.succeed(WebTicketLinks, {
    orderIdOf: (token) =>
      Effect.promise(async () => {
        const row: { id: number } | undefined = await db('orders')
          .where({ web_tickets_token: token })
          .first('id');
        return row?.id ?? null;
      }),
    tokenOf: (orderId) =>
      Effect.promise(async () => {
        const row: { web_tickets_token: string } | undefined = await db('orders')
          .where({ id: orderId })
          .first('web_tickets_token');
        return row?.web_tickets_token ?? null;
      }),
  });
