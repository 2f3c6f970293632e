import type { Knex } from 'knex';

// Baskets and their items, and the items' holds. A seat hold
// lives on event_seats (basket_id, held_until); a GA hold is a row of event_ga_holds. Both count
// only while held_until is in the future, so an expired hold is free whether or not a worker ran.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('products', (t) => {
    t.increments('id');
    t.text('name').notNullable();
    t.text('description').nullable();
    t.text('image_url').nullable();
    t.integer('product_type_id').notNullable().defaultTo(1);
    // Offered with one event, with every event of a series, or (both null) with any event.
    t.integer('event_id').nullable().references('events.id').onDelete('CASCADE');
    t.integer('event_template_id').nullable().references('event_templates.id').onDelete('CASCADE');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.integer('display_order').notNullable().defaultTo(0);
  });

  await knex.schema.createTable('product_variants', (t) => {
    t.increments('id');
    t.integer('product_id').notNullable().references('products.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.integer('price').notNullable(); // minor units
    t.boolean('is_active').notNullable().defaultTo(true);
  });
  await knex.raw(`alter table product_variants add constraint product_variants_price check (price >= 0)`);

  await knex.schema.createTable('baskets', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()')); // the foyer_basket cookie
    t.text('status').notNullable().defaultTo('Active'); // Active, Expired, Completed
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Set once when the basket is made (its first hold); every hold in it shares it.
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.integer('sales_channel_id').notNullable().references('sales_channels.id');
    t.integer('seller_id').nullable().references('staff_users.id').onDelete('SET NULL');
    t.integer('partner_id').nullable();
    t.boolean('is_exchange').notNullable().defaultTo(false);
    t.integer('exchange_order_id').nullable();
    t.boolean('can_save_basket').notNullable().defaultTo(false);
    t.boolean('can_override_price').notNullable().defaultTo(false);
    t.integer('customer_id').nullable().references('customers.id').onDelete('SET NULL');
    t.text('first_name').nullable();
    t.text('last_name').nullable();
    t.text('email').nullable();
    t.text('phone').nullable();
    t.jsonb('bill_to').notNullable().defaultTo('{}');
    t.jsonb('ship_to').notNullable().defaultTo('{}');
    t.integer('delivery_method_id').nullable().references('delivery_methods.id').onDelete('SET NULL');
    t.text('basket_note').nullable();
    t.integer('event_plan_id').nullable();
    t.text('event_plan_code').nullable();
    t.boolean('special_linked_event_setup').notNullable().defaultTo(false);
    t.text('promo_code').nullable(); // the basket's promotion (getbasketpromotion)
    t.text('group_code').nullable();
    // PUT continuewithouttickets/{id}: products of this event may be bought without tickets.
    t.integer('continue_without_tickets_event_id').nullable().references('events.id').onDelete('SET NULL');
    t.specificType('marketing_opt_in_tag_ids', 'integer[]').notNullable().defaultTo('{}');
  });
  await knex.raw(
    `alter table baskets add constraint baskets_status check (status in ('Active','Expired','Completed'))`,
  );
  await knex.raw(`create index baskets_due on baskets (expires_at) where status = 'Active'`);

  await knex.schema.createTable('basket_items', (t) => {
    t.increments('id');
    t.uuid('basket_id').notNullable().references('baskets.id').onDelete('CASCADE');
    t.text('item_type').notNullable(); // OrderItemType: Ticket, Product, Membership, GiftCertificate
    t.integer('event_id').nullable().references('events.id').onDelete('CASCADE');
    t.integer('seat_id').nullable().references('seats.id').onDelete('CASCADE'); // seated ticket
    t.integer('section_id').nullable().references('sections.id').onDelete('CASCADE'); // GA ticket
    t.text('key').nullable(); // seat key or GA section key
    t.text('section_name').nullable();
    t.text('row').nullable();
    t.text('seat_number').nullable();
    t.integer('quantity').notNullable().defaultTo(1);
    t.integer('price_level_id').nullable().references('price_levels.id').onDelete('CASCADE');
    t.text('price_level_name').nullable();
    t.integer('price_type_id').nullable().references('price_types.id');
    t.text('price_type_name').nullable();
    t.integer('promotion_id').nullable().references('promotions.id').onDelete('SET NULL');
    t.text('promo_code').nullable();
    t.text('group_code').nullable();
    t.integer('package_id').nullable().references('packages.id').onDelete('SET NULL');
    // Money in minor units, priced when the item was held (or its price type/promotion changed).
    t.integer('face_value').notNullable().defaultTo(0);
    t.integer('price').notNullable().defaultTo(0);
    t.integer('fee_total').notNullable().defaultTo(0);
    t.jsonb('fees').notNullable().defaultTo('[]'); // [{ Name, Value }] per ticket
    t.integer('package_price').nullable();
    t.integer('package_fee_total').nullable();
    t.text('ada_type').nullable();
    t.integer('seat_alert_id').nullable().references('seat_alerts.id').onDelete('SET NULL');
    t.boolean('seat_alert_acknowledged').notNullable().defaultTo(false);
    t.integer('hold_subclass_id').nullable().references('hold_subclasses.id');
    t.integer('product_id').nullable().references('products.id').onDelete('CASCADE');
    t.integer('product_variant_id').nullable().references('product_variants.id').onDelete('CASCADE');
    t.text('product_name').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['basket_id']);
  });
  await knex.raw(
    `alter table basket_items
       add constraint basket_items_type check (item_type in ('Ticket','Product','Membership','GiftCertificate')),
       add constraint basket_items_quantity check (quantity > 0),
       add constraint basket_items_money check (face_value >= 0 and price >= 0 and fee_total >= 0
         and coalesce(package_price, 0) >= 0 and coalesce(package_fee_total, 0) >= 0),
       add constraint basket_items_seat_once check (seat_id is null or quantity = 1)`,
  );
  // Items are unique by key except GA: a seat once per basket.
  await knex.raw(
    `create unique index basket_items_seat_unique on basket_items (basket_id, event_id, seat_id) where seat_id is not null`,
  );
  await knex.raw(
    `create unique index basket_items_product_unique on basket_items (basket_id, product_id, product_variant_id) where product_id is not null`,
  );

  // A GA hold: quantity places of a section, taken while held_until is in the future.
  await knex.schema.createTable('event_ga_holds', (t) => {
    t.integer('basket_item_id').primary().references('basket_items.id').onDelete('CASCADE');
    t.integer('event_id').notNullable();
    t.integer('section_id').notNullable();
    t.uuid('basket_id').notNullable().references('baskets.id').onDelete('CASCADE');
    t.integer('quantity').notNullable();
    t.timestamp('held_until', { useTz: true }).notNullable();
    t.foreign(['event_id', 'section_id'])
      .references(['event_id', 'section_id'])
      .inTable('event_ga_sections')
      .onDelete('CASCADE');
  });
  await knex.raw(`alter table event_ga_holds add constraint event_ga_holds_quantity check (quantity > 0)`);
  await knex.raw(`create index event_ga_holds_section on event_ga_holds (event_id, section_id, held_until)`);
  await knex.raw(`create index event_ga_holds_basket on event_ga_holds (basket_id)`);

  // A seat's basket hold names a real basket. The sweep clears event_seats before a basket goes.
  await knex.raw(
    `alter table event_seats add constraint event_seats_basket foreign key (basket_id) references baskets (id)`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`alter table event_seats drop constraint if exists event_seats_basket`);
  for (const table of ['event_ga_holds', 'basket_items', 'baskets', 'product_variants', 'products'])
    await knex.schema.dropTableIfExists(table);
}
