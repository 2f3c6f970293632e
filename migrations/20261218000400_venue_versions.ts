import type { Knex } from 'knex';

// A venue edited on screen carries a version that every save checks (adapters/postgres/venues/
// venue-directory.ts), so a second admin saving over the first is refused instead of silently
// overwriting.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('venues', (t) => {
    t.integer('version').notNullable().defaultTo(1);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('venues', (t) => t.dropColumn('version'));
}
