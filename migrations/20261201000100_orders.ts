import type { Knex } from 'knex';

// Orders, their tickets and products, payment attempts, the order e-mail outbox, payment methods
// and the offline test processor's own store. A payment that succeeded is never lost: payment
// and order are linked by the idempotency key saved before the gateway is called.
//
// Hot parents carry no foreign key here: every order of an on-sale points at the same event,
// sales channel and delivery method rows, and a foreign key makes each insert take a KEY SHARE
// lock on them; hundreds of concurrent sharers of one row serialise on PostgreSQL's multixacts.
// Those rows are never deleted while sales run (events are cancelled, not deleted); the demo
// reset still empties these tables through orders.basket_id -> baskets (TRUNCATE ... CASCADE).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('orders', (t) => {
    t.increments('id');
    t.text('status').notNullable().defaultTo('Complete'); // Complete, Refunded, Cancelled
    // One order per basket: a second payment for the same basket can never make a second order.
    t.uuid('basket_id').notNullable().unique().references('baskets.id');
    t.integer('sales_channel_id').notNullable();
    t.integer('customer_id').nullable().references('customers.id').onDelete('SET NULL');
    t.text('first_name').nullable();
    t.text('last_name').nullable();
    t.text('email').nullable();
    t.text('phone').nullable();
    t.text('organization').nullable();
    t.text('title').nullable();
    t.text('rewards_number').nullable();
    t.jsonb('bill_to').notNullable().defaultTo('{}');
    t.jsonb('ship_to').notNullable().defaultTo('{}');
    t.integer('delivery_method_id').nullable();
    t.text('delivery_method_name').nullable();
    t.text('delivery_method_type').nullable();
    t.string('currency', 3).notNullable();
    t.text('currency_locale').notNullable();
    // The totals by part, minor units; Total is the sum of the four parts.
    t.integer('total').notNullable();
    t.integer('ticket_and_fee_total').notNullable();
    t.integer('ticket_total').notNullable();
    t.integer('ticket_fee_total').notNullable();
    t.integer('product_total').notNullable();
    t.integer('delivery_total').notNullable();
    t.integer('order_level_fee_total').notNullable();
    t.jsonb('order_level_fees').notNullable().defaultTo('[]');
    t.text('promo_code').nullable();
    t.text('group_code').nullable();
    t.text('note').nullable();
    t.specificType('marketing_opt_in_tag_ids', 'integer[]').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // The number customers quote (Order.Name): F and seven digits.
  await knex.raw(
    `alter table orders add column name text generated always as ('F' || lpad(id::text, 7, '0')) stored`,
  );
  await knex.raw(
    `alter table orders
       add constraint orders_status check (status in ('Complete','Refunded','Cancelled')),
       add constraint orders_totals check (total = ticket_and_fee_total + product_total + delivery_total + order_level_fee_total
         and ticket_and_fee_total = ticket_total + ticket_fee_total and total >= 0)`,
  );

  // One row per seat or GA place.
  await knex.schema.createTable('order_tickets', (t) => {
    t.increments('id');
    t.integer('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.integer('event_id').notNullable();
    t.integer('seat_id').nullable();
    t.integer('section_id').nullable();
    t.boolean('is_ga').notNullable();
    t.text('key').notNullable();
    t.text('section_name').nullable();
    t.text('row').nullable();
    t.text('seat_number').nullable();
    t.integer('price_level_id').notNullable();
    t.text('price_level_name').notNullable();
    t.integer('price_type_id').notNullable();
    t.text('price_type_name').notNullable();
    t.integer('face_value').notNullable();
    t.integer('price').notNullable();
    t.integer('fee_total').notNullable();
    t.jsonb('fees').notNullable().defaultTo('[]');
    t.integer('promotion_id').nullable();
    t.text('promo_code').nullable();
    t.integer('package_id').nullable();
    t.integer('package_price').nullable();
    t.integer('package_fee_total').nullable();
    t.text('ada_type').nullable();
    // 128 random bits, base32: printed as a QR code; unguessable, never reused.
    t.text('barcode').notNullable().unique();
    t.text('status').notNullable().defaultTo('Active'); // Active, Refunded, Exchanged
    t.timestamp('printed_at', { useTz: true }).nullable();
    t.index(['order_id']);
  });
  // A seat of an event is in at most one order.
  await knex.raw(
    `create unique index order_tickets_seat_once on order_tickets (event_id, seat_id) where seat_id is not null and status = 'Active'`,
  );

  await knex.schema.createTable('order_products', (t) => {
    t.increments('id');
    t.integer('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.integer('product_id').notNullable();
    t.integer('product_variant_id').notNullable();
    t.integer('event_id').nullable();
    t.text('name').notNullable();
    t.integer('quantity').notNullable();
    t.integer('unit_price').notNullable();
    t.index(['order_id']);
  });

  // One row per payment attempt, saved (with its idempotency key) BEFORE the gateway is called.
  await knex.schema.createTable('payments', (t) => {
    t.increments('id');
    t.text('idempotency_key').notNullable().unique();
    t.uuid('basket_id').notNullable().references('baskets.id');
    t.text('gateway').notNullable(); // Offline, Stripe, PayPal, WorldPay, None (nothing to pay)
    t.text('payment_type').notNullable();
    t.text('payment_method_name').nullable();
    t.text('payment_ref').nullable(); // the gateway's payment id
    t.text('status').notNullable().defaultTo('pending'); // pending, requires_action, succeeded, failed, refunded
    t.integer('amount').notNullable();
    t.string('currency', 3).notNullable();
    // What the card may be known by: never its number.
    t.text('card_brand').nullable();
    t.string('card_bin', 6).nullable();
    t.string('card_last4', 4).nullable();
    t.text('failure_code').nullable();
    t.text('failure_message').nullable();
    t.text('client_secret').nullable();
    t.text('action_url').nullable();
    // The buyer's details and choices, so the order can be completed without the request
    // (retry, reconciliation job).
    t.jsonb('checkout').notNullable();
    t.integer('order_id').nullable().references('orders.id');
    // Charged but the order could not be made: 'needed' until the gateway refunds, then 'refunded'.
    t.text('refund_status').nullable();
    t.text('refund_ref').nullable();
    t.jsonb('taken_seats').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['basket_id']);
  });
  await knex.raw(
    `alter table payments
       add constraint payments_status check (status in ('pending','requires_action','succeeded','failed','refunded')),
       add constraint payments_refund_status check (refund_status is null or refund_status in ('needed','refunded')),
       add constraint payments_amount check (amount >= 0),
       add constraint payments_card_bin check (card_bin is null or card_bin ~ '^[0-9]{6}$'),
       add constraint payments_card_last4 check (card_last4 is null or card_last4 ~ '^[0-9]{4}$')`,
  );
  // The reconciliation job's work list: attempts whose outcome is not settled.
  await knex.raw(
    `create index payments_unsettled on payments (updated_at)
       where status in ('pending','requires_action') or (status = 'succeeded' and order_id is null)`,
  );
  // A payment's order is unique: one order per succeeded payment.
  await knex.raw(`create unique index payments_order_once on payments (order_id) where order_id is not null`);

  // Orders whose confirmation e-mail job is not yet on the queue (written with the order).
  await knex.schema.createTable('order_mail_outbox', (t) => {
    t.integer('order_id').primary().references('orders.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('enqueued_at', { useTz: true }).nullable();
  });
  await knex.raw(
    `create index order_mail_outbox_pending on order_mail_outbox (created_at) where enqueued_at is null`,
  );

  // Payment methods the box office takes (listed in the order CreditCard, Cash, Check, Comp).
  // Consumers see the consumer-visible ones whose gateway is configured.
  await knex.schema.createTable('payment_methods', (t) => {
    t.increments('id');
    t.text('payment_type').notNullable();
    t.text('name').notNullable();
    t.boolean('consumer_visible').notNullable().defaultTo(false);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.integer('display_order').notNullable().defaultTo(0);
  });
  await knex('payment_methods').insert([
    { payment_type: 'CreditCard', name: 'Credit card', consumer_visible: true, display_order: 1 },
    { payment_type: 'PayPal', name: 'PayPal', consumer_visible: true, display_order: 2 },
    { payment_type: 'ApplePay', name: 'Apple Pay', consumer_visible: true, display_order: 3 },
    { payment_type: 'Afterpay', name: 'Afterpay', consumer_visible: true, display_order: 4 },
    { payment_type: 'WorldPay', name: 'WorldPay', consumer_visible: true, display_order: 5 },
    { payment_type: 'Cash', name: 'Cash', display_order: 6 },
    { payment_type: 'Check', name: 'Check', display_order: 7 },
    { payment_type: 'Comp', name: 'Comp', display_order: 8 },
  ]);

  // The offline test processor: tokens stand in for Stripe.js (brand, BIN, last 4 and the test
  // behaviour only, never the number); payments keep its idempotency across restarts.
  await knex.schema.createTable('offline_tokens', (t) => {
    t.text('token').primary();
    t.text('brand').notNullable();
    t.string('bin', 6).notNullable();
    t.string('last4', 4).notNullable();
    t.integer('exp_month').notNullable();
    t.integer('exp_year').notNullable();
    t.text('behaviour').notNullable(); // succeed, decline, insufficient_funds, authenticate
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('offline_payments', (t) => {
    t.text('ref').primary();
    t.text('idempotency_key').notNullable().unique();
    t.text('token').nullable();
    t.integer('amount').notNullable();
    t.string('currency', 3).notNullable();
    t.text('status').notNullable(); // succeeded, requires_action, declined, canceled
    t.text('decline_code').nullable();
    t.text('authentication').nullable(); // pending, completed, failed (3-D Secure test cards)
    t.text('brand').nullable();
    t.string('bin', 6).nullable();
    t.string('last4', 4).nullable();
    t.text('return_url').nullable();
    t.integer('refunded').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `alter table offline_payments add constraint offline_payments_refunded check (refunded >= 0 and refunded <= amount)`,
  );
  await knex.schema.createTable('offline_refunds', (t) => {
    t.text('ref').primary();
    t.text('idempotency_key').notNullable().unique();
    t.text('payment_ref').notNullable().references('offline_payments.ref');
    t.integer('amount').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'offline_refunds',
    'offline_payments',
    'offline_tokens',
    'payment_methods',
    'order_mail_outbox',
    'payments',
    'order_products',
    'order_tickets',
    'orders',
  ])
    await knex.schema.dropTableIfExists(table);
}
