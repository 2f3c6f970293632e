import type { Knex } from 'knex';

// Sending the sold-out e-mail requests when seats come back (worker/tickets-available.ts). A run
// claims a request (claimed_at) before sending and sets notified_at after; a claim older than
// the lease belongs to a run that died and is taken over. A permanent refusal by the mail server
// ends the request without an e-mail (refused_at, last_failure says why).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ticket_notification_requests', (t) => {
    t.timestamp('claimed_at', { useTz: true }).nullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_failure').nullable();
    t.timestamp('refused_at', { useTz: true }).nullable();
  });
  // The requests still waiting, by event: what each run of the job reads.
  await knex.raw(
    `create index ticket_notification_requests_waiting on ticket_notification_requests (event_id, id)
       where notified_at is null and refused_at is null`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists ticket_notification_requests_waiting');
  await knex.schema.alterTable('ticket_notification_requests', (t) => {
    t.dropColumn('claimed_at');
    t.dropColumn('attempts');
    t.dropColumn('last_failure');
    t.dropColumn('refused_at');
  });
}
