import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import type { SettingsActor } from '../../../core/accounts/house-currency.ts';
import type { ConfigurationLayout } from '../../../core/venues/configuration-layout.ts';
import {
  VenueImports,
  VenueNotFound,
  type StoredConfiguration,
  type VenueChoice,
} from '../../../core/venues/ports.ts';
import { insertSeats } from '../catalogue/insert-seats.ts';
import { inTransaction, refuse } from '../sql/transaction.ts';

// An imported seat plan stored as a new venue configuration (core/venues/configuration-layout.ts
// worked out every row): the venue when new, the configuration, its seat notices, sections and
// seats, and the audit row, in one transaction, so a failure at any point leaves nothing behind. Only inserts: no
// existing configuration is changed, so no seat an event has sold can be lost.
//
// 20,000 seats in well under a second through the demo arena's batch insert
// (adapters/postgres/catalogue/insert-seats.ts). The seats' foreign keys stay checked row by row: setting
// them aside (demo/bulk-load.ts) would lock the seats table against every seat-map read and hold
// of a running box office for the import's length, and the check costs little at this size.

/** The configuration of `venue` (made first when new), rows and all; VenueNotFound refuses. */
export const storeConfiguration = async (
  db: Knex,
  request: {
    readonly venue: VenueChoice;
    readonly name: string;
    readonly layout: ConfigurationLayout;
    readonly format: 'pretix' | 'csv';
    readonly by: SettingsActor;
  },
) =>
  inTransaction<StoredConfiguration, VenueNotFound>(db, async (trx) => {
    const { layout, venue: choice } = request;
    let venue: {
      id: number;
      name: string;
      time_zone: string;
      iso_currency_code: string;
      currency_locale: string;
    };
    if (choice.kind === 'existing') {
      // Key-share locked: the venue cannot be deleted under the new configuration.
      const found = await trx('venues')
        .where({ id: choice.venueId })
        .forKeyShare()
        .first('id', 'name', 'time_zone', 'iso_currency_code', 'currency_locale');
      if (!found) return refuse(new VenueNotFound({ venueId: choice.venueId }));
      venue = found;
    } else {
      const v = choice.venue;
      const [made] = await trx('venues')
        .insert({
          name: v.name,
          display_name: v.displayName,
          country: v.country,
          time_zone: v.timeZone,
          iso_currency_code: v.isoCurrencyCode,
          currency_locale: v.currencyLocale,
        })
        .returning(['id', 'name', 'time_zone', 'iso_currency_code', 'currency_locale']);
      venue = made;
    }

    const [configuration] = await trx('venue_configurations')
      .insert({
        venue_id: venue.id,
        name: request.name,
        svg: layout.svg,
        width: layout.width,
        height: layout.height,
        focal_x: layout.focalX,
        focal_y: layout.focalY,
      })
      .returning('id');
    const configurationId: number = configuration.id;

    const alertIds: number[] =
      layout.alerts.length === 0
        ? []
        : (
            await trx('seat_alerts')
              .insert(
                layout.alerts.map((a) => ({
                  venue_configuration_id: configurationId,
                  name: a.name,
                  message: a.message,
                  requires_acknowledgement: a.requiresAcknowledgement,
                })),
              )
              .returning('id')
          ).map((row: { id: number }) => row.id);

    const sectionRows: { id: number; code: string }[] = await trx('sections')
      .insert(
        layout.sections.map((s) => ({
          venue_configuration_id: configurationId,
          code: s.code,
          name: s.name,
          is_ga: s.gaCapacity !== null,
          ga_capacity: s.gaCapacity,
          zone: s.zone,
          label_x: s.labelX,
          label_y: s.labelY,
          display_order: s.displayOrder,
        })),
      )
      .returning(['id', 'code']);
    const sectionIds = new Map(sectionRows.map((r) => [r.code, r.id]));

    await insertSeats(
      trx,
      configurationId,
      layout.seats.map((s) => ({
        sectionId: sectionIds.get(s.section) ?? null,
        row: s.row,
        number: s.number,
        key: s.key,
        x: s.x,
        y: s.y,
        viewFromSeatRow: s.viewFromSeatRow,
        focalLengthFactor: s.focalLengthFactor,
        zone: s.zone,
        qualityRank: s.qualityRank,
        adaType: s.adaType,
        seatAlertId: s.alert === null ? null : (alertIds[s.alert] ?? null),
      })),
    );

    const stored: StoredConfiguration = {
      venueId: venue.id,
      venueName: venue.name,
      venueCreated: choice.kind === 'new',
      timeZone: venue.time_zone,
      isoCurrencyCode: venue.iso_currency_code,
      currencyLocale: venue.currency_locale,
      configurationId,
      configurationName: request.name,
      sections: layout.sections.length,
      seats: layout.seats.length,
      gaPlaces: layout.sections.reduce((sum, s) => sum + (s.gaCapacity ?? 0), 0),
      alerts: layout.alerts.length,
    };
    await trx('audit_log').insert({
      staff_user_id: request.by.staffUserId,
      actor: request.by.name,
      action: 'venues.import',
      details: JSON.stringify({ format: request.format, ...stored }),
    });
    return stored;
  });

export const VenueImportsPostgres = (db: Knex) =>
  Layer.succeed(VenueImports, {
    venueTimeZones: () =>
      Effect.promise(async () =>
        (await db('venues').distinct('time_zone').orderBy('time_zone')).map(
          (r: { time_zone: string }) => r.time_zone,
        ),
      ),
    addConfiguration: (request) =>
      Effect.flatMap(
        Effect.promise(() => storeConfiguration(db, request)),
        (outcome) => (outcome.ok ? Effect.succeed(outcome.value) : Effect.fail(outcome.error)),
      ),
  });
