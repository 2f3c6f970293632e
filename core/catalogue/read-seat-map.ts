import { Effect } from 'effect';
import { NotFound } from '../shared/errors.ts';
import { Catalogue } from './ports.ts';
import { seatMapVersion, type SeatMap, type SeatMapDrawing } from './seat-map.ts';

const missing = (id: number) => new NotFound({ entity: 'Venue configuration', id: String(id) });

/** The cache validator of a seat map, read without loading its seats. */
export const seatMapVersionOf = (id: number): Effect.Effect<string, NotFound, Catalogue> =>
  Effect.gen(function* () {
    const updatedAt = yield* (yield* Catalogue).seatMapUpdatedAt(id);
    if (!updatedAt) return yield* missing(id);
    return seatMapVersion(id, updatedAt);
  });

/** The seat map's drawing: seat geometry and sections, with its cache validator. */
export const seatMapGeometry = (
  id: number,
): Effect.Effect<{ map: SeatMap; version: string }, NotFound, Catalogue> =>
  Effect.gen(function* () {
    const map = yield* (yield* Catalogue).seatMap(id);
    if (!map) return yield* missing(id);
    return { map, version: seatMapVersion(id, map.updatedAt) };
  });

/** GET /svg/download/{id}: the floor plan drawing, with its cache validator. */
export const seatMapDrawing = (
  id: number,
): Effect.Effect<{ drawing: SeatMapDrawing; version: string }, NotFound, Catalogue> =>
  Effect.gen(function* () {
    const drawing = yield* (yield* Catalogue).seatMapDrawing(id);
    if (!drawing) return yield* missing(id);
    return { drawing, version: seatMapVersion(id, drawing.updatedAt) };
  });
