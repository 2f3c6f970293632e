import type { Knex } from 'knex';

// A template's default prices: the price levels (one per zone of its seat map), the prices per
// level and price type, and the fees its new performances are given (adapters/postgres/performances/).
// Keyed by zone, not by an event's price level, so they outlive every performance. Also an
// off-sale instant per performance: after it the storefront and best-available stop selling
// (core/basket/rules/sale-rules.ts); the counter still may.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('event_template_price_levels', (t) => {
    t.increments('id');
    t.integer('event_template_id').notNullable().references('event_templates.id').onDelete('CASCADE');
    t.text('zone').notNullable();
    t.text('label').notNullable();
    t.text('color').notNullable();
    t.integer('display_order').notNullable().defaultTo(0);
    t.unique(['event_template_id', 'zone']);
  });
  await knex.raw(
    `alter table event_template_price_levels add constraint event_template_price_levels_color check (color ~ '^#[0-9a-fA-F]{6}$')`,
  );

  await knex.schema.createTable('event_template_prices', (t) => {
    t.integer('event_template_id').notNullable().references('event_templates.id').onDelete('CASCADE');
    t.text('zone').notNullable();
    t.integer('price_type_id').notNullable().references('price_types.id');
    t.integer('amount').notNullable();
    t.primary(['event_template_id', 'zone', 'price_type_id']);
  });
  await knex.raw(
    `alter table event_template_prices add constraint event_template_prices_amount check (amount >= 0)`,
  );

  await knex.schema.createTable('event_template_fees', (t) => {
    t.increments('id');
    t.integer('event_template_id').notNullable().references('event_templates.id').onDelete('CASCADE');
    t.text('zone').nullable(); // null: every level
    t.integer('price_type_id').nullable().references('price_types.id'); // null: every type
    t.text('name').notNullable();
    t.text('scope').notNullable();
    t.integer('amount').notNullable().defaultTo(0);
    t.integer('rate_bp').notNullable().defaultTo(0);
  });
  await knex.raw(
    `alter table event_template_fees add constraint event_template_fees_scope check (scope in ('Ticket','Order')),
       add constraint event_template_fees_nonneg check (amount >= 0 and rate_bp >= 0)`,
  );

  await knex.schema.alterTable('events', (t) => {
    t.timestamp('off_sale_at', { useTz: true }).nullable();
  });

  // Existing templates take their latest performance's levels, prices and fees as defaults.
  await knex.raw(`
    with latest as (
      select distinct on (e.event_template_id) e.event_template_id, e.id as event_id
        from events e
       order by e.event_template_id, e.starts_at desc, e.id desc
    ), levels as (
      insert into event_template_price_levels (event_template_id, zone, label, color, display_order)
      select l.event_template_id, pl.zone, pl.label, pl.color, pl.display_order
        from latest l join price_levels pl on pl.event_id = l.event_id
      returning event_template_id
    ), prices as (
      insert into event_template_prices (event_template_id, zone, price_type_id, amount)
      select l.event_template_id, pl.zone, p.price_type_id, p.amount
        from latest l
        join prices p on p.event_id = l.event_id
        join price_levels pl on pl.id = p.price_level_id
      returning event_template_id
    )
    insert into event_template_fees (event_template_id, zone, price_type_id, name, scope, amount, rate_bp)
    select l.event_template_id, pl.zone, f.price_type_id, f.name, f.scope, f.amount, f.rate_bp
      from latest l
      join fees f on f.event_id = l.event_id
      left join price_levels pl on pl.id = f.price_level_id`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => t.dropColumn('off_sale_at'));
  for (const table of ['event_template_fees', 'event_template_prices', 'event_template_price_levels'])
    await knex.schema.dropTableIfExists(table);
}
