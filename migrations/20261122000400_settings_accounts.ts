import type { Knex } from 'knex';

// Delivery methods, consumer feature flags, account information settings, customers and staff.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('delivery_methods', (t) => {
    t.increments('id');
    t.text('display_name').notNullable();
    t.text('type').notNullable(); // PrintAtHome, Email, Mail, PointOfSale
    t.integer('price').notNullable().defaultTo(0); // minor units
    t.jsonb('fields').notNullable().defaultTo('[]'); // [{ Field, Required }]
    t.boolean('allow_international_shipping').notNullable().defaultTo(false);
    t.boolean('display_basket_notes').notNullable().defaultTo(false);
    t.boolean('consumer_visible').notNullable().defaultTo(true);
    t.integer('display_order').notNullable().defaultTo(0);
  });
  await knex.raw(
    `alter table delivery_methods add constraint delivery_methods_type check (type in ('PrintAtHome','Email','Mail','PointOfSale')), add constraint delivery_methods_price check (price >= 0)`,
  );

  await knex.schema.createTable('consumer_features', (t) => {
    t.text('key').primary(); // e.g. showNewBasketPage
    t.jsonb('value').notNullable();
    t.text('description').nullable();
  });

  // One row: how accounts and the billing form behave (spec: Account information).
  await knex.schema.createTable('account_settings', (t) => {
    t.integer('id').primary().defaultTo(1);
    t.boolean('allow_customer_login').notNullable().defaultTo(true);
    t.boolean('display_terms_of_service').notNullable().defaultTo(true);
    t.boolean('require_tos_agreement').notNullable().defaultTo(false);
    t.text('terms_of_service').nullable();
    t.boolean('enable_audience_rewards').notNullable().defaultTo(false);
    t.jsonb('billing_fields').notNullable().defaultTo('[]'); // [{ Field, Required, Enabled }]
    t.specificType('countries', 'text[]').notNullable().defaultTo('{}'); // ISO alpha-2, default US first
  });
  await knex.raw(`alter table account_settings add constraint account_settings_single check (id = 1)`);

  await knex.schema.createTable('customer_tag_types', (t) => {
    t.increments('id');
    t.text('name').notNullable();
    t.text('kind').notNullable(); // Membership, MarketingOptIn, Group
    t.text('opt_in_text').nullable();
    t.boolean('default_checked').notNullable().defaultTo(false);
  });

  await knex.schema.createTable('customers', (t) => {
    t.increments('id');
    t.text('email').notNullable();
    t.text('first_name').notNullable();
    t.text('last_name').notNullable();
    t.text('phone').nullable();
    t.text('password_hash').nullable(); // scrypt; null for guest checkouts
    t.text('rewards_number').nullable();
    t.jsonb('addresses').notNullable().defaultTo('{}'); // BillTo*/ShipTo* fields
    t.timestamp('anonymized_at', { useTz: true }).nullable();
    t.timestamps(true, true);
  });
  await knex.raw(`create unique index customers_email_unique on customers (lower(email))`);

  await knex.schema.createTable('customer_tags', (t) => {
    t.increments('id');
    t.integer('customer_id').notNullable().references('customers.id').onDelete('CASCADE');
    t.integer('customer_tag_type_id').notNullable().references('customer_tag_types.id').onDelete('CASCADE');
    t.timestamps(true, true);
    t.unique(['customer_id', 'customer_tag_type_id']);
  });

  await knex.schema.createTable('staff_users', (t) => {
    t.increments('id');
    t.text('email').notNullable();
    t.text('name').notNullable();
    t.text('password_hash').notNullable(); // scrypt
    t.text('role').notNullable(); // SuperAdmin, Admin, EventAdmin, BoxOfficeManager, BoxOfficeSupervisor, BoxOffice, POS
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamps(true, true);
  });
  await knex.raw(`create unique index staff_users_email_unique on staff_users (lower(email))`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'staff_users',
    'customer_tags',
    'customers',
    'customer_tag_types',
    'account_settings',
    'consumer_features',
    'delivery_methods',
  ])
    await knex.schema.dropTableIfExists(table);
}
