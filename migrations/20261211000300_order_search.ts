import type { Knex } from 'knex';

// The staff order search (adapters/postgres/orders/staff-orders.ts) finds orders by what a
// customer tells the clerk: each kind of text has a btree index it can start from (no trigram
// here). E-mails and names by their start, lower case; phones by their last digits, whatever
// punctuation and country code were typed (the digits reversed, so "ends with" is a prefix);
// barcodes by order_tickets' unique index; and an event's orders by its tickets.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index orders_email_prefix on orders (lower(email) text_pattern_ops)`);
  await knex.raw(`create index orders_last_name_prefix on orders (lower(last_name) text_pattern_ops)`);
  await knex.raw(`create index orders_first_name_prefix on orders (lower(first_name) text_pattern_ops)`);
  await knex.raw(
    `create index orders_phone_tail on orders (reverse(regexp_replace(phone, '\\D', '', 'g')) text_pattern_ops)`,
  );
  await knex.raw(`create index order_tickets_event on order_tickets (event_id, order_id)`);
}

export async function down(knex: Knex): Promise<void> {
  for (const name of [
    'order_tickets_event',
    'orders_phone_tail',
    'orders_first_name_prefix',
    'orders_last_name_prefix',
    'orders_email_prefix',
  ])
    await knex.raw(`drop index if exists ${name}`);
}
