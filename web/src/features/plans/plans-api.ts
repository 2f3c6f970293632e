import { PlanCalendar, PlanInventory } from '../../../../adapters/http/contract/plans.ts';
import { getJson } from '../../api/api-client.ts';

// The plan screens' reads (adapters/http/plans/plugin.ts).

/** The plan of a code with its rules, slots and every performance. */
export const fetchPlanCalendar = (code: string, signal?: AbortSignal) =>
  getJson(`/api/events/eventplans/calendarseries/${encodeURIComponent(code)}`, PlanCalendar, signal);

/** Each slot's performances with what is left to sell of them. */
export const fetchPlanInventory = (planId: number, signal?: AbortSignal) =>
  getJson(`/api/eventinventory/eventplans/${planId}`, PlanInventory, signal);
