import type { Plugin } from '@hapi/hapi';
import type { Knex } from 'knex';
import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { openApiDocument } from './openapi.ts';

export const systemPlugin: Plugin<{ db: Knex; version: string }> = {
  name: 'foyer-system',
  register: (server, { db, version }) => {
    server.route([
      defineRoute({
        method: 'GET',
        path: '/healthz',
        summary: 'Liveness: the process answers',
        tags: ['system'],
        response: z.object({ status: z.literal('ok'), version: z.string() }),
        handler: () => ({ status: 'ok' as const, version }),
      }),
      defineRoute({
        method: 'GET',
        path: '/readyz',
        summary: 'Readiness: the database answers and its schema is up to date',
        tags: ['system'],
        response: z.object({ status: z.enum(['ready', 'unavailable']), pendingMigrations: z.number().int() }),
        handler: async ({ h }) => {
          try {
            await db.raw('select 1');
            const [, pending] = (await db.migrate.list()) as [unknown[], unknown[]];
            const ready = pending.length === 0;
            return h
              .response({ status: ready ? 'ready' : 'unavailable', pendingMigrations: pending.length })
              .code(ready ? 200 : 503)
              .header('cache-control', 'no-store');
          } catch {
            return h
              .response({ status: 'unavailable', pendingMigrations: -1 })
              .code(503)
              .header('cache-control', 'no-store');
          }
        },
      }),
      {
        method: 'GET',
        path: '/api/openapi.json',
        options: { tags: ['system'] },
        handler: (_request, h) => h.response(openApiDocument(version)).header('cache-control', 'no-cache'),
      },
    ]);
  },
};
