import Boom from '@hapi/boom';
import type { Plugin, ResponseToolkit } from '@hapi/hapi';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Effect } from 'effect';
import type { z } from 'zod';
import { calendarSeries } from '../../../core/catalogue/calendar-series.ts';
import { eventsByMonth } from '../../../core/catalogue/events-by-month.ts';
import { eventDetails, listEvents } from '../../../core/catalogue/list-events.ts';
import { seatMapDrawing, seatMapGeometry, seatMapVersionOf } from '../../../core/catalogue/read-seat-map.ts';
import type { SeatMap } from '../../../core/catalogue/seat-map.ts';
import {
  PromotionRestricted,
  seriesPromotions,
  validatePromoCode,
} from '../../../core/catalogue/series-promotions.ts';
import { defineRoute, runUseCase } from '../route.ts';
import type { AppRuntime } from '../../wiring.ts';
import { createReadCache } from '../read-cache.ts';
import { promotionCustomerOf } from '../basket/caller.ts';
import {
  CalendarSeries,
  CalendarSeriesParams,
  CalendarSeriesQuery,
  Event,
  EventIdParams,
  EventList,
  EventListQuery,
  EventsByMonth,
  GetByMonthQuery,
  SeriesPromotion,
  SeriesPromotions,
  SeriesPromotionsQuery,
  SvgData,
  SvgDownloadQuery,
  ValidatePromoCodeQuery,
  VenueConfigParams,
} from '../contract/catalogue.ts';

// Seat geometry changes only when the map is edited: caches may keep it five minutes and then
// revalidate with the ETag (304 without reading a single seat).
const SEAT_MAP_CACHE = 'public, max-age=300';

const gzipAsync = promisify(gzip);

/** The serialized geometry of one seat-map version and its gzip, built once per process. */
interface GeometryBody {
  readonly version: string;
  readonly json: Buffer;
  readonly gzip: Buffer;
}

const svgData = (map: SeatMap): z.infer<typeof SvgData> => ({
  VenueConfigurationID: map.venueConfigurationId,
  Width: map.width,
  Height: map.height,
  FocalPoint: map.focalPoint,
  Sections: map.sections.map((s) => ({
    Code: s.code,
    Name: s.name,
    IsGA: s.isGA,
    LabelX: s.labelX,
    LabelY: s.labelY,
  })),
  Rows: map.seats.map((s) => ({ ...s })),
});

/** Answers 304 when the client already holds this version; undefined means "send it". */
const notModified = (h: ResponseToolkit, version: string) =>
  h.entity({ etag: version })?.header('cache-control', SEAT_MAP_CACHE);

// What a buyer is told when a promotion depends on who they are (the web shows the
// login-required modal on 401, the unavailable modal on 403).
const restrictedAnswer = (e: PromotionRestricted) =>
  e.reason === 'LoginRequired'
    ? Boom.unauthorized('Please log in to use this code.')
    : Boom.forbidden('This code is not available for your account.');

export const cataloguePlugin: Plugin<{
  runtime: AppRuntime;
  /** How long an event list, calendar or event answer may be served (default 1000 ms; 0: always read). */
  readTtlMs?: number | undefined;
}> = {
  name: 'foyer-catalogue',
  register: (server, { runtime, readTtlMs }) => {
    const geometryBodies = new Map<number, GeometryBody>();
    const answers = createReadCache({ ttlMs: readTtlMs });
    /** The use case's answer for this route and validated input, read at most once a second. */
    const cached = <A>(route: string, input: unknown, read: () => Promise<A>) =>
      answers.get(`${route} ${JSON.stringify(input)}`, read);
    server.route([
      defineRoute({
        method: 'GET',
        path: '/api/events',
        summary: 'Events from a day on (default today, venue time), in start order; Items + HasMore',
        tags: ['events'],
        query: EventListQuery,
        response: EventList,
        handler: async ({ query }): Promise<EventList> =>
          cached('events', query, () =>
            runUseCase(
              runtime,
              listEvents({
                limit: query.Limit,
                offset: query.Offset,
                ...(query.SeriesCode === undefined ? {} : { seriesCode: query.SeriesCode }),
                ...(query.StartDate === undefined ? {} : { startDate: query.StartDate }),
                ...(query.PerSeries === undefined ? {} : { perSeries: query.PerSeries }),
              }),
            ),
          ),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/events/{id}',
        summary: 'One event with local dates, availability and its seat-selection path',
        tags: ['events'],
        params: EventIdParams,
        response: Event,
        handler: async ({ params }): Promise<Event> =>
          cached('event', params.id, () => runUseCase(runtime, eventDetails(params.id))),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/events/calendarseries/{code}',
        summary: 'A series for its calendar: dates, settings, packages, listed promotions',
        tags: ['events'],
        params: CalendarSeriesParams,
        query: CalendarSeriesQuery,
        response: CalendarSeries,
        handler: async ({ params, query }): Promise<CalendarSeries> =>
          cached('calendarseries', [params.code, query], () =>
            runUseCase(
              runtime,
              calendarSeries({
                code: params.code,
                ...(query.selectedEventId === undefined ? {} : { selectedEventId: query.selectedEventId }),
              }),
            ),
          ),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/events/getbymonth',
        summary: "A series' events in the local month (venue time zone) of requestedTime",
        tags: ['events'],
        query: GetByMonthQuery,
        response: EventsByMonth,
        handler: async ({ query }): Promise<z.infer<typeof EventsByMonth>> =>
          cached('getbymonth', query, () =>
            runUseCase(
              runtime,
              eventsByMonth({ seriesCode: query.seriesCode, requestedTime: query.requestedTime }),
            ),
          ),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/svg/svgdata/{venueConfigId}',
        summary: 'Seat geometry of a venue configuration (cacheable, ETag)',
        tags: ['map'],
        params: VenueConfigParams,
        response: SvgData,
        handler: async ({ params, request, h }) => {
          const version = await runUseCase(runtime, seatMapVersionOf(params.venueConfigId));
          const cached = notModified(h, version);
          if (cached) return cached;
          // 20,000 rows cost ~0.4 s to read, serialize and gzip: do it once per map version.
          let body = geometryBodies.get(params.venueConfigId);
          if (!body || body.version !== version) {
            const { map, version: current } = await runUseCase(
              runtime,
              seatMapGeometry(params.venueConfigId),
            );
            const json = Buffer.from(JSON.stringify(svgData(map)));
            body = { version: current, json, gzip: await gzipAsync(json) };
            geometryBodies.set(params.venueConfigId, body);
          }
          const gzipped = request.info.acceptEncoding === 'gzip';
          const response = h
            .response(gzipped ? body.gzip : body.json)
            .type('application/json; charset=utf-8')
            .vary('accept-encoding')
            .etag(body.version)
            .header('cache-control', SEAT_MAP_CACHE);
          if (gzipped) response.compressed('gzip');
          return response;
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/svg/download/{venueConfigId}',
        summary: 'The floor plan drawing of a venue configuration (image/svg+xml, ETag)',
        tags: ['map'],
        params: VenueConfigParams,
        query: SvgDownloadQuery,
        handler: async ({ params, h }) => {
          const version = await runUseCase(runtime, seatMapVersionOf(params.venueConfigId));
          const cached = notModified(h, version);
          if (cached) return cached;
          const { drawing, version: current } = await runUseCase(
            runtime,
            seatMapDrawing(params.venueConfigId),
          );
          return h
            .response(drawing.svg)
            .type('image/svg+xml')
            .etag(current)
            .header('cache-control', SEAT_MAP_CACHE);
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/promotions/seriespromotions',
        summary: 'Promotions listed for a series (hidden presales left out; codes not given away)',
        tags: ['promotions'],
        query: SeriesPromotionsQuery,
        response: SeriesPromotions,
        handler: async ({ query }): Promise<SeriesPromotion[]> =>
          runUseCase(runtime, seriesPromotions(query.seriesCode)),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/promotions/validatepromocode',
        summary:
          'Whether a code (and one-time group code) unlocks a promotion for a series; uses nothing up. A code restricted to customer tags: 401 when no customer is signed in, 403 when theirs lacks the tag',
        tags: ['promotions'],
        query: ValidatePromoCodeQuery,
        response: SeriesPromotion,
        handler: async ({ query, request }): Promise<SeriesPromotion> => {
          const result = await runUseCase(
            runtime,
            validatePromoCode({
              promoCode: query.promoCode,
              ...(query.oneTimeGroupCode === undefined ? {} : { oneTimeGroupCode: query.oneTimeGroupCode }),
              eventTemplateCode: query.eventTemplateCode,
              // The signed-in customer's tags, as the session says; null for anyone else.
              customer: await promotionCustomerOf(runtime, request),
            }).pipe(Effect.catchTag('PromotionRestricted', (e) => Effect.succeed(e))),
          );
          if (result instanceof PromotionRestricted) throw restrictedAnswer(result);
          return result;
        },
      }),
    ]);
  },
};
