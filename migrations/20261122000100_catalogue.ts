import type { Knex } from 'knex';

// Catalogue: venues, their seat maps, series (event templates) and events.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('venues', (t) => {
    t.increments('id');
    t.text('name').notNullable();
    t.text('display_name').notNullable();
    t.string('country', 2).notNullable(); // ISO 3166 alpha-2
    t.text('time_zone').notNullable(); // IANA, e.g. America/New_York
    t.string('iso_currency_code', 3).notNullable();
    t.text('currency_locale').notNullable(); // key of core/i18n currency locale table, e.g. en-us
    t.text('address').nullable();
    t.timestamps(true, true);
  });

  await knex.schema.createTable('venue_configurations', (t) => {
    t.increments('id');
    t.integer('venue_id').notNullable().references('venues.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('svg').notNullable(); // background floor plan, served by /svg/download/{id}
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.double('focal_x').notNullable(); // stage centre: the point best-available ranks seats by
    t.double('focal_y').notNullable();
    t.timestamps(true, true);
  });

  await knex.schema.createTable('seat_alerts', (t) => {
    t.increments('id');
    t.integer('venue_configuration_id')
      .notNullable()
      .references('venue_configurations.id')
      .onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('message').notNullable();
    t.boolean('requires_acknowledgement').notNullable().defaultTo(true);
  });

  await knex.schema.createTable('sections', (t) => {
    t.increments('id');
    t.integer('venue_configuration_id')
      .notNullable()
      .references('venue_configurations.id')
      .onDelete('CASCADE');
    t.text('code').notNullable(); // first part of a seat key
    t.text('name').notNullable();
    t.boolean('is_ga').notNullable().defaultTo(false);
    t.integer('ga_capacity').nullable();
    t.text('zone').nullable(); // default price zone of a GA section
    t.double('label_x').nullable();
    t.double('label_y').nullable();
    t.integer('display_order').notNullable().defaultTo(0);
    t.unique(['venue_configuration_id', 'code']);
  });
  await knex.raw(
    `alter table sections add constraint sections_ga_capacity check (is_ga = (ga_capacity is not null) and (ga_capacity is null or ga_capacity >= 0))`,
  );

  await knex.schema.createTable('seats', (t) => {
    t.increments('id');
    t.integer('venue_configuration_id')
      .notNullable()
      .references('venue_configurations.id')
      .onDelete('CASCADE');
    t.integer('section_id').notNullable().references('sections.id').onDelete('CASCADE');
    t.text('row').notNullable();
    t.text('number').notNullable();
    t.text('key').notNullable(); // section-row-seat
    t.double('x').notNullable();
    t.double('y').notNullable();
    t.integer('view_from_seat_row').nullable();
    t.double('focal_length_factor').nullable();
    t.text('zone').notNullable(); // default price zone, mapped to an event's price level
    t.integer('quality_rank').notNullable().defaultTo(0); // lower is better, from geometry
    t.text('ada_type').nullable(); // Wheelchair, Companion, AisleTransfer, HearingLoop
    t.integer('seat_alert_id').nullable().references('seat_alerts.id').onDelete('SET NULL');
    t.unique(['venue_configuration_id', 'key']);
  });
  await knex.raw(
    `alter table seats add constraint seats_ada_type check (ada_type in ('Wheelchair','Companion','AisleTransfer','HearingLoop'))`,
  );

  await knex.schema.createTable('event_templates', (t) => {
    t.increments('id');
    t.text('code').notNullable().unique(); // series code used in /tickets/series/{code}
    t.text('name').notNullable();
    t.text('display_name').notNullable();
    t.text('description').nullable();
    t.integer('venue_id').nullable().references('venues.id');
    t.text('future_template_code').nullable();
    t.text('past_template_code').nullable();
    t.text('sold_out_header').nullable();
    t.text('sold_out_message').nullable();
    t.text('ada_agreement').nullable();
    t.boolean('is_calendar_view').notNullable().defaultTo(true);
    t.boolean('no_best_available').notNullable().defaultTo(false);
    t.integer('order_ticket_limit').notNullable().defaultTo(12);
    t.text('ticket_limit_message').nullable();
    t.integer('max_comp_quantity').nullable();
    t.boolean('hide_fees_until_checkout').notNullable().defaultTo(false);
    t.text('secondary_market_option').notNullable().defaultTo('None'); // None, Resale, TicketExchange
    t.text('image_url').nullable();
    t.text('mobile_image_url').nullable();
    t.boolean('is_archived').notNullable().defaultTo(false);
    t.timestamps(true, true);
  });

  await knex.schema.createTable('events', (t) => {
    t.increments('id');
    t.integer('event_template_id').notNullable().references('event_templates.id').onDelete('CASCADE');
    t.integer('venue_configuration_id').notNullable().references('venue_configurations.id');
    t.text('name').notNullable();
    t.text('url_safe_name').notNullable();
    t.timestamp('starts_at', { useTz: true }).notNullable(); // UTC; local date from the venue time zone
    t.timestamp('ends_at', { useTz: true }).nullable();
    t.timestamp('on_sale_at', { useTz: true }).notNullable();
    t.boolean('is_presale').notNullable().defaultTo(false);
    t.boolean('use_heavy_on_sale').notNullable().defaultTo(false);
    t.boolean('has_products').notNullable().defaultTo(false);
    t.text('secondary_market_event_id').nullable();
    t.integer('linked_event_id').nullable().references('events.id').onDelete('SET NULL');
    t.boolean('special_linked_event').notNullable().defaultTo(false); // halves price and fees in the subtotal
    t.text('upfront_fee_disclosure').nullable();
    t.text('mobile_image_url').nullable();
    t.text('status').notNullable().defaultTo('Active'); // Active, Cancelled
    t.timestamps(true, true);
    t.index(['event_template_id', 'starts_at']);
    t.index(['starts_at']);
  });
  await knex.raw(`alter table events add constraint events_status check (status in ('Active','Cancelled'))`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'events',
    'event_templates',
    'seats',
    'sections',
    'seat_alerts',
    'venue_configurations',
    'venues',
  ])
    await knex.schema.dropTableIfExists(table);
}
