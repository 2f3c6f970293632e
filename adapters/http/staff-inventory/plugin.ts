import type { Plugin } from '@hapi/hapi';
import { can } from '../../../core/accounts/staff/permissions.ts';
import {
  adminEventActionPath,
  adminEventActions,
} from '../../../core/inventory/box-office/admin-event-actions.ts';
import { searchToSell, viewBoxOffice } from '../../../core/inventory/box-office/box-office.ts';
import { BoxOfficeReads, type SellEventRow } from '../../../core/inventory/box-office/ports.ts';
import { parseHoldSubclassIds } from '../../../core/inventory/event-inventory.ts';
import { parseDay, usDay } from '../../../core/inventory/box-office/sell-search.ts';
import type { AppRuntime } from '../../wiring.ts';
import { staffOf } from '../accounts/session.ts';
import {
  BoxOfficeInventory,
  BoxOfficeInventoryQuery,
  EventIdParams,
  GroupSalesSeries,
  SellSearchAnswer,
  SellSearchQuery,
  SellTicketSeatMap,
  SellTicketSeatMapQuery,
  SeriesCodeParams,
  type SellEvent,
} from '../contract/staff-inventory.ts';
import { defineRoute, runUseCase } from '../route.ts';

// The clerk's selling screens: the staff seat map's inventory, the admin event pages the clerk
// may open from it, the home screen's search and the group-sales series. Reads only; every route
// needs a staff session that may sell (adapters/http/accounts/session.ts answers 401 and 403).

const tags = ['admin', 'box office'];

/** The staff seat map's address for a performance (web/src/routes/admin.tsx). */
export const sellUrlOf = (e: Pick<SellEventRow, 'seriesCode' | 'urlSafeName' | 'localDate' | 'eventId'>) => {
  const day = parseDay(e.localDate.slice(0, 10));
  const query = new URLSearchParams({
    ...(day ? { startDate: usDay(day) } : {}),
    eventId: String(e.eventId),
  });
  return `/admin/selltickets/seriestickets/${encodeURIComponent(e.seriesCode)}/${encodeURIComponent(e.urlSafeName)}?${query}`;
};

const sellEventOf = (e: SellEventRow): SellEvent => {
  const day = parseDay(e.localDate.slice(0, 10));
  return {
    EventID: e.eventId,
    Name: e.name,
    UrlSafeName: e.urlSafeName,
    SeriesCode: e.seriesCode,
    SeriesName: e.seriesName,
    LocalDate: e.localDate,
    StartDate: day ? usDay(day) : '',
    VenueName: e.venueName,
    Open: e.open,
    Total: e.total,
    SellUrl: sellUrlOf(e),
  };
};

export const adminInventoryPlugin: Plugin<{ runtime: AppRuntime }> = {
  name: 'foyer-admin-inventory',
  register: (server, { runtime }) => {
    server.route([
      defineRoute({
        method: 'GET',
        path: '/api/admin/eventinventory/{id}/boxoffice',
        summary:
          "The staff seat map's live layer: holds by subclass (sellable when asked for with holdSubclassIds and the role may sell them), seats in other live baskets as Reserved, sold seats with their order, the seat-info fields",
        tags,
        permission: 'sell',
        params: EventIdParams,
        query: BoxOfficeInventoryQuery,
        response: BoxOfficeInventory,
        handler: async ({ params, query, request, h }) => {
          const staff = await staffOf(request);
          const view = await runUseCase(
            runtime,
            viewBoxOffice(params.id, {
              manageHolds: staff !== null && can(staff.role, 'manageHolds'),
              requested: parseHoldSubclassIds(query.holdSubclassIds),
            }),
          );
          return h.response(view).header('cache-control', 'no-store');
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/sellticketseatmap',
        summary:
          'The staff seat map of an event: its header, the calls the map reads, and the admin event pages (AttendanceMap, Holds, PriceLevels, AccessibleSeating, SeatTags) the caller may open',
        tags,
        permission: 'sell',
        query: SellTicketSeatMapQuery,
        response: SellTicketSeatMap,
        handler: async ({ query, request }) => {
          const staff = await staffOf(request);
          const header = await runUseCase(
            runtime,
            BoxOfficeReads.use((reads) => reads.eventHeader(query.eventId)),
          );
          const actions = adminEventActions((permission) => staff !== null && can(staff.role, permission));
          return {
            EventID: header.eventId,
            EventName: header.name,
            SeriesCode: header.seriesCode,
            SeriesName: header.seriesName,
            LocalDate: header.localDate,
            VenueName: header.venueName,
            VenueConfigurationID: header.venueConfigurationId,
            Actions: actions,
            Links: actions.map((Key) => ({ Key, Path: adminEventActionPath(Key, header.eventId) })),
            InventoryUrl: `/api/admin/eventinventory/${header.eventId}/boxoffice`,
            PricingUrl: `/api/eventinventory/pricing/${header.eventId}`,
            SvgDataUrl: `/api/svg/svgdata/${header.venueConfigurationId}`,
          };
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/sell/search',
        summary:
          "The clerk's search on the selling home screen: upcoming series and performances matching q (a name, a series code, or a date typed as MM-DD-YYYY) and date (MM-DD-YYYY, the venue's day); empty lists what is coming up. 400 names the field",
        tags,
        permission: 'sell',
        query: SellSearchQuery,
        response: SellSearchAnswer,
        handler: async ({ query }) => {
          const found = await runUseCase(runtime, searchToSell(query));
          return {
            Series: found.series.map((s) => ({
              ID: s.seriesId,
              Code: s.code,
              Name: s.name,
              UpcomingCount: s.upcomingCount,
              NextLocalDate: s.nextLocalDate,
              SellUrl: `/admin/selltickets/seriestickets/${encodeURIComponent(s.code)}`,
            })),
            Events: found.events.map(sellEventOf),
          };
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/eventtemplates/groupsalesseries/{code}',
        summary:
          'A series for the group-sales channel: its upcoming performances with places open and the seats held for group sales (404 unknown code)',
        tags,
        permission: 'sell',
        params: SeriesCodeParams,
        response: GroupSalesSeries,
        handler: async ({ params }) => {
          const series = await runUseCase(
            runtime,
            BoxOfficeReads.use((reads) => reads.groupSalesSeries(params.code)),
          );
          return {
            ID: series.seriesId,
            Code: series.code,
            Name: series.name,
            Events: series.events.map((e) => ({ ...sellEventOf(e), GroupHeldSeats: e.groupHeldSeats })),
          };
        },
      }),
    ]);
  },
};
