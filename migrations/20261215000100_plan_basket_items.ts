import type { Knex } from 'knex';

// Plan baskets (core/plans/README.md): each ticket of a plan basket names the plan slot it fills,
// and the order's ticket keeps it. Every path that writes order_tickets (the sale functions of
// migrations/20261209000100_seat_sale_functions.ts, adapters/postgres/orders/complete-order.ts)
// copies the order's basket items, so one trigger gives each new order ticket the slot of the
// basket item it was sold from (same event and key) rather than teaching each path. An exchange
// sells from a basket of its own: adapters/postgres/orders/exchange-plan-slots.ts carries the slot.
export async function up(knex: Knex): Promise<void> {
  for (const table of ['basket_items', 'order_tickets'])
    await knex.raw(
      `alter table ${table} add column event_plan_slot_id int null
         references event_plan_slots (id) on delete set null`,
    );
  await knex.raw(`
    create function foyer_order_ticket_plan_slot() returns trigger language plpgsql as $$
    begin
      select i.event_plan_slot_id into new.event_plan_slot_id
        from orders o
        join basket_items i on i.basket_id = o.basket_id
       where o.id = new.order_id
         and i.item_type = 'Ticket'
         and i.event_id = new.event_id
         and i.key = new.key
         and i.event_plan_slot_id is not null
       limit 1;
      return new;
    end
    $$`);
  await knex.raw(`
    create trigger order_tickets_plan_slot before insert on order_tickets
      for each row when (new.event_plan_slot_id is null)
      execute function foyer_order_ticket_plan_slot()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop trigger if exists order_tickets_plan_slot on order_tickets`);
  await knex.raw(`drop function if exists foyer_order_ticket_plan_slot()`);
  for (const table of ['order_tickets', 'basket_items'])
    await knex.raw(`alter table ${table} drop column if exists event_plan_slot_id`);
}
