import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurationLayout, type ConfigurationLayout } from '../../../core/venues/configuration-layout.ts';
import { readCsvPlan } from '../../../core/venues/csv-plan.ts';
import { VenueNotFound, type VenueChoice } from '../../../core/venues/ports.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { createDatabase } from '../database.ts';
import { storeConfiguration } from './venue-imports.ts';

// A seat plan stored as a new configuration: all of it in one transaction, or nothing at all.

let db: Knex;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  db = createDatabase(database.url, { max: 2 });
});
afterAll(async () => {
  await db?.destroy();
  await drop?.();
});

const TABLES = ['venues', 'venue_configurations', 'sections', 'seats', 'seat_alerts', 'audit_log'] as const;
const counts = async () =>
  Object.fromEntries(
    await Promise.all(
      TABLES.map(async (t) => [t, Number((await db(t).count({ n: '*' }).first())!.n)] as const),
    ),
  );

/** `rows` rows of 100 seats in sections of 20 rows, every 7th seat with a notice, and a standing floor. */
const layoutOf = (rows: number): ConfigurationLayout => {
  const lines = ['section,row,seat,x,y,price level,tags,capacity'];
  for (let r = 0; r < rows; r++)
    for (let s = 1; s <= 100; s++)
      lines.push(
        `S${Math.floor(r / 20)},R${r % 20},${s},${s * 10},${r * 12},${r < rows / 2 ? 'A' : 'B'},${s % 7 === 0 ? 'aisle' : ''},`,
      );
  lines.push('FLOOR,,,500,5,GA,,400');
  const reading = readCsvPlan(lines.join('\n'));
  if (!reading.ok) throw new Error(JSON.stringify(reading.problems));
  return configurationLayout(reading.plan);
};

const newVenue: VenueChoice = {
  kind: 'new',
  venue: {
    name: 'Imported Hall',
    displayName: 'Imported Hall',
    country: 'GB',
    timeZone: 'Europe/London',
    isoCurrencyCode: 'GBP',
    currencyLocale: 'en-gb',
  },
};
const by = { staffUserId: null, name: 'cli:test' };

describe('storing an imported configuration', { timeout: 60_000 }, () => {
  it('writes the venue, configuration, sections, notices and 12,000 seats, audited', async () => {
    const was = await counts();
    const layout = layoutOf(120);
    const outcome = await storeConfiguration(db, {
      venue: newVenue,
      name: 'Main',
      layout,
      format: 'csv',
      by,
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const stored = outcome.value;
    expect(stored).toMatchObject({
      venueCreated: true,
      sections: 7,
      seats: 12_000,
      gaPlaces: 400,
      alerts: 1,
    });
    expect(await counts()).toEqual({
      venues: was.venues! + 1,
      venue_configurations: was.venue_configurations! + 1,
      sections: was.sections! + 7,
      seats: was.seats! + 12_000,
      seat_alerts: was.seat_alerts! + 1,
      audit_log: was.audit_log! + 1,
    });
    const seats = await db('seats')
      .where({ venue_configuration_id: stored.configurationId })
      .orderBy('id')
      .select('key', 'x', 'y', 'zone', 'quality_rank', 'view_from_seat_row', 'seat_alert_id');
    expect(seats.map((s) => [s.key, s.x, s.y, s.zone, s.quality_rank, s.view_from_seat_row])).toEqual(
      layout.seats.map((s) => [s.key, s.x, s.y, s.zone, s.qualityRank, s.viewFromSeatRow]),
    );
    expect(seats.filter((s) => s.seat_alert_id !== null)).toHaveLength(
      layout.seats.filter((s) => s.alert !== null).length,
    );
    const floor = await db('sections')
      .where({ venue_configuration_id: stored.configurationId, code: 'FLOOR' })
      .first();
    expect(floor).toMatchObject({
      is_ga: true,
      ga_capacity: 400,
      zone: 'GA',
      label_x: 500,
      label_y: 5,
      display_order: 7,
    });
  });

  it('leaves nothing behind when a write fails part way, even in the last batch of seats', async () => {
    const was = await counts();
    const layout = layoutOf(120);
    // The last seat names a section the layout does not have: its batch is refused by the database.
    const broken: ConfigurationLayout = {
      ...layout,
      seats: [...layout.seats.slice(0, -1), { ...layout.seats.at(-1)!, section: 'NOWHERE' }],
    };
    await expect(
      storeConfiguration(db, { venue: newVenue, name: 'Broken', layout: broken, format: 'csv', by }),
    ).rejects.toThrow(/null value in column "section_id"/);
    expect(await counts()).toEqual(was);
  });

  it('refuses a venue there is not, and adds nothing', async () => {
    const was = await counts();
    const outcome = await storeConfiguration(db, {
      venue: { kind: 'existing', venueId: 987_654 },
      name: 'Nowhere',
      layout: layoutOf(1),
      format: 'csv',
      by,
    });
    expect(outcome).toEqual({ ok: false, error: new VenueNotFound({ venueId: 987_654 }) });
    expect(await counts()).toEqual(was);
  });
});
