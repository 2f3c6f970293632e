import type { Plugin } from '@hapi/hapi';
import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { openApiDocument } from './openapi.ts';

export interface SystemPluginOptions {
  /** Migrations not yet applied; fails when the database does not answer. */
  readonly pendingMigrations: () => Promise<number>;
  readonly version: string;
}

export const systemPlugin: Plugin<SystemPluginOptions> = {
  name: 'foyer-system',
  register: (server, { pendingMigrations, version }) => {
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
            const pending = await pendingMigrations();
            const ready = pending === 0;
            return h
              .response({ status: ready ? 'ready' : 'unavailable', pendingMigrations: pending })
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
