import type { Knex } from 'knex';

// Event plans: a set of slots bought together at one seat quantity (core/plans/README.md). A
// subscription plan's slots each offer several performances to choose from; a paired plan is a
// two-part show, its two slots bought side by side. Each slot lists the events it may use.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('event_plans', (t) => {
    t.increments('id');
    t.text('code').notNullable().unique(); // /tickets/plans/{code} and /tickets/pairedplans/{code}
    t.text('name').notNullable();
    t.text('display_name').notNullable();
    t.text('description').nullable();
    t.text('plan_type').notNullable(); // subscription, paired
    t.integer('min_quantity').nullable(); // null: 1 (core/plans/seat-quantity.ts)
    t.integer('max_quantity').nullable(); // null: the order's default ticket limit
    t.integer('default_seat_qty').nullable();
    t.integer('min_slots_for_purchase').nullable(); // null: 1 (core/plans/checkout-rules.ts)
    t.integer('max_slots_for_purchase').nullable(); // null: every slot
    t.boolean('require_same_seat_qty').notNullable().defaultTo(true);
    t.boolean('special_linked_event_setup').notNullable().defaultTo(false);
    t.integer('event_template_id').nullable().references('event_templates.id').onDelete('SET NULL');
    t.timestamp('on_sale_at', { useTz: true }).nullable();
    t.timestamp('off_sale_at', { useTz: true }).nullable();
    t.text('image_url').nullable();
    t.boolean('is_archived').notNullable().defaultTo(false);
    t.timestamps(true, true);
  });
  await knex.raw(
    `alter table event_plans add constraint event_plans_type check (plan_type in ('subscription','paired'))`,
  );
  await knex.raw(
    `alter table event_plans add constraint event_plans_quantities check (
       (min_quantity is null or min_quantity >= 1)
       and (max_quantity is null or max_quantity >= coalesce(min_quantity, 1))
       and (default_seat_qty is null or default_seat_qty >= 1)
       and (min_slots_for_purchase is null or min_slots_for_purchase >= 1)
       and (max_slots_for_purchase is null or max_slots_for_purchase >= coalesce(min_slots_for_purchase, 1)))`,
  );
  await knex.raw(
    `alter table event_plans add constraint event_plans_sale_window check (off_sale_at is null or on_sale_at is null or off_sale_at > on_sale_at)`,
  );

  await knex.schema.createTable('event_plan_slots', (t) => {
    t.increments('id');
    t.integer('event_plan_id').notNullable().references('event_plans.id').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.text('name').notNullable();
    t.boolean('is_required').notNullable().defaultTo(false);
    // The slot's event is one half of a special linked event: prices and fees show halved
    // (core/plans/linked-event-subtotal.ts).
    t.boolean('special_linked_event').notNullable().defaultTo(false);
    t.unique(['event_plan_id', 'position']);
  });

  await knex.schema.createTable('event_plan_slot_events', (t) => {
    t.integer('event_plan_slot_id').notNullable().references('event_plan_slots.id').onDelete('CASCADE');
    t.integer('event_id').notNullable().references('events.id').onDelete('CASCADE');
    t.primary(['event_plan_slot_id', 'event_id']);
    t.index(['event_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['event_plan_slot_events', 'event_plan_slots', 'event_plans'])
    await knex.schema.dropTableIfExists(table);
}
