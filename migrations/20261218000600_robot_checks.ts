import type { Knex } from 'knex';

// The checkout's robot check (core/orders/checkout/robot-check.ts): when a basket's buyer last
// passed it. A provider checks each answer once, so the pass is kept here for the payment that
// follows.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('basket_robot_checks', (t) => {
    t.uuid('basket_id').primary().references('baskets.id').onDelete('CASCADE');
    t.timestamp('passed_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('basket_robot_checks');
}
