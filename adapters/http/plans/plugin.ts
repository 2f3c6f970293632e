import type { Plugin } from '@hapi/hapi';
import { planDetailsForBasket } from '../../../core/plans/plan-details-for-basket.ts';
import {
  planCalendar,
  planInventory,
  plansByMonth,
  requirePlanEvent,
} from '../../../core/plans/read-plans.ts';
import { consumerPricing, staffPricing } from '../../../core/pricing/view-pricing.ts';
import type { AppRuntime } from '../../wiring.ts';
import { identityOf, mayDo } from '../accounts/session.ts';
import { basketIdOf } from '../basket/basket-cookie.ts';
import { customerLookupOf } from '../basket/caller.ts';
import { ConsumerPricingQuery, Pricing } from '../contract/inventory.ts';
import {
  EventPlan,
  PlanCalendar,
  PlanCodeParams,
  PlanEventIdParams,
  PlanIdParams,
  PlanInventory,
  PlansByMonth,
  PlansByMonthQuery,
} from '../contract/plans.ts';
import { defineRoute, runUseCase } from '../route.ts';

// Event plans, read side: the plan screens' calls (core/plans/read-plans.ts). A plan slot's
// performance is priced as the event alone is (core/pricing/view-pricing.ts); the plan calls
// answer only for events some plan sells.

const tags = ['plans'];

export const plansPlugin: Plugin<{ readonly runtime: AppRuntime }> = {
  name: 'foyer-plans',
  register: (server, { runtime }) => {
    server.route([
      defineRoute({
        method: 'GET',
        path: '/api/events/eventplans/getbymonth',
        summary:
          "Plans with performances whose local start falls in the month of requestedTime (each plan read in its venue's time zone); planCode: that plan only",
        tags,
        query: PlansByMonthQuery,
        response: PlansByMonth,
        handler: async ({ query }) =>
          runUseCase(runtime, plansByMonth({ requestedTime: query.requestedTime, planCode: query.planCode })),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/events/eventplans/calendarseries/{planCode}',
        summary: 'A plan by its code with every performance of its slots, in start order',
        tags,
        params: PlanCodeParams,
        response: PlanCalendar,
        handler: async ({ params }) => runUseCase(runtime, planCalendar(params.planCode)),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/eventplans/{id}',
        summary:
          "A plan: quantity and slot rules, its slots with the events each may use (selectedEvent, slotInBasket: what the caller's plan basket holds for the slot), their series",
        tags,
        params: PlanIdParams,
        response: EventPlan,
        handler: async ({ params, request }) =>
          runUseCase(runtime, planDetailsForBasket(params.id, basketIdOf(request))),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/eventinventory/eventplans/{id}',
        summary:
          "A plan's slots with their performances, each with what is left to sell and its seat selection path",
        tags,
        params: PlanIdParams,
        response: PlanInventory,
        handler: async ({ params }) => runUseCase(runtime, planInventory(params.id)),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/eventinventory/eventplans/pricing/{eventId}',
        summary:
          "Price maps of a plan slot's performance: every price type for a staff session that may sell, the consumer view to anyone else; 404 for an event no plan sells",
        tags,
        params: PlanEventIdParams,
        response: Pricing,
        handler: async ({ params, request }) => {
          await runUseCase(runtime, requirePlanEvent(params.eventId));
          return (await mayDo(request, 'sell'))
            ? runUseCase(runtime, staffPricing(params.eventId))
            : runUseCase(runtime, consumerPricing({ eventId: params.eventId }));
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/eventinventory/eventplans/pricing/{eventId}/consumer',
        summary:
          "Price maps of a plan slot's performance for consumers, discounted by a valid promotion code; 404 for an event no plan sells",
        tags,
        params: PlanEventIdParams,
        query: ConsumerPricingQuery,
        response: Pricing,
        handler: async ({ params, query, request }) => {
          await runUseCase(runtime, requirePlanEvent(params.eventId));
          const identity = query.promoCode || query.userId ? await identityOf(request) : null;
          // Member price types only when userId names the signed-in customer.
          const member = identity?.kind === 'customer' && query.userId === identity.customerId;
          return runUseCase(
            runtime,
            consumerPricing({
              eventId: params.eventId,
              ...(query.promoCode === undefined ? {} : { promoCode: query.promoCode }),
              ...(query.groupCode === undefined ? {} : { groupCode: query.groupCode }),
              ...(identity?.kind === 'customer' ? { customer: customerLookupOf(runtime, request) } : {}),
              ...(member ? { member: customerLookupOf(runtime, request) } : {}),
            }),
          );
        },
      }),
    ]);
  },
};
