import type { Knex } from 'knex';

// Stripe webhooks (adapters/stripe/webhook-events.ts). stripe_webhook_events de-duplicates
// deliveries by event id. stripe_payment_intents mirrors each intent's latest known state:
// Stripe delivers events at least once and in any order, so a row only moves forward by the
// order key (terminal, event_created, status_rank, event_id): a late 'processing' never
// overwrites 'succeeded', and the final row is the same whatever the delivery order.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('stripe_webhook_events', (t) => {
    t.text('event_id').primary();
    t.text('type').notNullable();
    t.bigInteger('created').notNullable(); // Stripe's event.created, Unix seconds
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('stripe_payment_intents', (t) => {
    t.text('id').primary(); // pi_...
    t.text('status').notNullable();
    t.boolean('terminal').notNullable(); // succeeded or canceled: no later state replaces it
    t.smallint('status_rank').notNullable();
    t.bigInteger('event_created').notNullable();
    t.text('event_id').notNullable();
    t.integer('amount').notNullable();
    t.integer('amount_received').notNullable();
    t.text('currency').notNullable();
    t.text('idempotency_key').nullable(); // metadata.idempotency_key: the order attempt's key
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.text('latest_charge').nullable();
    t.text('last_error_code').nullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`create index stripe_payment_intents_key on stripe_payment_intents (idempotency_key)`);
  await knex.raw(
    `create index stripe_payment_intents_succeeded on stripe_payment_intents (updated_at) where status = 'succeeded'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('stripe_payment_intents');
  await knex.schema.dropTableIfExists('stripe_webhook_events');
}
