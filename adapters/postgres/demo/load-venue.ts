import type { Knex } from 'knex';
import { insertSeats } from '../catalogue/insert-seats.ts';
import type { VenuePlan } from './venue-plan.ts';

export interface LoadedVenue {
  readonly venueId: number;
  readonly configurationId: number;
}

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

  await insertSeats(
    trx,
    configurationId,
    plan.seats.map((s) => ({
      sectionId: sectionIds.get(s.section) ?? null,
      row: s.row,
      number: String(s.number),
      key: s.key,
      x: s.x,
      y: s.y,
      viewFromSeatRow: s.viewFromSeatRow,
      focalLengthFactor: s.focalLengthFactor,
      zone: s.zone,
      qualityRank: s.qualityRank,
      adaType: s.adaType,
      seatAlertId: s.alert === null ? null : (alertIds.get(s.alert) ?? null),
    })),
  );

  return { venueId, configurationId };
};
