import type { Knex } from 'knex';
import type { SeatCount } from '../../../../core/catalogue/availability.ts';
import { liveGaHeld, liveHold, noLiveHold } from './live-hold.ts';

// What is left to sell, as the catalogue, the seat map and best-available read it. The counts
// and flags judge live holds with the predicate of live-hold.ts, so what they show free is what
// the hold statements (take-seats.ts, ga-places.ts) would take.

/** A seat's live basket hold as a boolean column of a read (`alias`: the event_seats row). */
export const liveHoldColumn = (alias: string) => `${liveHold(alias)} as live_hold`;

/**
 * Open and sellable places of a page of events in one grouped statement over event_seats and
 * event_ga_sections. Open: status Open and no live basket hold (an expired hold is free, even
 * before the expiry job tidies it). Killed seats are not capacity.
 */
export const availabilityByEvent = async (
  db: Knex,
  eventIds: readonly number[],
): Promise<Map<number, SeatCount>> => {
  if (eventIds.length === 0) return new Map();
  if (!eventIds.every(Number.isInteger)) throw new TypeError('event ids must be integers');
  const result = await db.raw(
    `select event_id, sum(total) as total, sum(open) as open from (
         select es.event_id,
                count(*) filter (where hs.is_kill is not true) as total,
                count(*) filter (where es.status = 'Open' and ${noLiveHold('es')}) as open
           from event_seats es
           left join hold_subclasses hs on hs.id = es.hold_subclass_id
          where es.event_id = any(?::int[])
          group by es.event_id
         union all
         select g.event_id, sum(g.capacity),
                sum(greatest(0, g.capacity - g.sold - ${liveGaHeld('g')}))
           from event_ga_sections g
          where g.event_id = any(?::int[])
          group by g.event_id
       ) places
     group by event_id`,
    // A Postgres array literal: knex would spread a JS array into a list of placeholders.
    [`{${eventIds.join(',')}}`, `{${eventIds.join(',')}}`],
  );
  return new Map(
    (result.rows as { event_id: number; total: number; open: number }[]).map((r) => [
      r.event_id,
      { open: Number(r.open), total: Number(r.total) },
    ]),
  );
};
