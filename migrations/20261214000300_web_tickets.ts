import type { Knex } from 'knex';

// Web tickets (core/web-tickets/): each order gets a random link token, made with the order, that
// the order e-mail's link carries to /tickets/bundle/{token}/event/{eventId}. 244 random bits
// (two version-4 UUIDs without their fixed bits' hyphens): nobody guesses one; unique, so a token
// names one order.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `alter table orders add column web_tickets_token text not null
       default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`,
  );
  await knex.raw(`alter table orders add constraint orders_web_tickets_token unique (web_tickets_token)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`alter table orders drop column web_tickets_token`);
}
