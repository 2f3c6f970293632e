import type { Knex } from 'knex';

// Sold-out e-mail requests (POST /api/ticketnotificationrequests with EventID and Email): a
// buyer hears when tickets come back. One row per event and address:
// the same address asking twice for the same event is one request (idempotent).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ticket_notification_requests', (t) => {
    t.increments('id');
    t.integer('event_id').notNullable().references('events.id').onDelete('CASCADE');
    t.text('email').notNullable(); // as typed (trimmed); compared without case
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('notified_at', { useTz: true }).nullable(); // set when tickets were announced
  });
  await knex.raw(
    `create unique index ticket_notification_requests_event_email on ticket_notification_requests (event_id, lower(email))`,
  );
  await knex.raw(
    `alter table ticket_notification_requests add constraint ticket_notification_requests_email_length check (char_length(email) between 3 and 254)`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('ticket_notification_requests');
}
