import {
  CalendarSeries,
  Event,
  EventList,
  type SvgData,
} from '../../../../adapters/http/contract/catalogue.ts';
import { Pricing, type EventInventory } from '../../../../adapters/http/contract/inventory.ts';
import type { z } from 'zod';
import { getJson, getParsed } from '../../api/api-client.ts';
import { isApiError } from '../../api/api-error.ts';
import { createInventoryGate, inventoryPath } from './inventory-request.ts';
import { SEAT_SELECTION_PATH, eventPath, priceCodesOf, pricingPath, svgDataPath } from './seatmap-paths.ts';
import { parseInventory, parseSvgData } from './wire.ts';

// The seat-selection screen's calls. Geometry is cacheable and large; the
// inventory is live and goes through the client-side throttle.

export type EventData = z.infer<typeof Event>;
/** The venue's seat-map geometry (sections, rows, seat positions) as GET /api/svg/svgdata returns it. */
export type VenueGeometry = z.infer<typeof SvgData>;
export type InventoryData = z.infer<typeof EventInventory>;
export type PricingData = z.infer<typeof Pricing>;
export type SeriesData = z.infer<typeof CalendarSeries>;

const inventoryGate = createInventoryGate();

export const fetchEvent = (eventId: number, signal?: AbortSignal) =>
  getJson(eventPath(eventId), Event, signal);

/** GET /api/eventinventory/{id}, throttled (a fifth call within 250 ms fails with 429 unsent). */
export const fetchInventory = (eventId: number, signal?: AbortSignal): Promise<InventoryData> =>
  inventoryGate(async () => (await getParsed(inventoryPath(eventId), parseInventory, signal)).data);

export const fetchPricing = (
  eventId: number,
  codes: { promoCode?: string; groupCode?: string; userId?: number },
  signal?: AbortSignal,
) => {
  return getJson(pricingPath(eventId, codes), Pricing, signal);
};

/** The geometry and its version (the ETag), which names the view-from-seat images. */
export const fetchSvgData = async (
  venueConfigId: number,
  signal?: AbortSignal,
): Promise<{ svg: VenueGeometry; version: string | undefined }> => {
  const { data, response } = await getParsed(svgDataPath(venueConfigId), parseSvgData, signal);
  const etag = response.headers.get('etag')?.replace(/^W\//, '').replaceAll('"', '');
  return { svg: data, version: etag || undefined };
};

export const fetchSeries = (code: string, eventId: number, signal?: AbortSignal) =>
  getJson(
    `/api/events/calendarseries/${encodeURIComponent(code)}?selectedEventId=${eventId}`,
    CalendarSeries,
    signal,
  );

/** The series' next performances, for changing date without leaving the map. */
export const fetchSeriesDates = (code: string, signal?: AbortSignal) =>
  getJson(`/api/events?${new URLSearchParams({ SeriesCode: code, Limit: '100' })}`, EventList, signal);

/** Everything the map needs before a seat can be drawn. */
export interface SeatMapData {
  readonly event: EventData;
  readonly pricing: PricingData;
  /** Null for a heavy on-sale event: its map is never loaded (it goes to best available). */
  readonly inventory: InventoryData | null;
  readonly svg: VenueGeometry | null;
  readonly svgVersion: string | undefined;
  /** The server's reason when the promo code in the URL was refused (prices are then without it). */
  readonly refusedCode?: string;
}

/**
 * Loads the map: the event, the prices and the live inventory at once, then the geometry as soon
 * as the event names its venue configuration. A heavy on-sale event stops there (its inventory
 * read is abandoned): it is sold by best available, not from the map. Asking for its inventory
 * first costs the server little: the inventory answer is a shared snapshot, gzipped once.
 */
export const loadSeatMap = async (
  eventId: number,
  codes: { promoCode?: string; groupCode?: string },
  signal?: AbortSignal,
): Promise<SeatMapData> => {
  performance.mark('seatmap:fetch-start');
  // A refused code must not cost the buyer the map: the prices are read again without it.
  const pricing: Promise<{ pricing: PricingData; refusedCode?: string }> = fetchPricing(
    eventId,
    codes,
    signal,
  ).then(
    (priced) => ({ pricing: priced }),
    (error: unknown) => {
      if (codes.promoCode && isApiError(error) && error.status >= 400 && error.status < 500)
        return fetchPricing(eventId, {}, signal).then((plain) => ({
          pricing: plain,
          refusedCode: error.serverMessage ?? '',
        }));
      throw error;
    },
  );
  const inventoryRead = new AbortController();
  const stopInventory = () => inventoryRead.abort();
  signal?.addEventListener('abort', stopInventory);
  const inventory = fetchInventory(eventId, inventoryRead.signal);
  // Reported below, once awaited (or not at all for a heavy on-sale event).
  pricing.catch(() => undefined);
  inventory.catch(() => undefined);
  try {
    const event = await fetchEvent(eventId, signal);
    if (event.UseHeavyOnSale) {
      stopInventory();
      return { event, ...(await pricing), inventory: null, svg: null, svgVersion: undefined };
    }
    const [loaded, svgData, priced] = await Promise.all([
      inventory,
      fetchSvgData(event.VenueConfigurationID, signal),
      pricing,
    ]);
    performance.mark('seatmap:data');
    return { event, ...priced, inventory: loaded, svg: svgData.svg, svgVersion: svgData.version };
  } finally {
    signal?.removeEventListener('abort', stopInventory);
  }
};

// The route starts loading as navigation begins, in parallel with the screen's code; the screen
// then takes the same promise instead of asking twice.
let early: { key: string; at: number; promise: Promise<SeatMapData> } | undefined;
const EARLY_FOR_MS = 10_000;

const loadKey = (eventId: number, codes: { promoCode?: string; groupCode?: string }) =>
  `${eventId}|${codes.promoCode ?? ''}|${codes.groupCode ?? ''}`;

export const prefetchSeatMap = (eventId: number, codes: { promoCode?: string; groupCode?: string }): void => {
  if (!Number.isSafeInteger(eventId) || eventId <= 0) return;
  const key = loadKey(eventId, codes);
  if (early?.key === key && performance.now() - early.at < EARLY_FOR_MS) return;
  const promise = loadSeatMap(eventId, codes);
  promise.catch(() => undefined); // the screen reports it
  early = { key, at: performance.now(), promise };
};

/** The prefetched load when it is fresh, else a new one. */
export const takeSeatMapLoad = (
  eventId: number,
  codes: { promoCode?: string; groupCode?: string },
  signal?: AbortSignal,
): Promise<SeatMapData> => {
  const key = loadKey(eventId, codes);
  if (early?.key === key && performance.now() - early.at < EARLY_FOR_MS) {
    const { promise } = early;
    early = undefined;
    return promise;
  }
  return loadSeatMap(eventId, codes, signal);
};

/** The route's loader: prefetch with the promo code of the URL, never waiting for it. */
export const prefetchSeatMapFor = (eventId: string, search: Record<string, unknown>): void =>
  prefetchSeatMap(Number(eventId), priceCodesOf(search));

/**
 * Opened straight on a seat map (a link, a reload), the map starts loading while the app itself
 * starts (strings, router), not after: this module is evaluated with the route table.
 */
export const prefetchFromLocation = (where: Location | undefined = globalThis.location): boolean => {
  const match = where ? SEAT_SELECTION_PATH.exec(where.pathname) : null;
  if (!match || !where) return false;
  prefetchSeatMapFor(match[1]!, Object.fromEntries(new URLSearchParams(where.search)));
  return true;
};
