import { sendEarly } from '../api/early-requests.ts';
import {
  SEAT_SELECTION_PATH,
  eventPath,
  inventoryBasePath,
  priceCodesOf,
  pricingPath,
  svgDataPath,
} from '../features/seatmap/seatmap-paths.ts';
import { build } from '../i18n/build.ts';
import { formatLocale, warmDateFormatting } from '../i18n/local-date.ts';
import { initialLanguage } from '../i18n/saved-language.ts';
import { stringsUrl } from '../i18n/strings-url.ts';

// The page's first script, written into index.html by the build (web/vite.config.ts) and run as
// the page is parsed: it asks for what the page is known to need while the app's code (React,
// the router, Leaflet) is still on its way, so those answers arrive during the app's start-up
// instead of after it. The app takes them (api/early-requests.ts); anything it does not take is
// simply not used.

// Nothing renders before the strings (main.tsx).
sendEarly(stringsUrl('consumer', build, initialLanguage()));

// Opened straight on a seat map (bench/seatmap.ts): the event, its live inventory and prices,
// and the geometry.
const seat = SEAT_SELECTION_PATH.exec(location.pathname);
const eventId = Number(seat?.[1]);
if (seat && Number.isSafeInteger(eventId) && eventId > 0) {
  // The server names the geometry's address in the page (adapters/http/static/seat-map-preloads.ts);
  // without it (the dev server) the event names it, a round trip later.
  const named = document.querySelector('meta[name="foyer-reads"]')?.getAttribute('content')?.split(' ') ?? [];
  const geometry = named.find((path) => path.startsWith('/api/svg/svgdata/'));
  if (geometry) {
    sendEarly(eventPath(eventId));
    sendEarly(geometry, { parse: true });
  } else
    sendEarly(eventPath(eventId), {
      then: async (response) => {
        const event = (await response.json()) as { VenueConfigurationID?: unknown; UseHeavyOnSale?: unknown };
        // A heavy on-sale night goes to best available: its map is never read.
        if (Number.isSafeInteger(event.VenueConfigurationID) && event.UseHeavyOnSale !== true)
          sendEarly(svgDataPath(event.VenueConfigurationID as number), { parse: true });
      },
    });
  sendEarly(inventoryBasePath(eventId), { parse: true });
  // The map's own code (Leaflet) and style, named by the build (web/vite.config.ts): fetched now,
  // evaluated when the app asks for them.
  const files = document.querySelector('meta[name="foyer-seat-map-files"]')?.getAttribute('content') ?? '';
  for (const href of files.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    if (href.endsWith('.css')) Object.assign(link, { rel: 'preload', as: 'style', href });
    else Object.assign(link, { rel: 'modulepreload', href });
    link.crossOrigin = '';
    document.head.append(link);
  }
  sendEarly(pricingPath(eventId, priceCodesOf(Object.fromEntries(new URLSearchParams(location.search)))));
}

// Every page shows dates: the first formatter is made while the page waits for its code.
// Not in an idle callback: the page's thread is busy reading the seat map's answers until the
// app's code arrives, and no idle moment came before the seat map needed the formatter.
setTimeout(() => warmDateFormatting(formatLocale(initialLanguage())), 0);
