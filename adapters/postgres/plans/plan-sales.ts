import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { PlanSales, type PlanEventFigures, type PlanItemsTag } from '../../../core/plans/ports.ts';
import { liveGaHeld, liveHold, noLiveHold } from '../inventory/seat-status/live-hold.ts';

// The plan basket's tag (baskets.event_plan_id / event_plan_code, basket_items.event_plan_slot_id:
// migrations/20261215000100_plan_basket_items.ts) and the plan box office's figures, counted with
// the live-hold predicate the holds themselves use (inventory/seat-status/live-hold.ts).

export const tagPlanItems = async (db: Knex, tag: PlanItemsTag): Promise<void> => {
  await db.transaction(async (trx) => {
    await trx('baskets').where({ id: tag.basketId }).update({
      event_plan_id: tag.plan.id,
      event_plan_code: tag.plan.code,
      special_linked_event_setup: tag.plan.specialLinkedEventSetup,
    });
    if (tag.itemIds.length > 0)
      await trx('basket_items')
        .where({ basket_id: tag.basketId, item_type: 'Ticket' })
        .whereIn('id', [...tag.itemIds])
        .update({ event_plan_slot_id: tag.slotId });
  });
};

/** Capacity (killed seats left out), sold, held by live baskets and open, per event. */
export const readEventFigures = async (
  db: Knex,
  eventIds: readonly number[],
): Promise<Map<number, PlanEventFigures>> => {
  if (eventIds.length === 0) return new Map();
  if (!eventIds.every(Number.isInteger)) throw new TypeError('event ids must be integers');
  const ids = `{${eventIds.join(',')}}`;
  const { rows } = await db.raw<{
    rows: { event_id: number; capacity: string; sold: string; held: string; available: string }[];
  }>(
    `select event_id, sum(capacity) as capacity, sum(sold) as sold, sum(held) as held, sum(available) as available
       from (
         select es.event_id,
                count(*) filter (where hs.is_kill is not true) as capacity,
                count(*) filter (where es.status = 'Sold') as sold,
                count(*) filter (where es.status <> 'Sold' and ${liveHold('es')}) as held,
                count(*) filter (where es.status = 'Open' and ${noLiveHold('es')}) as available
           from event_seats es
           left join hold_subclasses hs on hs.id = es.hold_subclass_id
          where es.event_id = any(?::int[])
          group by es.event_id
         union all
         select g.event_id, sum(g.capacity), sum(g.sold), sum(${liveGaHeld('g')}),
                sum(greatest(0, g.capacity - g.sold - ${liveGaHeld('g')}))
           from event_ga_sections g
          where g.event_id = any(?::int[])
          group by g.event_id
       ) places
      group by event_id`,
    [ids, ids],
  );
  return new Map(
    rows.map((r) => [
      r.event_id,
      {
        capacity: Number(r.capacity),
        sold: Number(r.sold),
        held: Number(r.held),
        available: Number(r.available),
      },
    ]),
  );
};

export const PlanSalesPostgres = (db: Knex) =>
  Layer.succeed(PlanSales, {
    tagPlanItems: (tag) => Effect.promise(() => tagPlanItems(db, tag)),
    eventFigures: (eventIds) => Effect.promise(() => readEventFigures(db, eventIds)),
  });
