import Boom from '@hapi/boom';
import type { Plugin } from '@hapi/hapi';
import { TillMovements } from '../../../core/boxoffice/ports.ts';
import { tillForDay } from '../../../core/boxoffice/till-report.ts';
import { parseTillDate } from '../../../core/boxoffice/till.ts';
import type { AppRuntime } from '../../wiring.ts';
import { TillFilters, TillQuery, TillReport } from '../contract/till.ts';
import { defineRoute, runUseCase } from '../route.ts';
import { tillReportBody } from './report-body.ts';

// The till at shift close: a day's takings per seller and counter (core/boxoffice/till.ts).

const tags = ['admin', 'reports'];

export const tillPlugin: Plugin<{ readonly runtime: AppRuntime }> = {
  name: 'foyer-till',
  register: (server, { runtime }) => {
    server.route([
      defineRoute({
        method: 'GET',
        path: '/api/admin/reports/till',
        summary:
          "A day's counter takings in the venue's time zone, per seller and counter: cash, checks, cards, comps, custom, refunds paid out, cash expected in the drawer, and the orders behind them. venueId: whose zone and currency (default the first venue)",
        tags,
        permission: 'viewReports',
        query: TillQuery,
        response: TillReport,
        handler: async ({ query }) => {
          const date = parseTillDate(query.date);
          if (!date) throw Boom.badRequest('date: must be a real day as YYYY-MM-DD.');
          const answer = await runUseCase(
            runtime,
            tillForDay({
              date,
              venueId: query.venueId ?? null,
              ...(query.sellerId === undefined ? {} : { sellerId: query.sellerId }),
              ...(query.counter === undefined ? {} : { counter: query.counter }),
            }),
          );
          return tillReportBody(query.date, answer);
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/reports/till/filters',
        summary: "The till's filters: every seller who took a counter payment, and every counter used",
        tags,
        permission: 'viewReports',
        response: TillFilters,
        handler: async () => {
          const choices = await runtime.runPromise(TillMovements.use((t) => t.filters()));
          return {
            Sellers: choices.sellers.map((s) => ({ SellerId: s.id, SellerName: s.name, Email: s.email })),
            Counters: [...choices.counters],
          };
        },
      }),
    ]);
  },
};
