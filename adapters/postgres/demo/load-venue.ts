import type { Knex } from 'knex';
import type { VenuePlan } from './venue-plan.ts';

export interface LoadedVenue {
  readonly venueId: number;
  readonly configurationId: number;
}

// 20,000 arena seats must load in well under a second: one statement per batch, each column
// sent as one array and unnested by the server (13 parameters instead of 26,000).
const SEAT_BATCH = 5000;

export const loadVenue = async (trx: Knex.Transaction, plan: VenuePlan): Promise<LoadedVenue> => {
  const { venue, configuration } = plan;
  const [venueRow] = await trx('venues')
    .insert({
      name: venue.name,
      display_name: venue.displayName,
      country: venue.country,
      time_zone: venue.timeZone,
      iso_currency_code: venue.isoCurrencyCode,
      currency_locale: venue.currencyLocale,
      address: venue.address,
    })
    .returning('id');
  const venueId: number = venueRow.id;

  const [configurationRow] = await trx('venue_configurations')
    .insert({
      venue_id: venueId,
      name: configuration.name,
      svg: configuration.svg,
      width: configuration.width,
      height: configuration.height,
      focal_x: configuration.focalX,
      focal_y: configuration.focalY,
    })
    .returning('id');
  const configurationId: number = configurationRow.id;

  const alertIds = new Map<string, number>();
  for (const alert of plan.alerts) {
    const [row] = await trx('seat_alerts')
      .insert({
        venue_configuration_id: configurationId,
        name: alert.name,
        message: alert.message,
        requires_acknowledgement: alert.requiresAcknowledgement,
      })
      .returning('id');
    alertIds.set(alert.key, row.id);
  }

  const sectionRows: { id: number; code: string }[] = await trx('sections')
    .insert(
      plan.sections.map((s, i) => ({
        venue_configuration_id: configurationId,
        code: s.code,
        name: s.name,
        is_ga: s.gaCapacity !== null,
        ga_capacity: s.gaCapacity,
        zone: s.zone,
        label_x: s.labelX,
        label_y: s.labelY,
        display_order: i + 1,
      })),
    )
    .returning(['id', 'code']);
  const sectionIds = new Map(sectionRows.map((r) => [r.code, r.id]));

  for (let start = 0; start < plan.seats.length; start += SEAT_BATCH) {
    const batch = plan.seats.slice(start, start + SEAT_BATCH);
    // pg sends a JS array as one array parameter; knex's types just do not admit nulls in one.
    const column = <T>(pick: (seat: (typeof batch)[number]) => T) => batch.map(pick) as unknown as Knex.Value;
    await trx.raw(
      `insert into seats (venue_configuration_id, section_id, row, number, key, x, y, view_from_seat_row,
                          focal_length_factor, zone, quality_rank, ada_type, seat_alert_id)
       select ?, * from unnest(?::int[], ?::text[], ?::text[], ?::text[], ?::float8[], ?::float8[], ?::int[],
                               ?::float8[], ?::text[], ?::int[], ?::text[], ?::int[])`,
      [
        configurationId,
        column((s) => sectionIds.get(s.section) ?? null),
        column((s) => s.row),
        column((s) => String(s.number)),
        column((s) => s.key),
        column((s) => s.x),
        column((s) => s.y),
        column((s) => s.viewFromSeatRow),
        column((s) => s.focalLengthFactor),
        column((s) => s.zone),
        column((s) => s.qualityRank),
        column((s) => s.adaType),
        column((s) => (s.alert === null ? null : (alertIds.get(s.alert) ?? null))),
      ],
    );
  }

  return { venueId, configurationId };
};
