import { Catalogue } from '../../../core/catalogue/ports.ts';
import type { AppRuntime } from '../../wiring.ts';

// A seat map opened straight from a link (/tickets/series/{eventCode}/{eventId}) needs four
// reads before a seat can be drawn, and the geometry's address is only known from the event.
// The page's answer names them in a Link header (rel=preload), so the browser asks for all
// four with the page itself, before any script has run; the app's own requests (the same URLs
// as web/src/features/seatmap/seatmap-paths.ts builds) are then answered from those. The page
// names them in a meta tag too, for its first script (web/src/early/start.ts), which cannot
// read the headers: it then need not wait for the event to learn the geometry's address.

const SEAT_SELECTION_PATH = /^\/tickets\/series\/[^/]+\/(\d+)\/?$/i;

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';

/** The API paths the seat map at this address reads first; none for other pages. */
export const seatMapPreloads =
  (runtime: AppRuntime) =>
  async (path: string, search: Record<string, unknown>): Promise<string[]> => {
    const eventId = Number(SEAT_SELECTION_PATH.exec(path)?.[1]);
    if (!Number.isSafeInteger(eventId) || eventId <= 0 || eventId > 2_147_483_647) return [];
    // Only where it is seated: the page's answer waits for this read.
    const event = await runtime.runPromise(Catalogue.use((catalogue) => catalogue.eventSeating(eventId)));
    // Unknown: the page says so without the map. Heavy on-sale: sold by best available.
    if (!event || event.useHeavyOnSale) return [];
    const query = new URLSearchParams();
    const promoCode = text(search.promo);
    const groupCode = text(search.groupCode);
    if (promoCode) query.set('promoCode', promoCode);
    if (groupCode) query.set('groupCode', groupCode);
    const priced = query.toString();
    return [
      `/api/events/${eventId}`,
      `/api/eventinventory/${eventId}`,
      `/api/eventinventory/pricing/${eventId}/consumer${priced ? `?${priced}` : ''}`,
      `/api/svg/svgdata/${event.venueConfigurationId}`,
    ];
  };

/** The Link header value: fetch preloads, same-origin, as fetch() sends them. */
export const preloadLinks = (paths: readonly string[]) =>
  paths.map((p) => `<${encodeURI(p)}>; rel=preload; as=fetch; crossorigin=anonymous`).join(', ');

const attribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** index.html with `<meta name="foyer-reads">` listing the paths, first in its head. */
export const withReadsNamed = (html: string, paths: readonly string[]) => {
  const meta = `<meta name="foyer-reads" content="${attribute(paths.join(' '))}">`;
  const head = /<head(\s[^>]*)?>/i.exec(html) ?? /<!doctype html>/i.exec(html);
  const at = head ? head.index + head[0].length : 0;
  return `${html.slice(0, at)}${meta}${html.slice(at)}`;
};
