import type { Knex } from 'knex';

// Exchanges: an order's tickets given up for what a staff basket holds. The exchange names the
// order, the tickets given up and the basket that holds the new seats (baskets.is_exchange and
// exchange_order_id mark that basket, so the basket screens and the payment page know it). The
// old tickets stay Active until the exchange completes: then, in one transaction
// (adapters/postgres/orders/exchanges.ts), they become Exchanged, the basket's seats are sold
// into the same order and an order_adjustments row (kind exchange) records the difference.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('exchanges', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()')); // ExchangeGlobalID
    t.integer('order_id').notNullable().references('orders.id');
    t.uuid('basket_id').notNullable().unique().references('baskets.id');
    t.specificType('ticket_ids', 'integer[]').notNullable();
    t.text('status').notNullable().defaultTo('open'); // open, completed, abandoned
    t.integer('adjustment_id').nullable().references('order_adjustments.id');
    t.integer('staff_user_id').nullable().references('staff_users.id').onDelete('SET NULL');
    t.text('staff_name').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('completed_at', { useTz: true }).nullable();
    t.index(['order_id']);
  });
  await knex.raw(
    `alter table exchanges
       add constraint exchanges_status check (status in ('open','completed','abandoned')),
       add constraint exchanges_tickets check (cardinality(ticket_ids) > 0)`,
  );
  // Which exchange brought a ticket into its order (null: sold with the order).
  await knex.schema.alterTable('order_tickets', (t) => {
    t.uuid('exchange_id').nullable().references('exchanges.id');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('order_tickets', (t) => t.dropColumn('exchange_id'));
  await knex.schema.dropTableIfExists('exchanges');
}
