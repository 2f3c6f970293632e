import type { Knex } from 'knex';

// Pricing: price levels per event, price types, prices and fees, promotions, packages
// (what the price map and promotions read). Money is integer minor units.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('price_types', (t) => {
    t.increments('id');
    t.text('code').notNullable().unique();
    t.text('name').notNullable();
    t.text('description').nullable();
    t.boolean('is_default').notNullable().defaultTo(false);
    t.boolean('is_comp').notNullable().defaultTo(false);
    t.boolean('consumer_visible').notNullable().defaultTo(true);
    t.integer('display_order').notNullable().defaultTo(0);
  });

  await knex.schema.createTable('price_levels', (t) => {
    t.increments('id');
    t.integer('event_id').notNullable().references('events.id').onDelete('CASCADE');
    t.text('zone').notNullable(); // matches seats.zone / sections.zone
    t.text('label').notNullable();
    t.text('description').nullable();
    t.text('color').notNullable(); // #rrggbb on the seat map and legend
    t.integer('display_order').notNullable().defaultTo(0);
    t.unique(['event_id', 'zone']);
  });

  await knex.schema.createTable('prices', (t) => {
    t.increments('id');
    t.integer('event_id').notNullable().references('events.id').onDelete('CASCADE');
    t.integer('price_level_id').notNullable().references('price_levels.id').onDelete('CASCADE');
    t.integer('price_type_id').notNullable().references('price_types.id');
    t.integer('amount').notNullable(); // face value, minor units
    t.unique(['event_id', 'price_level_id', 'price_type_id']);
  });
  await knex.raw(`alter table prices add constraint prices_amount check (amount >= 0)`);

  await knex.schema.createTable('fees', (t) => {
    t.increments('id');
    t.integer('event_id').notNullable().references('events.id').onDelete('CASCADE');
    t.integer('price_level_id').nullable().references('price_levels.id').onDelete('CASCADE'); // null: all levels
    t.integer('price_type_id').nullable().references('price_types.id'); // null: all types
    t.text('name').notNullable();
    t.text('scope').notNullable(); // Ticket (per ticket) or Order (once per order)
    t.integer('amount').notNullable().defaultTo(0); // fixed part, minor units
    t.integer('rate_bp').notNullable().defaultTo(0); // percentage of face value in basis points
  });
  await knex.raw(
    `alter table fees add constraint fees_scope check (scope in ('Ticket','Order')), add constraint fees_nonneg check (amount >= 0 and rate_bp >= 0)`,
  );

  await knex.schema.createTable('promotions', (t) => {
    t.increments('id');
    t.text('code').nullable(); // null: applied without a code (outlet sale, default promotion)
    t.text('display_name').notNullable();
    t.text('instruction_text').nullable();
    t.boolean('is_presale').notNullable().defaultTo(false);
    t.boolean('hide_presale').notNullable().defaultTo(false);
    t.boolean('group_promo_code').notNullable().defaultTo(false); // needs a one-time group code
    t.timestamp('starts_at', { useTz: true }).nullable();
    t.timestamp('ends_at', { useTz: true }).nullable();
    t.text('discount_kind').notNullable().defaultTo('Percent'); // Percent (basis points) or Amount
    t.integer('discount_value').notNullable().defaultTo(0);
    t.boolean('restrict_to_customer_tag').notNullable().defaultTo(false);
    t.specificType('restrict_to_customer_tag_ids', 'integer[]').notNullable().defaultTo('{}');
    t.specificType('locked_price_type_ids', 'integer[]').notNullable().defaultTo('{}');
    t.specificType('bin_restrictions', 'text[]').notNullable().defaultTo('{}'); // first 6 card digits
    t.boolean('hide_full_retail_price_on_web').notNullable().defaultTo(false);
    t.boolean('is_outlet_sale').notNullable().defaultTo(false);
    t.boolean('is_archived').notNullable().defaultTo(false);
    t.timestamps(true, true);
  });
  await knex.raw(
    `create unique index promotions_code_unique on promotions (lower(code)) where code is not null`,
  );
  await knex.raw(
    `alter table promotions add constraint promotions_discount check (discount_kind in ('Percent','Amount') and discount_value >= 0 and (discount_kind <> 'Percent' or discount_value <= 10000))`,
  );

  await knex.schema.createTable('promotion_event_templates', (t) => {
    t.integer('promotion_id').notNullable().references('promotions.id').onDelete('CASCADE');
    t.integer('event_template_id').notNullable().references('event_templates.id').onDelete('CASCADE');
    t.primary(['promotion_id', 'event_template_id']);
  });

  await knex.schema.createTable('promotion_group_codes', (t) => {
    t.increments('id');
    t.integer('promotion_id').notNullable().references('promotions.id').onDelete('CASCADE');
    t.text('code').notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
    t.unique(['promotion_id', 'code']);
  });

  await knex.schema.createTable('packages', (t) => {
    t.increments('id');
    t.integer('event_template_id').notNullable().references('event_templates.id').onDelete('CASCADE');
    t.text('code').notNullable();
    t.text('name').notNullable();
    t.text('description').nullable();
    t.boolean('require_package_purchase').notNullable().defaultTo(false);
    t.unique(['event_template_id', 'code']);
  });

  await knex.schema.createTable('package_prices', (t) => {
    t.increments('id');
    t.integer('package_id').notNullable().references('packages.id').onDelete('CASCADE');
    t.text('zone').notNullable();
    t.integer('price_type_id').notNullable().references('price_types.id');
    t.integer('amount').notNullable(); // whole package seat price, minor units
    t.integer('fee_amount').notNullable().defaultTo(0);
    t.unique(['package_id', 'zone', 'price_type_id']);
  });

  await knex.schema.createTable('package_events', (t) => {
    t.integer('package_id').notNullable().references('packages.id').onDelete('CASCADE');
    t.integer('event_id').notNullable().references('events.id').onDelete('CASCADE');
    t.primary(['package_id', 'event_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'package_events',
    'package_prices',
    'packages',
    'promotion_group_codes',
    'promotion_event_templates',
    'promotions',
    'fees',
    'prices',
    'price_levels',
    'price_types',
  ])
    await knex.schema.dropTableIfExists(table);
}
