import type { Knex } from 'knex';

// Sign-in: server-side sessions, failed sign-ins for throttling, password reset tokens, the staff
// audit log, staff roles as the permission table names them, and the customer's gateway reference
// for a saved card.
export async function up(knex: Knex): Promise<void> {
  // Older demo rows named the counter clerk BoxOffice and the device POS.
  await knex('staff_users').where({ role: 'BoxOffice' }).update({ role: 'Seller' });
  await knex('staff_users').where({ role: 'POS' }).update({ role: 'PointOfSale' });
  await knex.schema.alterTable('staff_users', (t) => {
    t.boolean('is_backend_user').notNullable().defaultTo(false);
  });
  await knex.raw(`alter table staff_users add constraint staff_users_role check (role in
    ('SuperAdmin','Admin','EventAdmin','BoxOfficeManager','BoxOfficeSupervisor','Seller','PointOfSale'))`);

  await knex.schema.alterTable('customers', (t) => {
    // The payment gateway's customer (Stripe cus_...), made when a card is first saved.
    t.text('card_customer_ref').nullable();
  });

  // The cookie holds a random 128-bit id; only its SHA-256 is stored, so a copy of this table
  // signs no one in.
  await knex.schema.createTable('sessions', (t) => {
    t.text('id_hash').primary();
    t.text('kind').notNullable(); // customer, staff
    t.integer('customer_id').nullable().references('customers.id').onDelete('CASCADE');
    t.integer('staff_user_id').nullable().references('staff_users.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('ends_at', { useTz: true }).notNullable();
    t.text('address').nullable();
    t.text('user_agent').nullable();
  });
  await knex.raw(`alter table sessions add constraint sessions_kind check (
    (kind = 'customer' and customer_id is not null and staff_user_id is null) or
    (kind = 'staff' and staff_user_id is not null and customer_id is null))`);
  await knex.raw(`create index sessions_customer on sessions (customer_id) where customer_id is not null`);
  await knex.raw(`create index sessions_staff on sessions (staff_user_id) where staff_user_id is not null`);
  await knex.raw(`create index sessions_ends_at on sessions (ends_at)`);

  // One row per failed sign-in; the throttle counts those of the last hour per key.
  await knex.schema.createTable('login_failures', (t) => {
    t.bigIncrements('id');
    t.text('key').notNullable(); // account:<lower e-mail> or address:<ip>
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`create index login_failures_key_at on login_failures (key, at)`);

  await knex.schema.createTable('password_reset_tokens', (t) => {
    t.text('token_hash').primary(); // SHA-256 of the token in the e-mailed link
    t.integer('customer_id').notNullable().references('customers.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
  });

  // Who did what at the box office. Never updated or deleted.
  await knex.schema.createTable('audit_log', (t) => {
    t.bigIncrements('id');
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('staff_user_id').nullable().references('staff_users.id').onDelete('SET NULL');
    t.text('actor').notNullable(); // the staff member's e-mail at the time, kept if the row goes
    t.text('action').notNullable(); // e.g. 'POST /api/baskets/additems', 'staff.disable'
    t.integer('order_id').nullable();
    t.uuid('basket_id').nullable();
    t.integer('status').nullable(); // the HTTP answer's status, for actions made through the API
    t.jsonb('details').notNullable().defaultTo('{}');
  });
  await knex.raw(`create index audit_log_order on audit_log (order_id, at) where order_id is not null`);
  await knex.raw(`create index audit_log_basket on audit_log (basket_id, at) where basket_id is not null`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['audit_log', 'password_reset_tokens', 'login_failures', 'sessions'])
    await knex.schema.dropTableIfExists(table);
  await knex.schema.alterTable('customers', (t) => t.dropColumn('card_customer_ref'));
  await knex.raw(`alter table staff_users drop constraint if exists staff_users_role`);
  await knex.schema.alterTable('staff_users', (t) => t.dropColumn('is_backend_user'));
}
