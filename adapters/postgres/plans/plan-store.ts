import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import {
  PlanStore,
  type PlanEventRecord,
  type PlanRecord,
  type PlanSlotRecord,
} from '../../../core/plans/ports.ts';
import { availabilityByEvent } from '../inventory/seat-status/availability.ts';

// The plan store's reads over event_plans, event_plan_slots and event_plan_slot_events
// (migrations/20261214000400_event_plans.ts). What is left of each performance is counted the
// way the catalogue counts it (inventory/seat-status/availability.ts).

interface PlanRow {
  id: number;
  code: string;
  name: string;
  display_name: string;
  description: string | null;
  plan_type: PlanRecord['planType'];
  min_quantity: number | null;
  max_quantity: number | null;
  default_seat_qty: number | null;
  min_slots_for_purchase: number | null;
  max_slots_for_purchase: number | null;
  require_same_seat_qty: boolean;
  special_linked_event_setup: boolean;
  event_template_id: number | null;
  on_sale_at: Date | null;
  off_sale_at: Date | null;
  image_url: string | null;
  time_zone: string | null;
}

// The plan's zone: its earliest performance's venue, else its series' venue.
const PLAN_SELECT = `
  select p.*, coalesce(
           (select v.time_zone
              from event_plan_slots s
              join event_plan_slot_events se on se.event_plan_slot_id = s.id
              join events e on e.id = se.event_id
              join venue_configurations vc on vc.id = e.venue_configuration_id
              join venues v on v.id = vc.venue_id
             where s.event_plan_id = p.id
             order by e.starts_at, e.id limit 1),
           (select v.time_zone from event_templates t join venues v on v.id = t.venue_id
             where t.id = p.event_template_id)) as time_zone
    from event_plans p
   where not p.is_archived`;

const planOf = (r: PlanRow): PlanRecord => ({
  id: r.id,
  code: r.code,
  name: r.name,
  displayName: r.display_name,
  description: r.description,
  planType: r.plan_type,
  minQuantity: r.min_quantity,
  maxQuantity: r.max_quantity,
  defaultSeatQty: r.default_seat_qty,
  minSlotsForPurchase: r.min_slots_for_purchase,
  maxSlotsForPurchase: r.max_slots_for_purchase,
  requireSameSeatQty: r.require_same_seat_qty,
  specialLinkedEventSetup: r.special_linked_event_setup,
  seriesId: r.event_template_id,
  onSaleAt: r.on_sale_at,
  offSaleAt: r.off_sale_at,
  imageUrl: r.image_url,
  timeZone: r.time_zone ?? 'UTC',
});

export const readPlans = async (db: Knex): Promise<PlanRecord[]> => {
  const { rows } = await db.raw<{ rows: PlanRow[] }>(`${PLAN_SELECT} order by p.code`);
  return rows.map(planOf);
};

export const readPlanById = async (db: Knex, id: number): Promise<PlanRecord | null> => {
  const { rows } = await db.raw<{ rows: PlanRow[] }>(`${PLAN_SELECT} and p.id = ?`, [id]);
  return rows[0] ? planOf(rows[0]) : null;
};

/**
 * The plan of that code, ignoring case; else the first plan sold under the series of that code
 * (the plan screens are also opened at /tickets/pairedplans/{seriesCode}).
 */
export const readPlanByCode = async (db: Knex, code: string): Promise<PlanRecord | null> => {
  const { rows } = await db.raw<{ rows: PlanRow[] }>(
    `${PLAN_SELECT}
       and (lower(p.code) = lower(:code)
            or p.event_template_id in (select id from event_templates where lower(code) = lower(:code)))
     order by (lower(p.code) = lower(:code)) desc, p.id
     limit 1`,
    { code },
  );
  return rows[0] ? planOf(rows[0]) : null;
};

interface SlotEventRow {
  slot_id: number;
  position: number;
  slot_name: string;
  is_required: boolean;
  special_linked_event: boolean;
  event_id: number | null;
  event_name: string | null;
  url_safe_name: string | null;
  series_id: number | null;
  series_code: string | null;
  series_name: string | null;
  series_description: string | null;
  starts_at: Date | null;
  on_sale_at: Date | null;
  use_heavy_on_sale: boolean | null;
  status: PlanEventRecord['status'] | null;
  time_zone: string | null;
}

export const readPlanSlots = async (db: Knex, planId: number): Promise<PlanSlotRecord[]> => {
  const { rows } = await db.raw<{ rows: SlotEventRow[] }>(
    `select s.id as slot_id, s.position, s.name as slot_name, s.is_required, s.special_linked_event,
            e.id as event_id, e.name as event_name, e.url_safe_name, t.id as series_id,
            t.code as series_code, t.display_name as series_name, t.description as series_description,
            e.starts_at, e.on_sale_at, e.use_heavy_on_sale, e.status, v.time_zone
       from event_plan_slots s
       left join event_plan_slot_events se on se.event_plan_slot_id = s.id
       left join events e on e.id = se.event_id
       left join event_templates t on t.id = e.event_template_id
       left join venue_configurations vc on vc.id = e.venue_configuration_id
       left join venues v on v.id = vc.venue_id
      where s.event_plan_id = ?
      order by s.position, s.id, e.starts_at, e.id`,
    [planId],
  );
  const eventIds = [...new Set(rows.flatMap((r) => (r.event_id === null ? [] : [r.event_id])))];
  const counts = await availabilityByEvent(db, eventIds);
  const slots = new Map<number, PlanSlotRecord & { events: PlanEventRecord[] }>();
  for (const r of rows) {
    let slot = slots.get(r.slot_id);
    if (!slot) {
      slot = {
        id: r.slot_id,
        position: r.position,
        name: r.slot_name,
        required: r.is_required,
        specialLinkedEvent: r.special_linked_event,
        events: [],
      };
      slots.set(r.slot_id, slot);
    }
    if (r.event_id === null) continue;
    slot.events.push({
      id: r.event_id,
      name: r.event_name!,
      urlSafeName: r.url_safe_name!,
      seriesId: r.series_id!,
      seriesCode: r.series_code!,
      seriesName: r.series_name!,
      seriesDescription: r.series_description,
      startsAt: r.starts_at!,
      onSaleAt: r.on_sale_at!,
      useHeavyOnSale: r.use_heavy_on_sale!,
      status: r.status!,
      timeZone: r.time_zone!,
      places: counts.get(r.event_id) ?? { open: 0, total: 0 },
    });
  }
  return [...slots.values()];
};

export const readIsPlanEvent = async (db: Knex, eventId: number): Promise<boolean> => {
  const row = await db('event_plan_slot_events as se')
    .join('event_plan_slots as s', 's.id', 'se.event_plan_slot_id')
    .join('event_plans as p', 'p.id', 's.event_plan_id')
    .where('se.event_id', eventId)
    .andWhere('p.is_archived', false)
    .first('se.event_id');
  return row !== undefined;
};

export const PlanStorePostgres = (db: Knex) =>
  Layer.succeed(PlanStore, {
    plans: () => Effect.promise(() => readPlans(db)),
    planById: (id) => Effect.promise(() => readPlanById(db, id)),
    planByCode: (code) => Effect.promise(() => readPlanByCode(db, code)),
    slots: (planId) => Effect.promise(() => readPlanSlots(db, planId)),
    isPlanEvent: (eventId) => Effect.promise(() => readIsPlanEvent(db, eventId)),
  });
