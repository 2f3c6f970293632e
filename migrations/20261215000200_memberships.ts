import type { Knex } from 'knex';

// Memberships (core/memberships/README.md).
//
// A membership type (its code is the storefront URL's etCode) is sold at one of its price levels
// for `duration_months`, and gives its member a customer tag (`customer_tag_type_id`). Its dates
// are local to `time_zone` (a gift's delivery day, the term's start and end).
//
// Sold: a basket item of type Membership names the type and price level, and for a gift the
// recipient (`gift_first_name`, `gift_last_name`, `recipient_email`, `gift_message` shared with
// gift certificates) and when to deliver it (`is_send_gift_now`, else `gift_delivery_local_date`).
// Issued: once its order is placed, one `memberships` row per basket item (unique
// `basket_item_id`: a second run of the issuing step finds the first one's row). `deliver_at` is
// when the gift is due (null: at once); `delivered_at` is set in the same transaction that sends
// its e-mail and gives the tag, so it is delivered once.
//
// Member pricing: a price type restricted to customer tag types (`customer_tag_type_ids`, empty:
// everyone) is offered to consumers only when signed in with one of those tags.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('membership_types', (t) => {
    t.increments('id');
    t.text('code').notNullable();
    t.text('name').notNullable();
    t.text('description').nullable();
    t.integer('duration_months').notNullable();
    t.integer('customer_tag_type_id').notNullable().references('customer_tag_types.id');
    t.text('time_zone').notNullable(); // IANA, e.g. America/New_York
    t.text('currency').notNullable().defaultTo('USD');
    t.text('image_url').nullable();
    t.boolean('is_on_sale').notNullable().defaultTo(true);
    t.timestamp('archived_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`create unique index membership_types_code_unique on membership_types (lower(code))`);
  await knex.raw(
    `alter table membership_types add constraint membership_types_duration check (duration_months between 1 and 120)`,
  );

  await knex.schema.createTable('membership_price_levels', (t) => {
    t.increments('id');
    t.integer('membership_type_id').notNullable().references('membership_types.id').onDelete('CASCADE');
    t.text('display_name').notNullable();
    t.text('description').nullable();
    t.integer('price').notNullable(); // minor units
    t.integer('discounted_display_price').nullable();
    t.integer('display_order').notNullable().defaultTo(0);
    t.index(['membership_type_id']);
  });
  await knex.raw(
    `alter table membership_price_levels add constraint membership_price_levels_price check (price >= 0)`,
  );

  await knex.schema.alterTable('basket_items', (t) => {
    t.integer('membership_type_id').nullable().references('membership_types.id');
    t.integer('membership_price_level_id').nullable().references('membership_price_levels.id');
    t.boolean('is_gift').notNullable().defaultTo(false);
    t.text('gift_first_name').nullable();
    t.text('gift_last_name').nullable();
    t.date('gift_delivery_local_date').nullable();
    t.boolean('is_send_gift_now').notNullable().defaultTo(false);
  });

  await knex.schema.createTable('memberships', (t) => {
    t.increments('id');
    // No foreign key to basket_items: the membership stays whatever becomes of the basket.
    t.integer('basket_item_id').notNullable().unique();
    t.integer('order_id').notNullable().references('orders.id');
    t.integer('membership_type_id').notNullable().references('membership_types.id');
    t.integer('membership_price_level_id').notNullable().references('membership_price_levels.id');
    t.integer('customer_id').notNullable().references('customers.id');
    t.integer('buyer_customer_id').nullable().references('customers.id');
    t.integer('price').notNullable();
    t.date('starts_on').notNullable();
    t.date('ends_on').notNullable();
    t.boolean('is_gift').notNullable().defaultTo(false);
    t.text('gift_message').nullable();
    t.text('barcode').notNullable().unique();
    t.timestamp('deliver_at', { useTz: true }).nullable();
    t.timestamp('delivered_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['customer_id']);
    t.index(['order_id']);
  });
  await knex.raw(`alter table memberships add constraint memberships_term check (ends_on > starts_on)`);

  await knex.schema.alterTable('price_types', (t) => {
    t.specificType('customer_tag_type_ids', 'integer[]').notNullable().defaultTo('{}');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('price_types', (t) => t.dropColumn('customer_tag_type_ids'));
  await knex.schema.dropTableIfExists('memberships');
  await knex.schema.alterTable('basket_items', (t) => {
    for (const c of [
      'is_send_gift_now',
      'gift_delivery_local_date',
      'gift_last_name',
      'gift_first_name',
      'is_gift',
      'membership_price_level_id',
      'membership_type_id',
    ])
      t.dropColumn(c);
  });
  await knex.schema.dropTableIfExists('membership_price_levels');
  await knex.raw(`drop index if exists membership_types_code_unique`);
  await knex.schema.dropTableIfExists('membership_types');
}
