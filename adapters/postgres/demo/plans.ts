import type { Knex } from 'knex';

// The demo's event plans (migrations/20261214000400_event_plans.ts): a three-show season
// subscription over the coming Hamlet, Winter Crossing and comedy performances (one show of each,
// the buyer's choice of performance), and the two-show pass of The Winter Crossing, whose two
// parts are a paired plan of linked events. Every show of a plan is priced in one currency (a
// basket is paid in one, core/basket/rules/one-currency.ts): the season leaves out the concerts of the
// Riverside Arena, priced in pounds.

/** Codes the plan screens open at: /tickets/plans/SEASON3 and /tickets/pairedplans/WINTERPASS. */
export const DEMO_SUBSCRIPTION_PLAN = 'SEASON3';
export const DEMO_PAIRED_PLAN = 'WINTERPASS';

/** How many coming performances each season slot offers. */
const CHOICES_PER_SLOT = 4;

interface DemoSlot {
  readonly name: string;
  readonly required: boolean;
  readonly specialLinkedEvent: boolean;
  readonly eventIds: readonly number[];
}

/**
 * The coming performances of the series, those on sale now first (then by start), so that every
 * slot has a performance to buy in a fresh demo. Heavy on-sales sell by queue and are left out
 * unless already on sale (the demo's waiting room is off, adapters/postgres/demo/settings.ts).
 */
const comingEvents = async (
  db: Knex,
  codes: readonly string[],
  now: Date,
  limit: number,
): Promise<number[]> => {
  const rows: { id: number }[] = await db('events as e')
    .join('event_templates as t', 't.id', 'e.event_template_id')
    .whereIn('t.code', codes)
    .andWhere('e.starts_at', '>', now)
    .andWhere((q) => q.where('e.use_heavy_on_sale', false).orWhere('e.on_sale_at', '<=', now))
    .andWhere('e.status', 'Active')
    .orderByRaw('(e.on_sale_at <= ?) desc, e.starts_at, e.id', [now])
    .limit(limit)
    .select('e.id');
  return rows.map((r) => r.id);
};

/**
 * Adds the demo plans over the demo's events (found by series code). Does nothing when the
 * season plan is already there, so a loaded demo is never doubled.
 */
export const insertDemoPlans = async (db: Knex, now: Date): Promise<void> => {
  if (await db('event_plans').where({ code: DEMO_SUBSCRIPTION_PLAN }).first('id')) return;
  const insertPlan = async (plan: Record<string, unknown>, slots: readonly DemoSlot[]) => {
    const [row] = await db('event_plans').insert(plan).returning<{ id: number }[]>('id');
    for (const [index, slot] of slots.entries()) {
      const [slotRow] = await db('event_plan_slots')
        .insert({
          event_plan_id: row!.id,
          position: index + 1,
          name: slot.name,
          is_required: slot.required,
          special_linked_event: slot.specialLinkedEvent,
        })
        .returning<{ id: number }[]>('id');
      if (slot.eventIds.length > 0)
        await db('event_plan_slot_events').insert(
          slot.eventIds.map((id) => ({ event_plan_slot_id: slotRow!.id, event_id: id })),
        );
    }
  };

  await insertPlan(
    {
      code: DEMO_SUBSCRIPTION_PLAN,
      name: 'Three-Show Season',
      display_name: 'The Three-Show Season',
      description:
        'Hamlet, either part of The Winter Crossing and a comedy night, at the same seat quantity for every show.',
      plan_type: 'subscription',
      min_quantity: 2,
      max_quantity: 6,
      default_seat_qty: 2,
      min_slots_for_purchase: 3,
      max_slots_for_purchase: 3,
      require_same_seat_qty: true,
    },
    [
      {
        name: 'A play',
        required: true,
        specialLinkedEvent: false,
        eventIds: await comingEvents(db, ['HAMLET'], now, CHOICES_PER_SLOT),
      },
      {
        name: 'An epic',
        required: true,
        specialLinkedEvent: false,
        eventIds: await comingEvents(db, ['WINTER'], now, CHOICES_PER_SLOT),
      },
      {
        name: 'A comedy night',
        required: true,
        specialLinkedEvent: false,
        eventIds: await comingEvents(db, ['COMEDY'], now, CHOICES_PER_SLOT),
      },
    ],
  );

  const winter: { id: number } | undefined = await db('event_templates')
    .where({ code: 'WINTER' })
    .first('id');
  if (!winter) return;
  const parts = await comingEvents(db, ['WINTER'], now, 2);
  await insertPlan(
    {
      code: DEMO_PAIRED_PLAN,
      name: 'The Winter Crossing two-show pass',
      display_name: 'The Winter Crossing: both parts',
      description: 'Part One and Part Two in the same seats, on consecutive days.',
      plan_type: 'paired',
      min_quantity: 1,
      max_quantity: 8,
      min_slots_for_purchase: 2,
      max_slots_for_purchase: 2,
      require_same_seat_qty: true,
      special_linked_event_setup: true,
      event_template_id: winter.id,
    },
    parts.map((id, i) => ({
      name: i === 0 ? 'Part One' : 'Part Two',
      required: true,
      specialLinkedEvent: true,
      eventIds: [id],
    })),
  );
};
