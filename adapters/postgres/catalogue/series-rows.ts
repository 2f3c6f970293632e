import type { Knex } from 'knex';
import type { SeriesPackage, SeriesRecord, SecondaryMarketOption } from '../../../core/catalogue/series.ts';
import type { ShowRange } from '../../../core/catalogue/series-dates.ts';
import { venueColumns, venueOf, type VenueColumns } from '../sql/event-venue-join.ts';

interface SeriesRow extends Omit<VenueColumns, 'venue_id'> {
  id: number;
  code: string;
  display_name: string;
  description: string | null;
  image_url: string | null;
  future_template_code: string | null;
  past_template_code: string | null;
  is_calendar_view: boolean;
  sold_out_header: string | null;
  sold_out_message: string | null;
  no_best_available: boolean;
  ada_agreement: string | null;
  order_ticket_limit: number;
  secondary_market_option: string;
  is_archived: boolean;
  venue_id: number | null;
}

const secondaryMarketOptions: readonly string[] = ['None', 'Resale', 'TicketExchange'];

/** The series with this code, case-insensitively (an exact match wins). */
export const seriesWithCode = async (db: Knex, code: string): Promise<SeriesRecord | null> => {
  const row: SeriesRow | undefined = await db('event_templates as t')
    .leftJoin('venues as v', function () {
      // A template without a venue takes the venue of its first show.
      this.on(
        'v.id',
        '=',
        db.raw(`coalesce(t.venue_id, (select vc.venue_id from events e
                 join venue_configurations vc on vc.id = e.venue_configuration_id
                 where e.event_template_id = t.id order by e.starts_at, e.id limit 1))`),
      );
    })
    .whereRaw('lower(t.code) = lower(?)', [code])
    .orderByRaw('(t.code = ?) desc', [code])
    .first(
      't.id',
      't.code',
      't.display_name',
      't.description',
      't.image_url',
      't.future_template_code',
      't.past_template_code',
      't.is_calendar_view',
      't.sold_out_header',
      't.sold_out_message',
      't.no_best_available',
      't.ada_agreement',
      't.order_ticket_limit',
      't.secondary_market_option',
      't.is_archived',
      ...venueColumns,
    );
  if (!row) return null;
  const { venue_id } = row;
  return {
    id: row.id,
    code: row.code,
    name: row.display_name,
    description: row.description,
    imageUrl: row.image_url,
    futureTemplateCode: row.future_template_code,
    pastTemplateCode: row.past_template_code,
    isCalendarView: row.is_calendar_view,
    soldOutHeader: row.sold_out_header,
    soldOutMessage: row.sold_out_message,
    noBestAvailable: row.no_best_available,
    adaAgreement: row.ada_agreement,
    orderTicketLimit: row.order_ticket_limit,
    secondaryMarketOption: secondaryMarketOptions.includes(row.secondary_market_option)
      ? (row.secondary_market_option as SecondaryMarketOption)
      : 'None',
    isArchived: row.is_archived,
    venue: venue_id === null ? null : venueOf({ ...row, venue_id }),
  };
};

/** The series and every season reachable by past/future template codes (depth 20 stops cycles). */
export const seasonShowRanges = async (db: Knex, seriesId: number): Promise<ShowRange[]> => {
  const result = await db.raw(
    `with recursive back(id, next, depth) as (
         select id, past_template_code, 0 from event_templates where id = :seriesId
         union all
         select t.id, t.past_template_code, b.depth + 1
           from back b join event_templates t on t.code = b.next where b.depth < 20
       ), fwd(id, next, depth) as (
         select id, future_template_code, 0 from event_templates where id = :seriesId
         union all
         select t.id, t.future_template_code, f.depth + 1
           from fwd f join event_templates t on t.code = f.next where f.depth < 20
       ), chain as (select id from back union select id from fwd)
     select e.event_template_id as series_id, min(e.starts_at) as first_start, max(e.starts_at) as last_start,
            max(coalesce(e.ends_at, e.starts_at)) as last_end
       from chain join events e on e.event_template_id = chain.id and e.status = 'Active'
      group by e.event_template_id`,
    { seriesId },
  );
  return (result.rows as { series_id: number; first_start: Date; last_start: Date; last_end: Date }[]).map(
    (r) => ({
      seriesId: r.series_id,
      firstStart: r.first_start,
      lastStart: r.last_start,
      lastEnd: r.last_end,
    }),
  );
};

export const packagesOfSeries = async (db: Knex, seriesId: number): Promise<SeriesPackage[]> => {
  const rows: {
    id: number;
    code: string;
    name: string;
    description: string | null;
    require_package_purchase: boolean;
    event_ids: number[];
  }[] = await db('packages as p')
    .leftJoin('package_events as pe', 'pe.package_id', 'p.id')
    .where('p.event_template_id', seriesId)
    .groupBy('p.id')
    .orderBy('p.id')
    .select(
      'p.id',
      'p.code',
      'p.name',
      'p.description',
      'p.require_package_purchase',
      db.raw(
        `coalesce(array_agg(pe.event_id order by pe.event_id) filter (where pe.event_id is not null), '{}') as event_ids`,
      ),
    );
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    description: r.description,
    requirePackagePurchase: r.require_package_purchase,
    eventIds: r.event_ids,
  }));
};
