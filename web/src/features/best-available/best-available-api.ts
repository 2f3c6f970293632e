import { Event, SvgData } from '../../../../adapters/http/contract/catalogue.ts';
import { Pricing } from '../../../../adapters/http/contract/inventory.ts';
import { ReservedBestAvailable } from '../../../../adapters/http/contract/best-available.ts';
import { WaitingRoomRefusal, WaitingRoomStatus } from '../../../../adapters/http/contract/waiting-room.ts';
import { ApiError } from '../../api/api-error.ts';
import { csrfHeaders } from '../../api/csrf-token.ts';
import { getJson, messageOf } from '../../api/get-json.ts';

// The calls of the heavy on-sale flow. Reserve is a GET in the spec that changes state, so it
// carries the CSRF header like a POST; a 403 from the waiting room is an answer, not an error.

export const fetchEvent = (eventId: number, signal?: AbortSignal) =>
  getJson(`/api/events/${eventId}`, Event, signal);

/** Consumer prices, with the buyer's promotion when one is given (a refused code answers 400). */
export const fetchPricing = (
  eventId: number,
  signal?: AbortSignal,
  codes: { promoCode?: string; groupCode?: string } = {},
) => {
  const query = new URLSearchParams();
  if (codes.promoCode) query.set('promoCode', codes.promoCode);
  if (codes.promoCode && codes.groupCode) query.set('groupCode', codes.groupCode);
  const text = query.toString();
  return getJson(`/api/eventinventory/pricing/${eventId}/consumer${text ? `?${text}` : ''}`, Pricing, signal);
};

export const fetchSeatGeometry = (venueConfigurationId: number, signal?: AbortSignal) =>
  getJson(`/api/svg/svgdata/${venueConfigurationId}`, SvgData, signal);

/** The first visit straight to this page may have no CSRF cookie yet: any answer sets it. */
const ensureCsrf = async (signal?: AbortSignal) => {
  if (Object.keys(csrfHeaders()).length === 0)
    await fetch('/healthz', { signal, credentials: 'same-origin' }).catch(() => undefined);
};

export type ReserveOutcome =
  { readonly kind: 'reserved'; readonly answer: ReservedBestAvailable } | { readonly kind: 'waitingRoom' };

const waitingRoomRefusal = async (response: Response): Promise<boolean> => {
  if (response.status !== 403) return false;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  return WaitingRoomRefusal.safeParse(body).success;
};

export interface ReserveAsk {
  readonly eventId: number;
  readonly quantity: number;
  readonly accessibleSeats?: number;
  readonly companionSeats?: number;
  /** The buyer's promotion (the page's promo and groupCode query), priced into the held seats. */
  readonly promoCode?: string;
  readonly groupCode?: string;
}

/** The reserve call's query: quantity, the accessible ask and the buyer's codes, when given. */
export const reserveQuery = (ask: ReserveAsk): URLSearchParams => {
  const query = new URLSearchParams({ quantity: String(ask.quantity) });
  if (ask.accessibleSeats) query.set('accessibleSeats', String(ask.accessibleSeats));
  if (ask.companionSeats) query.set('companionSeats', String(ask.companionSeats));
  const promo = ask.promoCode?.trim();
  if (promo) {
    query.set('promoCode', promo);
    const group = ask.groupCode?.trim();
    if (group) query.set('groupCode', group);
  }
  return query;
};

/** GET /api/eventinventory/Web/reservebestavailable/{id}: find the best seats and hold them. */
export const reserveBestAvailable = async (
  ask: ReserveAsk,
  signal?: AbortSignal,
): Promise<ReserveOutcome> => {
  await ensureCsrf(signal);
  const query = reserveQuery(ask);
  let response: Response;
  try {
    response = await fetch(`/api/eventinventory/Web/reservebestavailable/${ask.eventId}?${query}`, {
      headers: { accept: 'application/json', ...csrfHeaders() },
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0);
  }
  if (await waitingRoomRefusal(response)) return { kind: 'waitingRoom' };
  if (!response.ok) throw new ApiError(response.status, await messageOf(response));
  return { kind: 'reserved', answer: ReservedBestAvailable.parse(await response.json()) };
};

/**
 * Going back from heavy-on-sale results releases the basket. The basket's
 * DELETE deleteitemsheavyonsale when the server has it, else the block's items one by one.
 */
export const releaseBlock = async (itemIds: readonly number[]) => {
  await ensureCsrf();
  const headers = { accept: 'application/json', 'content-type': 'application/json', ...csrfHeaders() };
  const all = await fetch('/api/baskets/deleteitemsheavyonsale', {
    method: 'DELETE',
    headers,
    credentials: 'same-origin',
  }).catch(() => null);
  if (all?.ok || itemIds.length === 0) return;
  await fetch('/api/baskets/removeItems', {
    method: 'PUT',
    headers,
    credentials: 'same-origin',
    body: JSON.stringify({ basketItemIds: itemIds }),
  }).catch(() => undefined);
};

const waitingRoomCall = async (
  method: 'GET' | 'POST',
  eventId: number,
  path: 'join' | 'status',
  signal?: AbortSignal,
) => {
  if (method === 'POST') await ensureCsrf(signal);
  let response: Response;
  try {
    response = await fetch(`/api/waitingroom/${eventId}/${path}`, {
      method,
      headers: { accept: 'application/json', ...(method === 'POST' ? csrfHeaders() : {}) },
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0);
  }
  if (!response.ok) throw new ApiError(response.status, await messageOf(response));
  return WaitingRoomStatus.parse(await response.json());
};

export const joinWaitingRoom = (eventId: number, signal?: AbortSignal) =>
  waitingRoomCall('POST', eventId, 'join', signal);
export const waitingRoomStatus = (eventId: number, signal?: AbortSignal) =>
  waitingRoomCall('GET', eventId, 'status', signal);
