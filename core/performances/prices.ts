import { Effect } from 'effect';
import { InvalidRequest } from '../shared/errors.ts';
import { checkPriceGrid, gridVersion, type PriceGrid } from './price-grid.ts';
import { Performances, type Actor } from './ports.ts';

// A template's default prices and one performance's own prices, read for the grid screen and
// saved whole. The version is the grid's fingerprint: a save over someone else's is refused.

export const readTemplatePrices = (templateId: number) =>
  Effect.gen(function* () {
    const store = yield* Performances;
    const template = yield* store.template(templateId);
    const [priceTypes, grid] = yield* Effect.all([store.priceTypes(), store.templateGrid(templateId)]);
    return { template, priceTypes, grid, version: gridVersion(grid) };
  });

const checked = (grid: PriceGrid, known: Parameters<typeof checkPriceGrid>[1]) => {
  const result = checkPriceGrid(grid, known);
  return result.ok ? Effect.succeed(result.grid) : Effect.fail(new InvalidRequest(result.problem));
};

export const saveTemplatePrices = (request: {
  readonly templateId: number;
  readonly grid: PriceGrid;
  readonly version: string;
  readonly by: Actor;
}) =>
  Effect.gen(function* () {
    const store = yield* Performances;
    const template = yield* store.template(request.templateId);
    if (template.configuration === null)
      return yield* Effect.fail(
        new InvalidRequest({
          field: 'Levels',
          reason: 'this template has no seat map, so it has no zones to price',
        }),
      );
    const types = yield* store.priceTypes();
    const grid = yield* checked(request.grid, {
      zones: template.zones,
      priceTypeIds: types.map((t) => t.id),
      allZones: false,
    });
    yield* store.saveTemplateGrid({ ...request, grid });
    return yield* readTemplatePrices(request.templateId);
  });

export const readEventPrices = (eventId: number) =>
  Effect.gen(function* () {
    const store = yield* Performances;
    const performance = yield* store.performance(eventId);
    const [priceTypes, grid] = yield* Effect.all([store.priceTypes(), store.eventGrid(eventId)]);
    return { performance, priceTypes, grid, version: gridVersion(grid) };
  });

/** A performance's levels stay (its seats point at them): labels, colours, prices and fees change. */
export const saveEventPrices = (request: {
  readonly eventId: number;
  readonly grid: PriceGrid;
  readonly version: string;
  readonly by: Actor;
}) =>
  Effect.gen(function* () {
    const store = yield* Performances;
    const current = yield* store.eventGrid(request.eventId);
    const types = yield* store.priceTypes();
    const grid = yield* checked(request.grid, {
      zones: current.levels.map((l) => l.zone),
      priceTypeIds: types.map((t) => t.id),
      allZones: true,
    });
    yield* store.saveEventGrid({ ...request, grid });
    return yield* readEventPrices(request.eventId);
  });
