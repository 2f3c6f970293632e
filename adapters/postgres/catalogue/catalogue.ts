import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { Catalogue } from '../../../core/catalogue/ports.ts';
import { eventById, eventSeating, searchEvents, seriesEventsBetween } from './event-rows.ts';
import { groupCodeOf, promotionsOfSeries, promotionWithCode } from '../promotions/promotion-rows.ts';
import { seatMapDrawingOf, seatMapOf, seatMapUpdatedAt } from './seat-map-rows.ts';
import { packagesOfSeries, seasonShowRanges, seriesWithCode } from './series-rows.ts';

/** The Catalogue port over PostgreSQL (knex). Reads only. */
export const CataloguePostgres = (db: Knex) =>
  Layer.succeed(Catalogue, {
    events: (search) => Effect.promise(() => searchEvents(db, search)),
    event: (id) => Effect.promise(() => eventById(db, id)),
    eventSeating: (id) => Effect.promise(() => eventSeating(db, id)),
    series: (code) => Effect.promise(() => seriesWithCode(db, code)),
    seriesEventsBetween: (seriesId, start, end) =>
      Effect.promise(() => seriesEventsBetween(db, seriesId, start, end)),
    seasonShowRanges: (seriesId) => Effect.promise(() => seasonShowRanges(db, seriesId)),
    packages: (seriesId) => Effect.promise(() => packagesOfSeries(db, seriesId)),
    seriesPromotions: (seriesId) => Effect.promise(() => promotionsOfSeries(db, seriesId)),
    promotionByCode: (code) => Effect.promise(() => promotionWithCode(db, code)),
    groupCode: (promotionId, code) => Effect.promise(() => groupCodeOf(db, promotionId, code)),
    seatMapUpdatedAt: (id) => Effect.promise(() => seatMapUpdatedAt(db, id)),
    seatMap: (id) => Effect.promise(() => seatMapOf(db, id)),
    seatMapDrawing: (id) => Effect.promise(() => seatMapDrawingOf(db, id)),
  });
