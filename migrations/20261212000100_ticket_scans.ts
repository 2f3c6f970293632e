import type { Knex } from 'knex';

// Check-in at the door (core/checkin/scan-rules.ts). Every scan is kept, whatever it answered,
// with the text scanned when no ticket has that barcode, so a door's night can be read back.
// A ticket is admitted once: order_tickets.admitted_at is set by a conditional update
// (adapters/postgres/checkin/check-in.ts, `... where admitted_at is null`), and two doors
// scanning the same ticket at the same moment queue on the row's lock, so the second finds it
// admitted and is told when and at which door.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('order_tickets', (t) => {
    t.timestamp('admitted_at', { useTz: true }).nullable();
    t.text('admitted_door').nullable();
  });
  await knex.schema.createTable('ticket_scans', (t) => {
    t.bigIncrements('id');
    // The event the door was scanning for, not necessarily the ticket's.
    t.integer('event_id').notNullable().references('events.id').onDelete('CASCADE');
    t.integer('order_ticket_id').nullable().references('order_tickets.id').onDelete('SET NULL');
    t.text('scanned_text').notNullable();
    t.text('door').notNullable();
    t.integer('staff_user_id').nullable().references('staff_users.id').onDelete('SET NULL');
    t.text('staff_name').notNullable();
    t.text('result').notNullable();
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['event_id', 'at']);
  });
  await knex.raw(
    `alter table ticket_scans add constraint ticket_scans_result
       check (result in ('admitted','alreadyScanned','wrongEvent','cancelled','unknown'))`,
  );
  // The door's admitted count reads only its event's admitted tickets.
  await knex.raw(
    `create index order_tickets_admitted on order_tickets (event_id) where admitted_at is not null`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop index if exists order_tickets_admitted`);
  await knex.schema.dropTableIfExists('ticket_scans');
  await knex.schema.alterTable('order_tickets', (t) => {
    t.dropColumn('admitted_door');
    t.dropColumn('admitted_at');
  });
}
