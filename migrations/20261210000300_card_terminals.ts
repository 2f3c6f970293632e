import type { Knex } from 'knex';

// The card terminals at the counters (core/payments/card-terminal.ts):
// - terminal_locations: where readers stand (the box office). With Stripe, the location whose
//   stripe_location_id is set is the configured one (its readers are Stripe's); without it, the
//   offline processor's simulated readers are these tables' rows.
// - terminal_readers: the offline processor's simulated readers; a reader is busy while it holds
//   an intent waiting for a card (current_intent_id), until action_expires_at.
// - terminal_intents: the offline processor's card_present intents, moving as Stripe's do
//   (requires_payment_method -> requires_capture -> succeeded, or canceled). The idempotency key
//   is unique: a retried start answers the first intent.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('terminal_locations', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable().unique();
    t.text('stripe_location_id').nullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('terminal_readers', (t) => {
    t.text('id').primary();
    t.integer('location_id').notNullable().references('terminal_locations.id').onDelete('CASCADE');
    t.text('label').notNullable();
    t.text('status').notNullable().defaultTo('online');
    t.text('current_intent_id').nullable();
    t.timestamp('action_expires_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['location_id', 'label']);
  });
  await knex.raw(
    `alter table terminal_readers add constraint terminal_readers_status check (status in ('online','offline'))`,
  );
  await knex.schema.createTable('terminal_intents', (t) => {
    t.text('id').primary();
    t.text('idempotency_key').notNullable().unique();
    t.integer('amount').notNullable();
    t.text('currency').notNullable();
    t.text('status').notNullable().defaultTo('requires_payment_method');
    t.text('reader_id').nullable().references('terminal_readers.id').onDelete('SET NULL');
    t.text('description').notNullable().defaultTo('');
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.text('card_brand').nullable();
    t.text('card_bin').nullable();
    t.text('card_last4').nullable();
    t.text('failure_code').nullable();
    t.text('failure_message').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `alter table terminal_intents
       add constraint terminal_intents_amount check (amount > 0),
       add constraint terminal_intents_status check (status in ('requires_payment_method','requires_confirmation',
         'requires_action','processing','requires_capture','succeeded','canceled')),
       add constraint terminal_intents_card check (status not in ('requires_capture','succeeded') or card_last4 is not null)`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('terminal_intents');
  await knex.schema.dropTable('terminal_readers');
  await knex.schema.dropTable('terminal_locations');
}
