import type { Knex } from 'knex';
import { pgArray } from '../../sql/pg-array.ts';

// A plan ticket exchanged for another performance of the same plan slot (a season subscriber
// moving to another night of the play) still fills that slot: the new ticket takes the slot of
// a given-up ticket when the slot lists the new ticket's event. A new ticket for a performance
// outside those slots is an ordinary ticket. Order tickets otherwise get their slot from the
// basket item they were sold from (migrations/20261215000100_plan_basket_items.ts); an exchange
// basket's items carry none.

/** Gives each of `newTicketIds` the plan slot of a `givenTicketIds` ticket that offers its event. */
export const carryPlanSlots = async (
  trx: Knex.Transaction,
  givenTicketIds: readonly number[],
  newTicketIds: readonly number[],
): Promise<void> => {
  if (givenTicketIds.length === 0 || newTicketIds.length === 0) return;
  await trx.raw(
    `update order_tickets n
        set event_plan_slot_id = (
          select min(given.event_plan_slot_id)
            from order_tickets given
            join event_plan_slot_events se
              on se.event_plan_slot_id = given.event_plan_slot_id and se.event_id = n.event_id
           where given.id = any(?::int[]))
      where n.id = any(?::int[])`,
    [pgArray(givenTicketIds), pgArray(newTicketIds)],
  );
};
