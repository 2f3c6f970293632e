import type { Knex } from 'knex';

/** One row of `seats`, its section and notice already stored. */
export interface SeatRow {
  readonly sectionId: number | null;
  readonly row: string;
  readonly number: string;
  readonly key: string;
  readonly x: number;
  readonly y: number;
  readonly viewFromSeatRow: number | null;
  readonly focalLengthFactor: number | null;
  readonly zone: string;
  readonly qualityRank: number;
  readonly adaType: string | null;
  readonly seatAlertId: number | null;
}

// 20,000 arena seats in well under a second: one statement per batch, each column sent as one
// array and unnested by the server (13 parameters instead of 65,000). The demo's arena
// (demo/load-venue.ts) and an imported seat plan (venues/venue-imports.ts) load through it.
const SEAT_BATCH = 5000;

/** Stores a configuration's seats in batches, inside the caller's transaction. */
export const insertSeats = async (
  trx: Knex.Transaction,
  configurationId: number,
  seats: readonly SeatRow[],
): Promise<void> => {
  for (let start = 0; start < seats.length; start += SEAT_BATCH) {
    const batch = seats.slice(start, start + SEAT_BATCH);
    // pg sends a JS array as one array parameter; knex's types just do not admit nulls in one.
    const column = <T>(pick: (seat: SeatRow) => T) => batch.map(pick) as unknown as Knex.Value;
    await trx.raw(
      `insert into seats (venue_configuration_id, section_id, row, number, key, x, y, view_from_seat_row,
                          focal_length_factor, zone, quality_rank, ada_type, seat_alert_id)
       select ?, * from unnest(?::int[], ?::text[], ?::text[], ?::text[], ?::float8[], ?::float8[], ?::int[],
                               ?::float8[], ?::text[], ?::int[], ?::text[], ?::int[])`,
      [
        configurationId,
        column((s) => s.sectionId),
        column((s) => s.row),
        column((s) => s.number),
        column((s) => s.key),
        column((s) => s.x),
        column((s) => s.y),
        column((s) => s.viewFromSeatRow),
        column((s) => s.focalLengthFactor),
        column((s) => s.zone),
        column((s) => s.qualityRank),
        column((s) => s.adaType),
        column((s) => s.seatAlertId),
      ],
    );
  }
};
