import type { Knex } from 'knex';
import type { EventSeatStatus } from '../../../../core/inventory/seat-status.ts';
import { pgArray } from '../../sql/pg-array.ts';
import { liveHold } from './live-hold.ts';

// Staff holds: the Holds page putting a performance's seats on a hold subclass, releasing them
// to open or moving them between subclasses (adapters/postgres/holds/), and archiving a subclass,
// which moves its held seats. The rule of which seat an action may change is
// core/holds/hold-action.ts (outcomeFor); applyStaffHold states it in SQL, and
// adapters/postgres/holds/holds.test.ts checks the two agree on every seat state.
//
// One statement per apply: it locks the named rows (in seat order, so two applies cannot
// deadlock each other), judges each on the row as locked, and changes those it may. A customer's
// basket taking a seat (take-seats.ts) is a conditional UPDATE of the same row: whichever
// statement locks the row first wins, and the other judges the row as the first left it. So a
// seat in a live basket is never put on hold, and a held seat is never taken by a basket that
// may not sell its subclass.

export interface LockedSeatRow {
  key: string;
  status: EventSeatStatus;
  hold_subclass_id: number | null;
  live_hold: boolean;
  applied: boolean;
}

export type StaffHoldAction = 'hold' | 'release' | 'move';

/**
 * The action may change the locked seat `w` (its status, subclass and live hold as locked):
 * never a seat in a live basket, sold, or Inquiry/Reserved.
 */
const mayChange = (action: StaffHoldAction, target: string) => {
  const base = `not w.live_hold and w.status in ('Open', 'Hold')`;
  switch (action) {
    case 'release':
      return `${base} and w.status = 'Hold'`;
    case 'hold':
      return `${base} and (w.status = 'Open' or w.hold_subclass_id is distinct from ${target})`;
    case 'move':
      return `${base} and w.status = 'Hold' and w.hold_subclass_id is distinct from ${target}`;
  }
};

/**
 * Applies the action to the performance's seats named by `keys` and answers every one of them
 * found, as it was when locked, with whether it changed. `target`: the subclass (null to release).
 */
export const applyStaffHold = async (
  trx: Knex.Transaction,
  eventId: number,
  keys: readonly string[],
  action: StaffHoldAction,
  target: number | null,
): Promise<LockedSeatRow[]> => {
  const result: { rows: LockedSeatRow[] } = await trx.raw(
    `with wanted as (
         select es.event_id, es.seat_id, s.key, es.status, es.hold_subclass_id, ${liveHold('es')} as live_hold
           from events e
           join seats s on s.venue_configuration_id = e.venue_configuration_id
           join event_seats es on es.event_id = e.id and es.seat_id = s.id
          where e.id = ? and s.key = any(?::text[])
          order by es.seat_id
            for update of es
       ), changed as (
         update event_seats es
            set status = case when ?::int is null then 'Open' else 'Hold' end, hold_subclass_id = ?::int
           from wanted w
          where es.event_id = w.event_id and es.seat_id = w.seat_id
            and ${mayChange(action, '?::int')}
          returning es.seat_id
       )
     select w.key, w.status, w.hold_subclass_id, w.live_hold, (c.seat_id is not null) as applied
       from wanted w left join changed c on c.seat_id = w.seat_id`,
    [eventId, pgArray(keys), target, target, ...(action === 'release' ? [] : [target])],
  );
  return result.rows;
};

/**
 * A subclass archived: every seat held on it, in every performance, moves to `target` (null:
 * open), in the caller's transaction. Seats in a live basket move too: the basket keeps them.
 */
export const reassignHeldSeats = async (
  trx: Knex.Transaction,
  fromSubclassId: number,
  target: number | null,
): Promise<{ event_id: number; key: string }[]> => {
  const result: { rows: { event_id: number; key: string }[] } = await trx.raw(
    `update event_seats es
        set status = case when ?::int is null then 'Open' else 'Hold' end, hold_subclass_id = ?::int
       from seats s
      where es.hold_subclass_id = ? and es.status = 'Hold' and s.id = es.seat_id
      returning es.event_id, s.key`,
    [target, target, fromSubclassId],
  );
  return result.rows;
};
