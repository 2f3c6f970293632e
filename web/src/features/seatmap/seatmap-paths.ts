// The seat-selection screen's read paths, without dependencies: the early script
// (web/src/early/start.ts) builds the same URLs as the screen, so the screen can take its answers.

/** /tickets/series/{eventCode}/{eventId} */
export const SEAT_SELECTION_PATH = /^\/tickets\/series\/[^/]+\/(\d+)\/?$/i;

export interface PriceCodes {
  readonly promoCode?: string;
  readonly groupCode?: string;
  /** A signed-in member's customer id: member price types too (features/memberships/member-user-id.ts). */
  readonly userId?: number;
}

export const eventPath = (eventId: number) => `/api/events/${eventId}`;

/** The inventory for the default sales channel, no hold subclasses (inventory-request.ts adds those). */
export const inventoryBasePath = (eventId: number) => `/api/eventinventory/${eventId}`;

export const svgDataPath = (venueConfigId: number) => `/api/svg/svgdata/${venueConfigId}`;

export const pricingPath = (eventId: number, codes: PriceCodes) => {
  const query = new URLSearchParams();
  if (codes.promoCode) query.set('promoCode', codes.promoCode);
  if (codes.groupCode) query.set('groupCode', codes.groupCode);
  if (codes.userId) query.set('userId', String(codes.userId));
  const text = query.toString();
  return `/api/eventinventory/pricing/${eventId}/consumer${text ? `?${text}` : ''}`;
};

/** The promo and group codes of the seat page's query (promo, groupCode), trimmed. */
export const priceCodesOf = (search: Record<string, unknown>): PriceCodes => {
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  const promoCode = text(search.promo);
  const groupCode = text(search.groupCode);
  return { ...(promoCode ? { promoCode } : {}), ...(groupCode ? { groupCode } : {}) };
};
