// What names an order's web tickets in /tickets/bundle/{bundleId}/event/{eventId}: the order's
// number (only its buyer may open it: the basket it was bought with, as the confirmation page)
// or the order's link token (64 hex digits, from the order e-mail: anyone holding it may open it).

export type BundleId =
  { readonly kind: 'order'; readonly orderId: number } | { readonly kind: 'token'; readonly token: string };

export const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

/** The bundle id read, or null when it is neither an order number nor a token. */
export const parseBundleId = (bundleId: string): BundleId | null => {
  const text = bundleId.trim();
  if (/^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= 2_147_483_647)
    return { kind: 'order', orderId: Number(text) };
  const token = text.toLowerCase();
  return TOKEN_PATTERN.test(token) ? { kind: 'token', token } : null;
};

/** The page's path for a token and a performance. */
export const webTicketsPath = (token: string, eventId: number): string =>
  `/tickets/bundle/${token}/event/${eventId}`;
