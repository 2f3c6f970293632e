import type { Knex } from 'knex';

// The box office's print queue. A printer is an address on the network (TCP port 9100) speaking
// FGL (Boca ticket printers) or ESC/POS (receipt printers). A print job is what one click asked
// for: an order's tickets, a receipt or a refund receipt, run by worker/print-queue.ts. Each job
// item is one ticket or one receipt, in the order it is printed; an item is `sent` before its
// bytes leave and `acknowledged` only when the printer said it printed it, so a worker started
// again carries on from the first item not acknowledged (core/printing/print-queue.ts).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('printers', (t) => {
    t.increments('id');
    t.text('name').notNullable().unique();
    t.text('kind').notNullable(); // fgl | escpos
    t.text('address').notNullable(); // tcp://host:port
    t.integer('dpi').notNullable().defaultTo(200);
    // The printer confirms every ticket itself (ticket ACK): no pause is needed between tickets.
    t.boolean('verify').notNullable().defaultTo(true);
    t.boolean('active').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`alter table printers add constraint printers_kind check (kind in ('fgl', 'escpos'))`);
  await knex.raw(`alter table printers add constraint printers_dpi check (dpi in (200, 300))`);
  await knex.raw(
    `alter table printers add constraint printers_address check (address ~ '^tcp://[^/:]+:[0-9]{1,5}$')`,
  );

  await knex.schema.createTable('print_jobs', (t) => {
    t.increments('id');
    t.integer('printer_id').notNullable().references('printers.id');
    t.text('what').notNullable(); // tickets | receipt | refund_receipt
    t.integer('order_id').nullable().references('orders.id');
    t.boolean('reprint').notNullable().defaultTo(false);
    t.text('status').notNullable().defaultTo('queued');
    // Why a job is paused (the printer's fault), for the clerk.
    t.text('message').nullable();
    t.integer('staff_user_id').nullable().references('staff_users.id').onDelete('SET NULL');
    t.text('staff_name').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true }).nullable();
    t.timestamp('finished_at', { useTz: true }).nullable();
  });
  await knex.raw(
    `alter table print_jobs add constraint print_jobs_what check (what in ('tickets', 'receipt', 'refund_receipt'))`,
  );
  await knex.raw(
    `alter table print_jobs add constraint print_jobs_status check (status in ('queued', 'running', 'paused', 'done', 'cancelled'))`,
  );
  await knex.raw(
    `create index print_jobs_open on print_jobs (printer_id, id) where status in ('queued', 'running')`,
  );

  await knex.schema.createTable('print_job_items', (t) => {
    t.increments('id');
    t.integer('job_id').notNullable().references('print_jobs.id').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.integer('ticket_id').nullable().references('order_tickets.id');
    t.text('status').notNullable().defaultTo('pending');
    t.timestamp('printed_at', { useTz: true }).nullable();
    t.unique(['job_id', 'position']);
  });
  await knex.raw(
    `alter table print_job_items add constraint print_job_items_status check (status in ('pending', 'sent', 'acknowledged'))`,
  );
  await knex.raw(
    `alter table print_job_items add constraint print_job_items_printed check ((status = 'acknowledged') = (printed_at is not null))`,
  );

  await knex.schema.alterTable('order_tickets', (t) => {
    t.integer('print_count').notNullable().defaultTo(0);
    t.text('usher_message').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('order_tickets', (t) => {
    t.dropColumn('usher_message');
    t.dropColumn('print_count');
  });
  await knex.schema.dropTable('print_job_items');
  await knex.schema.dropTable('print_jobs');
  await knex.schema.dropTable('printers');
}
