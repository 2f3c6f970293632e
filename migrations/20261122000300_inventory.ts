import type { Knex } from 'knex';

// Inventory: sales channels, hold classes, per-event seat status and GA capacity. PostgreSQL is
// the source of truth for who has which seat, so any number of web nodes agree.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sales_channels', (t) => {
    t.increments('id');
    t.text('code').notNullable().unique(); // Web, BoxOffice, Phone, GroupSales, POS
    t.text('name').notNullable();
    t.boolean('is_admin').notNullable().defaultTo(false);
  });

  await knex.schema.createTable('hold_classes', (t) => {
    t.increments('id');
    t.text('name').notNullable().unique();
  });

  await knex.schema.createTable('hold_subclasses', (t) => {
    t.increments('id');
    t.integer('hold_class_id').notNullable().references('hold_classes.id');
    t.text('name').notNullable();
    t.boolean('is_kill').notNullable().defaultTo(false); // killed seats are never sold
    t.boolean('is_archived').notNullable().defaultTo(false);
    t.unique(['hold_class_id', 'name']);
  });

  // Which channels may see and sell a hold subclass's seats.
  await knex.schema.createTable('hold_subclass_sales_channels', (t) => {
    t.integer('hold_subclass_id').notNullable().references('hold_subclasses.id').onDelete('CASCADE');
    t.integer('sales_channel_id').notNullable().references('sales_channels.id').onDelete('CASCADE');
    t.primary(['hold_subclass_id', 'sales_channel_id']);
  });

  await knex.schema.createTable('event_seats', (t) => {
    t.integer('event_id').notNullable().references('events.id').onDelete('CASCADE');
    t.integer('seat_id').notNullable().references('seats.id').onDelete('CASCADE');
    t.integer('price_level_id').notNullable().references('price_levels.id');
    t.text('status').notNullable().defaultTo('Open'); // Open, Hold, Inquiry, Reserved, Sold
    t.integer('hold_subclass_id').nullable().references('hold_subclasses.id');
    // A basket hold: the seat is taken while held_until is in the future (checked in every
    // statement, so an expired hold is free even when no worker runs).
    t.uuid('basket_id').nullable();
    t.timestamp('held_until', { useTz: true }).nullable();
    t.integer('order_id').nullable();
    t.primary(['event_id', 'seat_id']);
  });
  await knex.raw(
    `alter table event_seats add constraint event_seats_status check (status in ('Open','Hold','Inquiry','Reserved','Sold')),
       add constraint event_seats_hold_pair check ((basket_id is null) = (held_until is null)),
       add constraint event_seats_hold_subclass check ((status = 'Hold') = (hold_subclass_id is not null))`,
  );
  await knex.raw(`create index event_seats_basket on event_seats (basket_id) where basket_id is not null`);

  await knex.schema.createTable('event_ga_sections', (t) => {
    t.integer('event_id').notNullable().references('events.id').onDelete('CASCADE');
    t.integer('section_id').notNullable().references('sections.id').onDelete('CASCADE');
    t.integer('price_level_id').notNullable().references('price_levels.id');
    t.integer('capacity').notNullable();
    t.integer('sold').notNullable().defaultTo(0);
    t.primary(['event_id', 'section_id']);
  });
  await knex.raw(
    `alter table event_ga_sections add constraint event_ga_sections_bounds check (capacity >= 0 and sold >= 0 and sold <= capacity)`,
  );
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'event_ga_sections',
    'event_seats',
    'hold_subclass_sales_channels',
    'hold_subclasses',
    'hold_classes',
    'sales_channels',
  ])
    await knex.schema.dropTableIfExists(table);
}
