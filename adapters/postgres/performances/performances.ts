import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { StaleEdit, NoSeatMap } from '../../../core/performances/errors.ts';
import { gridVersion } from '../../../core/performances/price-grid.ts';
import { Performances, type Actor } from '../../../core/performances/ports.ts';
import { urlSafeName } from '../../../core/catalogue/storefront-urls.ts';
import { InvalidRequest, NotFound } from '../../../core/shared/errors.ts';
import { writeAudit } from '../accounts/audit-log.ts';
import { inTransaction, refuse, type Outcome } from '../sql/transaction.ts';
import { createPerformances } from './create-performances.ts';
import { readEventGrid, writeEventGrid } from './event-grid.ts';
import { readPerformanceRow, readPerformances } from './performance-rows.ts';
import { insertPriceType, isCodeTaken, readPriceTypes, updatePriceType } from './price-types.ts';
import { readTemplateGrid, takeDefaultsFromLatest, writeTemplateGrid } from './template-grid.ts';
import { readTemplate } from './templates.ts';

// The Performances port (core/performances/ports.ts) on PostgreSQL. Every write is one
// transaction with its audit row, so a change and its record commit together or not at all.
// Nothing here is cached: the storefront's and the counter's reads see a new performance or price
// within their own short caches (adapters/http/read-cache.ts, 1 s; a hold's sale context,
// adapters/postgres/basket/sale-context.ts, 2 s).

const audit = (trx: Knex.Transaction, by: Actor, action: string, details: Record<string, unknown>) =>
  writeAudit(trx, { staff: by, action, details });

const outcome = <A, E>(work: () => Promise<Outcome<A, E>>) =>
  Effect.flatMap(Effect.promise(work), (o) => (o.ok ? Effect.succeed(o.value) : Effect.fail(o.error)));

const codeTaken = (code: string) =>
  new InvalidRequest({ field: 'Code', reason: `the code ${code} is already used by another price type` });

/** Runs `work`; a code that is already taken comes back as InvalidRequest, not a fault. */
const guardCode = async <A, E>(
  code: string,
  work: () => Promise<Outcome<A, E>>,
): Promise<Outcome<A, E | InvalidRequest>> => {
  try {
    return await work();
  } catch (error) {
    if (isCodeTaken(error)) return { ok: false, error: codeTaken(code) };
    throw error;
  }
};

export const PerformancesPostgres = (db: Knex) => {
  const template = (templateId: number) =>
    Effect.flatMap(
      Effect.promise(() => readTemplate(db, templateId)),
      (t) =>
        t
          ? Effect.succeed(t)
          : Effect.fail(new NotFound({ entity: 'Event template', id: String(templateId) })),
    );
  const performance = (eventId: number) =>
    Effect.gen(function* () {
      const row = yield* Effect.promise(() => readPerformanceRow(db, eventId));
      if (!row) return yield* Effect.fail(new NotFound({ entity: 'Performance', id: String(eventId) }));
      const t = yield* template(row.templateId);
      const {
        templateId: _t,
        configurationName,
        timeZone,
        isoCurrencyCode,
        currencyLocale,
        ...summary
      } = row;
      return {
        ...summary,
        configurationName,
        template: { ...t, timeZone, isoCurrencyCode, currencyLocale },
      };
    });
  return Layer.succeed(Performances, {
    template,
    templateGrid: (templateId) =>
      Effect.promise(async () => {
        const grid = await readTemplateGrid(db, templateId);
        if (grid.levels.length > 0) return grid;
        await db.transaction((trx) => takeDefaultsFromLatest(trx, templateId));
        return readTemplateGrid(db, templateId);
      }),
    saveTemplateGrid: ({ templateId, grid, version, by }) =>
      outcome<void, StaleEdit>(() =>
        inTransaction(db, async (trx) => {
          await trx('event_templates').where({ id: templateId }).forUpdate().first('id');
          if (gridVersion(await readTemplateGrid(trx, templateId)) !== version)
            return refuse(new StaleEdit({ what: 'prices' }));
          await writeTemplateGrid(trx, templateId, grid);
          await audit(trx, by, 'performances.templatePrices', { templateId, grid });
        }),
      ),
    priceTypes: () => Effect.promise(() => readPriceTypes(db)),
    addPriceType: (input, by) =>
      outcome(() =>
        guardCode(input.code, () =>
          inTransaction(db, async (trx) => {
            const made = await insertPriceType(trx, input);
            await audit(trx, by, 'performances.priceTypeAdd', { priceType: made });
            return made;
          }),
        ),
      ),
    changePriceType: ({ id, input, previous, by }) =>
      outcome(() =>
        guardCode(input.code, () =>
          inTransaction<Awaited<ReturnType<typeof updatePriceType>> & object, NotFound | StaleEdit>(
            db,
            async (trx) => {
              const changed = await updatePriceType(trx, id, input, previous);
              if (!changed) {
                const exists = await trx('price_types').where({ id }).first('id');
                return refuse(
                  exists
                    ? new StaleEdit({ what: 'priceType' })
                    : new NotFound({ entity: 'Price type', id: String(id) }),
                );
              }
              await audit(trx, by, 'performances.priceTypeChange', {
                priceTypeId: id,
                from: previous,
                to: input,
              });
              return changed;
            },
          ),
        ),
      ),
    performancesOf: (templateId) => Effect.promise(() => readPerformances(db, templateId)),
    addPerformances: ({ templateId, schedules, isPresale, by }) =>
      outcome(() =>
        inTransaction<{ created: number[]; skipped: Date[] }, NoSeatMap | NotFound>(db, async (trx) => {
          // The template's row lock: two runs added at once cannot both make the same start.
          const t: { display_name: string; venue_configuration_id: number | null } | undefined = await trx(
            'event_templates',
          )
            .where({ id: templateId })
            .forUpdate()
            .first('display_name', 'venue_configuration_id');
          if (!t) return refuse(new NotFound({ entity: 'Event template', id: String(templateId) }));
          if (t.venue_configuration_id === null) return refuse(new NoSeatMap({ templateId }));
          const { ids, skipped } = await createPerformances(trx, {
            templateId,
            configurationId: t.venue_configuration_id,
            name: t.display_name,
            urlSafeName: urlSafeName(t.display_name),
            schedules,
            isPresale,
          });
          await audit(trx, by, 'performances.add', {
            templateId,
            eventIds: ids,
            starts: schedules.map((s) => s.startsAt.toISOString()),
            skipped: skipped.map((d) => d.toISOString()),
          });
          return { created: ids, skipped };
        }),
      ),
    performance,
    editPerformance: ({ eventId, version, schedule, isPresale, by }) =>
      Effect.gen(function* () {
        yield* outcome<void, StaleEdit | NotFound>(() =>
          inTransaction(db, async (trx) => {
            const before = await trx('events')
              .where({ id: eventId })
              .first('starts_at', 'ends_at', 'on_sale_at', 'off_sale_at', 'is_presale', 'version');
            if (!before) return refuse(new NotFound({ entity: 'Performance', id: String(eventId) }));
            const updated = await trx('events')
              .where({ id: eventId, version })
              .update({
                starts_at: schedule.startsAt,
                ends_at: schedule.endsAt,
                on_sale_at: schedule.onSaleAt,
                off_sale_at: schedule.offSaleAt,
                is_presale: isPresale,
                version: trx.raw('version + 1'),
                updated_at: trx.fn.now(),
              });
            if (updated === 0) return refuse(new StaleEdit({ what: 'performance' }));
            await audit(trx, by, 'performances.edit', {
              eventId,
              before,
              after: { ...schedule, isPresale },
            });
          }),
        );
        return yield* performance(eventId);
      }),
    eventGrid: (eventId) =>
      Effect.flatMap(performance(eventId), () => Effect.promise(() => readEventGrid(db, eventId))),
    saveEventGrid: ({ eventId, grid, version, by }) =>
      outcome<void, StaleEdit | NotFound>(() =>
        inTransaction(db, async (trx) => {
          const found = await trx('events').where({ id: eventId }).forUpdate().first('id');
          if (!found) return refuse(new NotFound({ entity: 'Performance', id: String(eventId) }));
          if (gridVersion(await readEventGrid(trx, eventId)) !== version)
            return refuse(new StaleEdit({ what: 'prices' }));
          await writeEventGrid(trx, eventId, grid);
          await audit(trx, by, 'performances.eventPrices', { eventId, grid });
        }),
      ),
  });
};
