import type { Knex } from 'knex';
import type { TemplateSummary } from '../../../core/performances/ports.ts';

// A template as the performance screens need it: its venue's clock and currency, and the seat
// map (venue configuration) its new performances go on, with that map's price zones.

interface Row {
  id: number;
  code: string;
  display_name: string;
  venue_name: string | null;
  time_zone: string | null;
  iso_currency_code: string | null;
  currency_locale: string | null;
  configuration_id: number | null;
  configuration_name: string | null;
}

/** The zones of a seat map's seats and standing sections, each once, by name. */
export const zonesOf = async (db: Knex, configurationId: number): Promise<string[]> => {
  const { rows } = await db.raw<{ rows: { zone: string }[] }>(
    `select zone from seats where venue_configuration_id = ?
      union
     select zone from sections where venue_configuration_id = ? and is_ga and zone is not null
      order by zone`,
    [configurationId, configurationId],
  );
  return rows.map((r) => r.zone);
};

export const readTemplate = async (db: Knex, templateId: number): Promise<TemplateSummary | undefined> => {
  const row: Row | undefined = await db('event_templates as t')
    .leftJoin('venue_configurations as c', 'c.id', 't.venue_configuration_id')
    .leftJoin('venues as v', 'v.id', db.raw('coalesce(c.venue_id, t.venue_id)'))
    .where('t.id', templateId)
    .first(
      't.id',
      't.code',
      't.display_name',
      'v.name as venue_name',
      'v.time_zone',
      'v.iso_currency_code',
      'v.currency_locale',
      'c.id as configuration_id',
      'c.name as configuration_name',
    );
  if (!row) return undefined;
  return {
    id: row.id,
    code: row.code,
    displayName: row.display_name,
    venueName: row.venue_name,
    timeZone: row.time_zone ?? 'UTC',
    isoCurrencyCode: row.iso_currency_code ?? 'USD',
    currencyLocale: row.currency_locale ?? 'en-us',
    configuration:
      row.configuration_id === null ? null : { id: row.configuration_id, name: row.configuration_name ?? '' },
    zones: row.configuration_id === null ? [] : await zonesOf(db, row.configuration_id),
  };
};
