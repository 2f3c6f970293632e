import type { Knex } from 'knex';

// PayPal and WorldPay remember what Foyer asked them for, so a payment that comes back can be
// checked against it (the PayPal order id must match the one created) and a payment is never
// claimed by two checkouts (payment and order are linked by a key).
export async function up(knex: Knex): Promise<void> {
  // The PayPal order created for a basket (POST /api/paypal/createPayPalOrder); a new one replaces it.
  await knex.schema.createTable('paypal_orders', (t) => {
    t.uuid('basket_id').primary().references('baskets.id').onDelete('CASCADE');
    t.text('paypal_order_id').notNullable().unique();
    t.integer('amount').notNullable(); // minor units
    t.text('currency').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // A checkout's capture of a PayPal order, written before the capture call: findByKey and a
  // retry after a crash find the order again; one PayPal order pays for one checkout only.
  await knex.schema.createTable('paypal_captures', (t) => {
    t.text('idempotency_key').primary();
    t.text('paypal_order_id').notNullable().unique();
    t.text('capture_id').nullable();
    t.integer('amount').notNullable();
    t.text('currency').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // A WorldPay order made for a basket (POST /api/worldpay). idempotency_key: the checkout that
  // claimed its payment (set once; a replayed return cannot pay for a second order).
  await knex.schema.createTable('worldpay_orders', (t) => {
    t.text('order_code').primary();
    t.uuid('basket_id').notNullable().index();
    t.integer('amount').notNullable();
    t.text('currency').notNullable();
    t.text('order_key').nullable();
    t.text('idempotency_key').nullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // WorldPay refunds carry no idempotency key of their own: one row per refund key, written first.
  await knex.schema.createTable('worldpay_refunds', (t) => {
    t.text('idempotency_key').primary();
    t.text('order_code').notNullable().references('worldpay_orders.order_code');
    t.integer('amount').notNullable();
    t.text('status').notNullable().defaultTo('Sending'); // Sending, Sent
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('worldpay_refunds');
  await knex.schema.dropTableIfExists('worldpay_orders');
  await knex.schema.dropTableIfExists('paypal_captures');
  await knex.schema.dropTableIfExists('paypal_orders');
}
