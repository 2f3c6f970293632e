import type { Knex } from 'knex';

// The sent marker of each order e-mail (worker/order-email.ts): the job claims the row before
// sending and marks it sent after, so the e-mail goes out once even when the job runs twice.
// No foreign key to orders yet: the orders table comes with the checkout (add it when merged).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('order_emails', (t) => {
    t.integer('order_id').notNullable();
    t.text('kind').notNullable(); // Confirmation; resends will be kinds of their own
    t.timestamp('claimed_at', { useTz: true }).nullable(); // a worker is sending it now
    t.timestamp('sent_at', { useTz: true }).nullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_failure').nullable();
    t.primary(['order_id', 'kind']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('order_emails');
}
