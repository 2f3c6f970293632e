import type { Knex } from 'knex';
import { UNNAMED_ZONE_COLOR } from '../../../core/performances/price-grid.ts';
import type { Schedule } from '../../../core/performances/schedule.ts';
import { takeDefaultsFromLatest } from './template-grid.ts';
import { zonesOf } from './templates.ts';

// New performances of a template, made sellable in the caller's transaction: the events, a price
// level per zone of the seat map (the template's label and colour, or the zone's own name), the
// template's prices and fees, a seat row per seat (Open) and the standing sections. Each step is
// one statement over every new performance at once, so 14 performances of a 20,000-seat map are
// seven statements, not 280,000. Making inventory is not a write of seat status (see
// adapters/postgres/inventory/seat-status-home.test.ts): no seat is held or sold here.

export interface NewPerformances {
  readonly templateId: number;
  readonly configurationId: number;
  readonly name: string;
  readonly urlSafeName: string;
  readonly schedules: readonly Schedule[];
  readonly isPresale: boolean;
}

// Nulls ride in the arrays as SQL nulls (pg writes them so); knex types arrays without them.
const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** The new events' ids, and the starts skipped because the template already has them. */
export const createPerformances = async (
  trx: Knex.Transaction,
  plan: NewPerformances,
): Promise<{ ids: number[]; skipped: Date[] }> => {
  await takeDefaultsFromLatest(trx, plan.templateId);
  const { rows: events } = (await trx.raw(
    `insert into events (event_template_id, venue_configuration_id, name, url_safe_name,
                         starts_at, ends_at, on_sale_at, off_sale_at, is_presale)
     select distinct on (s.starts_at) ?::int, ?::int, ?, ?, s.starts_at, s.ends_at, s.on_sale_at, s.off_sale_at, ?
       from unnest(?::timestamptz[], ?::timestamptz[], ?::timestamptz[], ?::timestamptz[])
            as s(starts_at, ends_at, on_sale_at, off_sale_at)
      where not exists (select 1 from events e
                         where e.event_template_id = ? and e.starts_at = s.starts_at and e.status = 'Active')
      order by s.starts_at
     returning id, starts_at`,
    [
      plan.templateId,
      plan.configurationId,
      plan.name,
      plan.urlSafeName,
      plan.isPresale,
      plan.schedules.map((s) => iso(s.startsAt)) as string[],
      plan.schedules.map((s) => iso(s.endsAt)) as string[],
      plan.schedules.map((s) => iso(s.onSaleAt)) as string[],
      plan.schedules.map((s) => iso(s.offSaleAt)) as string[],
      plan.templateId,
    ],
  )) as { rows: { id: number; starts_at: Date }[] };
  const made = new Set(events.map((e) => e.starts_at.getTime()));
  const skipped = plan.schedules.map((s) => s.startsAt).filter((d) => !made.has(d.getTime()));
  const ids = events.map((e) => e.id);
  if (ids.length === 0) return { ids, skipped };

  const zones = await zonesOf(trx, plan.configurationId);
  await trx.raw(
    `insert into price_levels (event_id, zone, label, color, display_order)
     select e.id, z.zone, coalesce(tl.label, z.zone), coalesce(tl.color, ?), coalesce(tl.display_order, 1000 + z.n)
       from unnest(?::int[]) as e(id)
      cross join unnest(?::text[]) with ordinality as z(zone, n)
       left join event_template_price_levels tl on tl.event_template_id = ? and tl.zone = z.zone`,
    [UNNAMED_ZONE_COLOR, ids, zones, plan.templateId],
  );
  await trx.raw(
    `insert into prices (event_id, price_level_id, price_type_id, amount)
     select pl.event_id, pl.id, tp.price_type_id, tp.amount
       from price_levels pl
       join event_template_prices tp on tp.event_template_id = ? and tp.zone = pl.zone
      where pl.event_id = any(?::int[])`,
    [plan.templateId, ids],
  );
  await trx.raw(
    `insert into fees (event_id, price_level_id, price_type_id, name, scope, amount, rate_bp)
     select e.id, pl.id, tf.price_type_id, tf.name, tf.scope, tf.amount, tf.rate_bp
       from unnest(?::int[]) as e(id)
       join event_template_fees tf on tf.event_template_id = ?
       left join price_levels pl on pl.event_id = e.id and pl.zone = tf.zone
      where tf.zone is null or pl.id is not null
      order by e.id, tf.id`,
    [ids, plan.templateId],
  );
  await trx.raw(
    `insert into event_seats (event_id, seat_id, price_level_id, status)
     select pl.event_id, s.id, pl.id, 'Open'
       from price_levels pl
       join seats s on s.venue_configuration_id = ? and s.zone = pl.zone
      where pl.event_id = any(?::int[])`,
    [plan.configurationId, ids],
  );
  await trx.raw(
    `insert into event_ga_sections (event_id, section_id, price_level_id, capacity, sold)
     select pl.event_id, s.id, pl.id, s.ga_capacity, 0
       from price_levels pl
       join sections s on s.venue_configuration_id = ? and s.is_ga and s.zone = pl.zone
      where pl.event_id = any(?::int[])`,
    [plan.configurationId, ids],
  );
  return { ids, skipped };
};
