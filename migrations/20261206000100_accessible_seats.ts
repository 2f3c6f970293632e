import type { Knex } from 'knex';

// The accessible seats of a venue configuration, by an index of their own. Every consumer price
// read names the map's accessible types (adapters/postgres/pricing/pricing.ts: distinct ada_type
// of the configuration's seats): over the (venue_configuration_id, key) index that read went
// through all 20,000 seats of the arena to keep its two dozen accessible ones (3.7 ms); over
// this partial index it reads those few.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'create index seats_accessible_by_configuration on seats (venue_configuration_id, ada_type) where ada_type is not null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists seats_accessible_by_configuration');
}
