import type { Knex } from 'knex';
import type { PerformanceSummary } from '../../../core/performances/ports.ts';

// A template's performances with what has sold of each: seats sold and standing places sold, of
// all the seats and places.

interface Row {
  id: number;
  name: string;
  starts_at: Date;
  ends_at: Date | null;
  on_sale_at: Date;
  off_sale_at: Date | null;
  is_presale: boolean;
  status: 'Active' | 'Cancelled';
  version: number;
  sold: string;
  capacity: string;
}

interface PlaceRow {
  event_template_id: number;
  configuration_name: string;
  time_zone: string;
  iso_currency_code: string;
  currency_locale: string;
}

/** Where a performance is: its template, its seat map, its venue's clock and currency. */
export interface PerformancePlace {
  readonly templateId: number;
  readonly configurationName: string;
  readonly timeZone: string;
  readonly isoCurrencyCode: string;
  readonly currencyLocale: string;
}

const summaryOf = (r: Row): PerformanceSummary => ({
  id: r.id,
  name: r.name,
  startsAt: r.starts_at,
  endsAt: r.ends_at,
  onSaleAt: r.on_sale_at,
  offSaleAt: r.off_sale_at,
  isPresale: r.is_presale,
  status: r.status,
  version: r.version,
  sold: Number(r.sold),
  capacity: Number(r.capacity),
});

const SELECT = `
  select e.id, e.name, e.starts_at, e.ends_at, e.on_sale_at, e.off_sale_at, e.is_presale, e.status, e.version,
         coalesce(s.sold, 0) + coalesce(g.sold, 0) as sold,
         coalesce(s.total, 0) + coalesce(g.capacity, 0) as capacity
    from events e
    left join lateral (select count(*) as total, count(*) filter (where status = 'Sold') as sold
                         from event_seats where event_id = e.id) s on true
    left join lateral (select sum(capacity) as capacity, sum(sold) as sold
                         from event_ga_sections where event_id = e.id) g on true`;

export const readPerformances = async (db: Knex, templateId: number): Promise<PerformanceSummary[]> => {
  const { rows } = await db.raw<{ rows: Row[] }>(
    `${SELECT} where e.event_template_id = ? order by e.starts_at, e.id`,
    [templateId],
  );
  return rows.map(summaryOf);
};

export const readPerformanceRow = async (
  db: Knex,
  eventId: number,
): Promise<(PerformanceSummary & PerformancePlace) | undefined> => {
  const { rows } = await db.raw<{ rows: (Row & PlaceRow)[] }>(
    `select p.*, e.event_template_id, c.name as configuration_name,
            v.time_zone, v.iso_currency_code, v.currency_locale
       from (${SELECT} where e.id = ?) p
       join events e on e.id = p.id
       join venue_configurations c on c.id = e.venue_configuration_id
       join venues v on v.id = c.venue_id`,
    [eventId],
  );
  const row = rows[0];
  return row
    ? {
        ...summaryOf(row),
        templateId: row.event_template_id,
        configurationName: row.configuration_name,
        timeZone: row.time_zone,
        isoCurrencyCode: row.iso_currency_code,
        currencyLocale: row.currency_locale,
      }
    : undefined;
};
