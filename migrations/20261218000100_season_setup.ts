import type { Knex } from 'knex';

// Setting up a season on screen: an event template names the venue configuration (seat map) its
// new performances are put on, and templates and events carry a version that every save checks,
// so a second admin saving over the first is refused instead of silently overwriting.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('event_templates', (t) => {
    t.integer('venue_configuration_id').nullable().references('venue_configurations.id');
    t.integer('version').notNullable().defaultTo(1);
  });
  // An existing template's configuration is the one its latest performance is on.
  await knex.raw(`
    update event_templates t
       set venue_configuration_id = (
         select e.venue_configuration_id from events e
          where e.event_template_id = t.id
          order by e.starts_at desc, e.id desc
          limit 1)`);
  await knex.schema.alterTable('events', (t) => {
    t.integer('version').notNullable().defaultTo(1);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => t.dropColumn('version'));
  await knex.schema.alterTable('event_templates', (t) => {
    t.dropColumn('version');
    t.dropColumn('venue_configuration_id');
  });
}
