import type { Knex } from 'knex';

// Group sales: payment requests staff send to a group (core/group-sales/), and house-seat
// requests.
//
// A payment request is paid by at most one payment: `group_payments` keeps every attempt, saved
// with its idempotency key before the card gateway is called (as checkout's attempts are,
// core/orders/payment-attempt.ts), and the partial unique index lets only one of a request's
// attempts be succeeded, whatever code writes it. `payment_code` is the link's secret: random,
// never shown in a list to anyone but staff.
//
// A house-seat request names seats of one event held for a guest: its seats are held by a staff
// basket of its own (`basket_id`, the basket and seat-status machinery of
// adapters/postgres/inventory/seat-status/), so they stay out of sale exactly as long as the
// request is open. Redeeming moves the holds to the guest's basket.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('group_payment_requests', (t) => {
    t.increments('id');
    t.text('payment_code').notNullable().unique();
    t.text('customer_name').notNullable();
    t.text('customer_email').notNullable();
    t.text('description').notNullable();
    t.text('kind').notNullable(); // deposit | balance
    t.integer('amount').notNullable();
    t.text('currency').notNullable();
    t.text('status').notNullable().defaultTo('open'); // open | paid | cancelled
    t.integer('created_by').references('staff_users.id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('paid_at', { useTz: true });
  });
  await knex.raw(`alter table group_payment_requests
    add constraint group_payment_requests_kind check (kind in ('deposit', 'balance')),
    add constraint group_payment_requests_amount check (amount > 0),
    add constraint group_payment_requests_currency check (currency ~ '^[A-Z]{3}$'),
    add constraint group_payment_requests_status check (status in ('open', 'paid', 'cancelled'))`);

  await knex.schema.createTable('group_payments', (t) => {
    t.increments('id');
    t.integer('request_id').notNullable().references('group_payment_requests.id');
    t.text('idempotency_key').notNullable().unique();
    t.text('gateway').notNullable();
    t.integer('amount').notNullable();
    t.text('currency').notNullable();
    t.text('status').notNullable().defaultTo('pending'); // pending | requires_action | succeeded | declined
    t.text('payment_ref');
    t.text('card_brand');
    t.text('card_last4');
    t.text('payer_name');
    t.text('payer_email');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`alter table group_payments
    add constraint group_payments_status check (status in ('pending', 'requires_action', 'succeeded', 'declined'))`);
  await knex.raw(
    `create unique index group_payments_one_success on group_payments (request_id) where status = 'succeeded'`,
  );

  await knex.schema.createTable('house_seat_requests', (t) => {
    t.increments('id');
    t.integer('event_id').notNullable().references('events.id');
    t.text('payment_code').notNullable().unique();
    t.text('customer_name').notNullable();
    t.text('customer_email').notNullable();
    t.specificType('seat_keys', 'text[]').notNullable();
    t.boolean('payment_required').notNullable().defaultTo(true);
    t.text('status').notNullable().defaultTo('open'); // open | redeemed | cancelled
    t.text('basket_id');
    t.integer('created_by').references('staff_users.id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`alter table house_seat_requests
    add constraint house_seat_requests_status check (status in ('open', 'redeemed', 'cancelled'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('house_seat_requests');
  await knex.schema.dropTable('group_payments');
  await knex.schema.dropTable('group_payment_requests');
}
