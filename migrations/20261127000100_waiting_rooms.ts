import type { Knex } from 'knex';

// Per-event waiting-room settings (a fair queue in front of a heavy on-sale). Staff set
// them with `foyer onsale`; every web node reads them. The queue itself is in Redis (or in the
// process without REDIS_URL). version/changed_at let the queue apply a new rate from its change.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('event_waiting_rooms', (t) => {
    t.integer('event_id').primary().references('events.id').onDelete('CASCADE');
    t.boolean('enabled').notNullable().defaultTo(false);
    t.integer('rate_per_minute').notNullable().defaultTo(500); // admissions per minute
    t.boolean('paused').notNullable().defaultTo(false);
    t.integer('admitted_ttl_seconds').notNullable().defaultTo(600); // first call within this
    t.integer('version').notNullable().defaultTo(1);
    t.timestamp('changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `alter table event_waiting_rooms add constraint event_waiting_rooms_bounds
       check (rate_per_minute >= 0 and rate_per_minute <= 1000000 and admitted_ttl_seconds between 10 and 86400)`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('event_waiting_rooms');
}
