import type { Knex } from 'knex';
import type { SeatCount } from '../../../core/catalogue/availability.ts';

/**
 * Open and sellable places of a page of events in one grouped statement over event_seats and
 * event_ga_sections. Open: status Open and no live basket hold (an expired hold is free, even
 * before the expiry job tidies it: DESIGN.md section 3). Killed seats are not capacity.
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
                count(*) filter (where es.status = 'Open' and (es.held_until is null or es.held_until <= now())) as open
           from event_seats es
           left join hold_subclasses hs on hs.id = es.hold_subclass_id
          where es.event_id = any(?::int[])
          group by es.event_id
         union all
         select g.event_id, sum(g.capacity),
                sum(greatest(0, g.capacity - g.sold - coalesce((select sum(h.quantity) from event_ga_holds h
                      where h.event_id = g.event_id and h.section_id = g.section_id
                        and h.held_until > now()), 0)))
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
