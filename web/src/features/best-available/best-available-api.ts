import { Event, SvgData } from '../../../../adapters/http/contract/catalogue.ts';
import { Pricing } from '../../../../adapters/http/contract/inventory.ts';
import { ReservedBestAvailable } from '../../../../adapters/http/contract/best-available.ts';
import { WaitingRoomRefusal, WaitingRoomStatus } from '../../../../adapters/http/contract/waiting-room.ts';
import { call, getJson } from '../../api/api-client.ts';
import { isApiError } from '../../api/api-error.ts';

// The calls of the heavy on-sale flow. Reserve is a GET that changes state (it holds seats), so
// it carries the CSRF header like a POST; a 403 from the waiting room is an answer, not an error.

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

export type ReserveOutcome =
  { readonly kind: 'reserved'; readonly answer: ReservedBestAvailable } | { readonly kind: 'waitingRoom' };

/** A 403 of the waiting room (the event is queueing buyers) is an answer, not an error. */
const isWaitingRoomRefusal = (error: unknown): boolean =>
  isApiError(error) && error.status === 403 && WaitingRoomRefusal.safeParse(error.body).success;

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
  const path = `/api/eventinventory/Web/reservebestavailable/${ask.eventId}?${reserveQuery(ask)}`;
  try {
    const { body } = await call('GET', path, { signal, changesState: true });
    return { kind: 'reserved', answer: ReservedBestAvailable.parse(body) };
  } catch (error) {
    if (isWaitingRoomRefusal(error)) return { kind: 'waitingRoom' };
    throw error;
  }
};

/**
 * Going back from heavy-on-sale results releases the basket. The basket's
 * DELETE deleteitemsheavyonsale when the server has it, else the block's items one by one.
 */
export const releaseBlock = async (itemIds: readonly number[]) => {
  const all = await call('DELETE', '/api/baskets/deleteitemsheavyonsale').then(
    () => true,
    () => false,
  );
  if (all || itemIds.length === 0) return;
  await call('PUT', '/api/baskets/removeItems', { body: { basketItemIds: itemIds } }).catch(() => undefined);
};

export const joinWaitingRoom = async (eventId: number, signal?: AbortSignal) =>
  WaitingRoomStatus.parse((await call('POST', `/api/waitingroom/${eventId}/join`, { signal })).body);
export const waitingRoomStatus = (eventId: number, signal?: AbortSignal) =>
  getJson(`/api/waitingroom/${eventId}/status`, WaitingRoomStatus, signal);
