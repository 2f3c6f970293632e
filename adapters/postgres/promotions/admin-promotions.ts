import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { AdminPromotions } from '../../../core/pricing/admin-promotions.ts';
import type { Promotion } from '../../../core/pricing/promotion-rules.ts';
import { NotFound } from '../../../core/shared/errors.ts';
import { promotionsOfSeries } from './promotion-rows.ts';

// The box office's reads of promotions (core/pricing/admin-promotions.ts), on promotion-rows.ts.

const allPromotions = async (db: Knex): Promise<Promotion[]> => {
  const series: { id: number }[] = await db('promotion_event_templates')
    .distinct('event_template_id as id')
    .orderBy('id');
  const seen = new Map<number, Promotion>();
  for (const { id } of series) for (const p of await promotionsOfSeries(db, id)) seen.set(p.id, p);
  return [...seen.values()];
};

export const AdminPromotionsPostgres = (db: Knex) =>
  Layer.succeed(AdminPromotions, {
    ofSeries: (seriesId) => Effect.promise(() => promotionsOfSeries(db, seriesId)),
    seriesOfEvent: (eventId) =>
      Effect.flatMap(
        Effect.promise(
          () =>
            db('events').where({ id: eventId }).first('event_template_id') as Promise<
              { event_template_id: number } | undefined
            >,
        ),
        (row) =>
          row
            ? Effect.succeed(row.event_template_id)
            : Effect.fail(new NotFound({ entity: 'Event', id: String(eventId) })),
      ),
    all: () => Effect.promise(() => allPromotions(db)),
  });
