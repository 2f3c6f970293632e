import { Basket } from '../../../../adapters/http/contract/basket.ts';
import {
  PlanBasketView,
  PlanBestAvailable,
  PlanBoxOffice,
  PlanReserved,
  type PlanAddItemsBody,
  type PlanReserveBestAvailableBody,
} from '../../../../adapters/http/contract/plan-basket.ts';
import { call, getJson, sendJson } from '../../api/api-client.ts';

// Buying a plan (adapters/http/contract/plan-basket.ts): the plan basket's state, the best seats
// for every show at once, and adding a slot's seats chosen on its performance's map.

/** Each slot's performance and seats held, the checkout problems; read afresh every time. */
export const fetchPlanBasket = async (signal?: AbortSignal) =>
  PlanBasketView.parse(
    (await call('GET', '/api/baskets/eventplans/mapBasketViewModel', { signal, noStore: true })).body,
  );

/** Proposes (holds nothing) the best seats together for each slot's chosen performance. */
export const fetchPlanBestAvailable = (
  planId: number,
  quantity: number,
  events: readonly { slotId: number; eventId: number }[],
  signal?: AbortSignal,
) => {
  const query = new URLSearchParams({ planId: String(planId), quantity: String(quantity) });
  if (events.length > 0) query.set('events', events.map((e) => `${e.slotId}:${e.eventId}`).join(','));
  return getJson(`/api/eventinventory/eventplans/bestavailable?${query}`, PlanBestAvailable, signal);
};

/** Holds the best seats of every slot at once, or none (409 PlanShort). */
export const reservePlanBestAvailable = (body: PlanReserveBestAvailableBody) =>
  sendJson('POST', '/api/eventinventory/eventplans/reserveBestAvailable', body, PlanReserved);

/** A slot's seats (basketItems) or GA quantities (ticketRequest) into the plan basket. */
export const addToPlanBasket = (body: PlanAddItemsBody, signal?: AbortSignal) =>
  sendJson('POST', '/api/baskets/eventplans/additems', body, Basket, signal);

/** The box office's figures of a plan's performances (staff with 'sell'). */
export const fetchPlanBoxOffice = (planId: number, signal?: AbortSignal) =>
  getJson(`/api/admin/eventinventory/${planId}/eventplanboxoffice`, PlanBoxOffice, signal);
