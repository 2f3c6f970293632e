import Boom from '@hapi/boom';
import type { Plugin, Request } from '@hapi/hapi';
import { Effect } from 'effect';
import { addRun, previewRun } from '../../../core/performances/add-performances.ts';
import { editPerformance, readPerformance } from '../../../core/performances/edit-performance.ts';
import type { NoSeatMap, StaleEdit } from '../../../core/performances/errors.ts';
import { addPriceType, changePriceType, listPriceTypes } from '../../../core/performances/price-types.ts';
import {
  readEventPrices,
  readTemplatePrices,
  saveEventPrices,
  saveTemplatePrices,
} from '../../../core/performances/prices.ts';
import { Performances, type Actor } from '../../../core/performances/ports.ts';
import type { RunRequest } from '../../../core/performances/run-request.ts';
import type { Weekday } from '../../../core/performances/run-expansion.ts';
import type { InvalidRequest } from '../../../core/shared/errors.ts';
import type { AppRuntime } from '../../wiring.ts';
import { staffOf } from '../accounts/session.ts';
import {
  EventPricesView,
  IdParams,
  PerformanceEdit,
  PerformanceView,
  PriceGridSave,
  PriceTypeChange,
  PriceTypeList,
  PriceTypeSave,
  PriceTypeView,
  RunAdded,
  RunBody,
  RunPreview,
  TemplateIdParams,
  TemplatePerformancesView,
  TemplatePricesView,
} from '../contract/performances.ts';
import { defineRoute, runUseCase } from '../route.ts';
import { gridOf, gridView, performanceView, priceTypeView, summaryView, templateView } from './views.ts';

// Adding performances to an event template and setting prices (core/performances/), for staff
// who manage events. The words of this capability's refusals are here (its own codes:
// StaleEdit 409, NoSeatMap 409); bad fields are 400 naming the field (adapters/http/errors.ts).

const tags = ['admin', 'performances'];
const permission = 'manageEvents' as const;

const STALE: Record<StaleEdit['what'], string> = {
  prices:
    'Someone else saved these prices while you were editing. Nothing was changed: reload to see theirs.',
  performance:
    'Someone else saved this performance while you were editing. Nothing was changed: reload to see their changes.',
  priceType: 'Someone else changed this price type while you were editing. Nothing was changed: reload it.',
};

const isTagged =
  <T extends string>(tag: T) =>
  (e: unknown): e is { _tag: T } =>
    typeof e === 'object' && e !== null && '_tag' in e && (e as { _tag: unknown })._tag === tag;

/** This capability's refusals in words; the shared ones (NotFound, InvalidRequest) go on. */
const refusals = <A, E, R>(program: Effect.Effect<A, E, R>) =>
  program.pipe(
    Effect.catchIf(isTagged('StaleEdit'), (e) =>
      Effect.die(Boom.conflict(STALE[(e as unknown as StaleEdit).what])),
    ),
    // The field also goes in Fields, so the screen puts the words beside it (web/src/api/api-error.ts).
    Effect.catchIf(isTagged('InvalidRequest'), (e) => {
      const { field, reason } = e as unknown as InvalidRequest;
      return Effect.die(Boom.badRequest(`${field}: ${reason}`, { body: { Fields: [field] } }));
    }),
    Effect.catchIf(isTagged('NoSeatMap'), () =>
      Effect.die(
        Boom.conflict(
          "This event template has no seat map, so its performances would have no seats. Choose the template's seat map first.",
        ),
      ),
    ),
  ) as Effect.Effect<A, Exclude<E, StaleEdit | NoSeatMap | InvalidRequest>, R>;

const actorOf = async (request: Request): Promise<Actor> => {
  const staff = await staffOf(request);
  if (!staff) throw Boom.unauthorized('Please sign in with a staff account.');
  return { staffUserId: staff.staffUserId, email: staff.email };
};

const runOf = (body: RunBody): RunRequest => ({
  from: body.From,
  to: body.To,
  slots: body.Days.map((d) => ({ weekday: d.Weekday as Weekday, time: d.Time })),
  onSale: body.OnSale,
  durationMinutes: body.DurationMinutes ?? null,
  offSaleMinutesBefore: body.OffSaleMinutesBefore ?? null,
  isPresale: body.IsPresale ?? false,
});

const templatePricesView = (read: Effect.Success<ReturnType<typeof readTemplatePrices>>) => ({
  Template: templateView(read.template),
  PriceTypes: read.priceTypes.map(priceTypeView),
  ...gridView(read.grid),
  Version: read.version,
});

const eventPricesView = (read: Effect.Success<ReturnType<typeof readEventPrices>>) => ({
  Performance: performanceView(read.performance),
  PriceTypes: read.priceTypes.map(priceTypeView),
  ...gridView(read.grid),
  Version: read.version,
});

export const performancesPlugin: Plugin<{ readonly runtime: AppRuntime }> = {
  name: 'foyer-performances',
  dependencies: ['foyer-session'],
  register: (server, { runtime }) => {
    server.route([
      defineRoute({
        method: 'GET',
        path: '/api/admin/performances/templates/{templateId}/prices',
        summary:
          "An event template's default price levels, prices and fees, with the price types and its seat map's zones",
        tags,
        permission,
        params: TemplateIdParams,
        response: TemplatePricesView,
        handler: async ({ params }) =>
          templatePricesView(await runUseCase(runtime, readTemplatePrices(params.templateId))),
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/admin/performances/templates/{templateId}/prices',
        summary:
          "Saves a template's default prices whole (new performances take them). 400 names the field; 409 when someone saved since Version",
        tags,
        permission,
        params: TemplateIdParams,
        payload: PriceGridSave,
        response: TemplatePricesView,
        handler: async ({ params, payload, request }) => {
          const by = await actorOf(request);
          return templatePricesView(
            await runUseCase(
              runtime,
              refusals(
                saveTemplatePrices({
                  templateId: params.templateId,
                  grid: gridOf(payload),
                  version: payload.Version,
                  by,
                }),
              ),
            ),
          );
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/performances/pricetypes',
        summary: 'The price types (Adult, Child, ...), in their order',
        tags,
        permission,
        response: PriceTypeList,
        handler: async () => ({
          PriceTypes: (await runUseCase(runtime, listPriceTypes())).map(priceTypeView),
        }),
      }),
      defineRoute({
        method: 'POST',
        path: '/api/admin/performances/pricetypes',
        summary: 'A new price type. 400 names the field (a code already used is refused)',
        tags,
        permission,
        payload: PriceTypeSave,
        response: PriceTypeView,
        handler: async ({ payload, request, h }) => {
          const by = await actorOf(request);
          const made = await runUseCase(
            runtime,
            addPriceType(
              { code: payload.Code, name: payload.Name, consumerVisible: payload.ConsumerVisible },
              by,
            ),
          );
          return h.response(priceTypeView(made)).code(201).header('cache-control', 'no-store');
        },
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/admin/performances/pricetypes/{id}',
        summary: 'Changes a price type if it still reads Previous (else 409). 400 names the field',
        tags,
        permission,
        params: IdParams,
        payload: PriceTypeChange,
        response: PriceTypeView,
        handler: async ({ params, payload, request }) => {
          const by = await actorOf(request);
          const input = (p: { Code: string; Name: string; ConsumerVisible: boolean }) => ({
            code: p.Code,
            name: p.Name,
            consumerVisible: p.ConsumerVisible,
          });
          return priceTypeView(
            await runUseCase(
              runtime,
              refusals(
                changePriceType({
                  id: params.id,
                  input: input(payload),
                  previous: input(payload.Previous),
                  by,
                }),
              ),
            ),
          );
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/performances/templates/{templateId}',
        summary: "An event template's performances, with seats sold of all",
        tags,
        permission,
        params: TemplateIdParams,
        response: TemplatePerformancesView,
        handler: async ({ params }) => {
          const [template, performances] = await runUseCase(
            runtime,
            Effect.gen(function* () {
              const store = yield* Performances;
              return [
                yield* store.template(params.templateId),
                yield* store.performancesOf(params.templateId),
              ] as const;
            }),
          );
          return { Template: templateView(template), Performances: performances.map(summaryView) };
        },
      }),
      defineRoute({
        method: 'POST',
        path: '/api/admin/performances/templates/{templateId}/preview',
        summary:
          'What adding a run would make: every start on the venue clock, those the template already has marked. Changes nothing',
        tags,
        permission,
        params: TemplateIdParams,
        payload: RunBody,
        response: RunPreview,
        handler: async ({ params, payload }) => {
          const { planned } = await runUseCase(
            runtime,
            refusals(previewRun(params.templateId, runOf(payload))),
          );
          const existing = planned.filter((p) => p.exists).length;
          return {
            Starts: planned.map((p) => ({ StartsAt: p.startsAt.toISOString(), Exists: p.exists })),
            New: planned.length - existing,
            Existing: existing,
          };
        },
      }),
      defineRoute({
        method: 'POST',
        path: '/api/admin/performances/templates/{templateId}',
        summary:
          "Adds one performance or a run, sellable at once with the template's prices; starts the template already has are skipped. 400 names the field; 409 when the template has no seat map",
        tags,
        permission,
        params: TemplateIdParams,
        payload: RunBody,
        response: RunAdded,
        handler: async ({ params, payload, request, h }) => {
          const by = await actorOf(request);
          const added = await runUseCase(
            runtime,
            refusals(addRun({ templateId: params.templateId, run: runOf(payload), by })),
          );
          return h
            .response({ Created: [...added.created], Skipped: added.skipped.map((d) => d.toISOString()) })
            .code(201)
            .header('cache-control', 'no-store');
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/performances/events/{id}',
        summary: 'One performance: its times, presale flag, version and seats sold',
        tags,
        permission,
        params: IdParams,
        response: PerformanceView,
        handler: async ({ params }) => performanceView(await runUseCase(runtime, readPerformance(params.id))),
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/admin/performances/events/{id}',
        summary:
          "Changes a performance's start, end, on-sale, off-sale and presale flag (times on the venue clock). A performance that has sold may move; its seat map never changes here. 409 when someone saved since Version",
        tags,
        permission,
        params: IdParams,
        payload: PerformanceEdit,
        response: PerformanceView,
        handler: async ({ params, payload, request }) => {
          const by = await actorOf(request);
          return performanceView(
            await runUseCase(
              runtime,
              refusals(
                editPerformance({
                  eventId: params.id,
                  edit: {
                    version: payload.Version,
                    startsAt: payload.StartsAt,
                    endsAt: payload.EndsAt,
                    onSaleAt: payload.OnSaleAt,
                    offSaleAt: payload.OffSaleAt,
                    isPresale: payload.IsPresale,
                  },
                  by,
                }),
              ),
            ),
          );
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/performances/events/{id}/prices',
        summary: "One performance's own price levels, prices and fees",
        tags,
        permission,
        params: IdParams,
        response: EventPricesView,
        handler: async ({ params }) => eventPricesView(await runUseCase(runtime, readEventPrices(params.id))),
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/admin/performances/events/{id}/prices',
        summary:
          "Saves one performance's prices whole (its levels stay: every zone keeps one). 400 names the field; 409 when someone saved since Version",
        tags,
        permission,
        params: IdParams,
        payload: PriceGridSave,
        response: EventPricesView,
        handler: async ({ params, payload, request }) => {
          const by = await actorOf(request);
          return eventPricesView(
            await runUseCase(
              runtime,
              refusals(
                saveEventPrices({ eventId: params.id, grid: gridOf(payload), version: payload.Version, by }),
              ),
            ),
          );
        },
      }),
    ]);
  },
};
