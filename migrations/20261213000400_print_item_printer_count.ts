import type { Knex } from 'knex';

// The printer's own ticket count (FGL <S2>) just before a ticket is sent, kept on its item: a
// worker started again after one was killed between sending a ticket and the printer's answer
// compares it with the count now, and prints the ticket again only if it did not come out
// (core/printing/print-queue.ts sentTicketOutcome, adapters/printing/print-runner.ts).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('print_job_items', (t) => {
    t.integer('printer_count').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('print_job_items', (t) => {
    t.dropColumn('printer_count');
  });
}
