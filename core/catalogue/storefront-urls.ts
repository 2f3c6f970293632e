// Storefront paths the API hands to the web (/tickets/series/...).

/**
 * Where "select seats" leads: the seat map, or best-available for heavy on-sale events, whose
 * buyers are queued for a computed seat block instead of browsing the map.
 */
export const selectSeatsUrl = (seriesCode: string, eventId: number, useHeavyOnSale: boolean): string => {
  const base = `/tickets/series/${encodeURIComponent(seriesCode)}/${eventId}`;
  return useHeavyOnSale ? `${base}/bestAvailable` : base;
};

/** 'Hamlet: Opening Night!' -> 'hamlet-opening-night'; accents folded, never empty. */
export const urlSafeName = (name: string): string => {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'event';
};
