import type { Knex } from 'knex';

// Holds take no lock on the rows every hold of an on-sale shares (the holds bench showed them
// queueing on those locks).
//
// A foreign key makes each insert run a check that takes a KEY SHARE lock on the parent row.
// Every basket of an on-sale names the same sales channel, and every item of it the same event,
// section, price level and price type: hundreds of concurrent transactions share-lock those few
// rows, and PostgreSQL records each new sharer of a row already shared by others as a new
// multixact (all members copied), which costs far more than the insert itself. The orders tables
// carry no such keys for the same reason (20261201000100_orders.ts).
//
// What guarantees the references instead:
// - A seated item's event, seat and price level are the event_seats row the same statement
//   holds (adapters/postgres/basket/hold-seats.ts joins the insert to the UPDATE ... RETURNING
//   of that row, which keeps its own keys to events, seats and price_levels); its section is the
//   seat's (seats.section_id keeps its key). basket_items.seat_id keeps its key: seats are not
//   shared by holds.
// - A GA item's event and section are the event_ga_sections row the hold has locked FOR UPDATE;
//   event_ga_holds keeps its key to that row (a lock the transaction already holds, so cheap).
// - Price types, promotions, packages, seat alerts and hold subclasses come from the event's
//   pricing and hold rules, read from tables that keep their own keys.
// - None of these parent rows is deleted by Foyer (events are cancelled, not deleted; price
//   levels, sections and channels are edited, not removed while anything refers to them), so the
//   ON DELETE actions these keys had never ran. The demo reset (TRUNCATE ... CASCADE) still
//   empties baskets through their remaining keys (customers, delivery methods, events) and
//   basket_items and event_ga_holds through baskets.
const DROPPED: readonly { table: string; column: string; parent: string; onDelete?: string }[] = [
  { table: 'baskets', column: 'sales_channel_id', parent: 'sales_channels' },
  { table: 'basket_items', column: 'event_id', parent: 'events', onDelete: 'CASCADE' },
  { table: 'basket_items', column: 'section_id', parent: 'sections', onDelete: 'CASCADE' },
  { table: 'basket_items', column: 'price_level_id', parent: 'price_levels', onDelete: 'CASCADE' },
  { table: 'basket_items', column: 'price_type_id', parent: 'price_types' },
  { table: 'basket_items', column: 'promotion_id', parent: 'promotions', onDelete: 'SET NULL' },
  { table: 'basket_items', column: 'package_id', parent: 'packages', onDelete: 'SET NULL' },
  { table: 'basket_items', column: 'seat_alert_id', parent: 'seat_alerts', onDelete: 'SET NULL' },
  { table: 'basket_items', column: 'hold_subclass_id', parent: 'hold_subclasses' },
];

const constraintOf = (table: string, column: string) => `${table}_${column}_foreign`;

export async function up(knex: Knex): Promise<void> {
  for (const { table, column } of DROPPED)
    await knex.raw(`alter table ${table} drop constraint if exists ${constraintOf(table, column)}`);
}

export async function down(knex: Knex): Promise<void> {
  for (const { table, column, parent, onDelete } of DROPPED)
    await knex.raw(
      `alter table ${table} add constraint ${constraintOf(table, column)} foreign key (${column})
         references ${parent} (id)${onDelete ? ` on delete ${onDelete}` : ''}`,
    );
}
