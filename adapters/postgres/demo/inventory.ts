import type { Knex } from 'knex';
import { hashLabel } from './prng.ts';
import type { HoldSubclassName } from './sales-setup.ts';
import type { PricedEvent } from './pricing.ts';

/**
 * Seat status for every event of one venue configuration in one statement: each seat gets the
 * event's price level for its zone; held seats go on hold; then the first `soldShare` of the
 * remaining seats, in an order that mixes seat quality with a hash of (seat, event ref),
 * are sold. Best seats sell first, but not strictly, and the same seats sell on every run.
 */
export const insertEventSeats = async (
  trx: Knex.Transaction,
  configurationId: number,
  events: readonly PricedEvent[],
  holdSubclassIds: Readonly<Record<HoldSubclassName, number>>,
): Promise<number> => {
  if (events.length === 0) return 0;
  const holds = events.flatMap((e) =>
    e.plan.holds.flatMap((hold) =>
      hold.seatKeys.map((key) => ({ eventId: e.id, key, subclassId: holdSubclassIds[hold.subclass] })),
    ),
  );
  const result = await trx.raw(
    `with plan as (
       select * from unnest(?::int[], ?::float8[], ?::int8[]) as p(event_id, sold_share, salt)
     ), held as (
       select * from unnest(?::int[], ?::text[], ?::int[]) as h(event_id, seat_key, hold_subclass_id)
     ), worst as (
       select greatest(max(quality_rank), 1)::float8 as rank from seats where venue_configuration_id = ?
     ), ordered as (
       select p.event_id, s.id as seat_id, s.zone, h.hold_subclass_id, p.sold_share,
              row_number() over sale_order as position,
              count(*) over (partition by p.event_id, h.hold_subclass_id is null) as pool
         from plan p
        cross join seats s
        cross join worst
         left join held h on h.event_id = p.event_id and h.seat_key = s.key
        -- A 32-bit integer hash of (seat, event): the seat's rank is its stable identity.
        -- (md5 would do too, at five times the cost over 350,000 rows.)
        cross join lateral (select (s.quality_rank * 73244475::int8 + p.salt) % 4294967296 as x) h0
        cross join lateral (select ((h0.x # (h0.x >> 16)) * 73244475) % 4294967296 as x) h1
        cross join lateral (select ((h1.x # (h1.x >> 16)) * 73244475) % 4294967296 as x) h2
        where s.venue_configuration_id = ?
       window sale_order as (
         partition by p.event_id, h.hold_subclass_id is null
         order by 0.6::float8 * s.quality_rank / worst.rank + 0.4::float8 * (h2.x # (h2.x >> 16)) / 4294967296.0::float8,
                  s.quality_rank
       )
     )
     insert into event_seats (event_id, seat_id, price_level_id, status, hold_subclass_id)
     select o.event_id, o.seat_id, pl.id,
            case when o.hold_subclass_id is not null then 'Hold'
                 when o.position <= round(o.sold_share * o.pool) then 'Sold'
                 else 'Open' end,
            o.hold_subclass_id
       from ordered o
       join price_levels pl on pl.event_id = o.event_id and pl.zone = o.zone`,
    [
      events.map((e) => e.id),
      events.map((e) => e.plan.soldShare),
      events.map((e) => hashLabel(e.plan.ref)),
      holds.map((h) => h.eventId),
      holds.map((h) => h.key),
      holds.map((h) => h.subclassId),
      configurationId,
      configurationId,
    ],
  );
  return result.rowCount ?? 0;
};

/** Standing capacity per event: the GA section's capacity, `gaSoldShare` of it already sold. */
export const insertEventGaSections = async (
  trx: Knex.Transaction,
  events: readonly PricedEvent[],
): Promise<number> => {
  if (events.length === 0) return 0;
  const result = await trx.raw(
    `insert into event_ga_sections (event_id, section_id, price_level_id, capacity, sold)
     select e.id, s.id, pl.id, s.ga_capacity, least(s.ga_capacity, round(p.sold_share * s.ga_capacity)::int)
       from unnest(?::int[], ?::float8[]) as p(event_id, sold_share)
       join events e on e.id = p.event_id
       join sections s on s.venue_configuration_id = e.venue_configuration_id and s.is_ga
       join price_levels pl on pl.event_id = e.id and pl.zone = s.zone`,
    [events.map((e) => e.id), events.map((e) => e.plan.gaSoldShare)],
  );
  return result.rowCount ?? 0;
};
