import type { Plugin } from '@hapi/hapi';
import { planBoxOffice } from '../../../core/plans/plan-box-office.ts';
import type { AppRuntime } from '../../wiring.ts';
import { PlanBoxOffice } from '../contract/plan-basket.ts';
import { PlanIdParams } from '../contract/plans.ts';
import { defineRoute, runUseCase } from '../route.ts';

// The box office's view of a plan: each slot's performances with sold, held and open places
// (core/plans/plan-box-office.ts). Staff who may sell only.

export const planBoxOfficePlugin: Plugin<{ readonly runtime: AppRuntime }> = {
  name: 'foyer-plan-box-office',
  register: (server, { runtime }) => {
    server.route(
      defineRoute({
        method: 'GET',
        path: '/api/admin/eventinventory/{id}/eventplanboxoffice',
        summary:
          "A plan for the box office ({id}: the plan): its limits and each slot's performances with capacity, sold, held and available places",
        tags: ['plans'],
        permission: 'sell',
        params: PlanIdParams,
        response: PlanBoxOffice,
        handler: ({ params }) => runUseCase(runtime, planBoxOffice(params.id)),
      }),
    );
  },
};
