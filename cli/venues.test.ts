import os from 'node:os';
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../adapters/config.ts';
import { makeAppRuntime } from '../adapters/wiring.ts';
import { seatMapDrawing, seatMapGeometry } from '../core/catalogue/read-seat-map.ts';
import { cliWorld, runFoyer } from './test-cli.ts';

// `foyer venues import` as an operator types it, against a demo database: a pretix seating plan
// and a CSV become new venue configurations that the storefront's seat map reads (through the
// catalogue's port, as GET /api/svg/svgdata/{id} does); a bad file names every problem and changes
// nothing.
const world = cliWorld('foyer-venues-cli-');
const foyer = (args: string[]) => runFoyer(world, args);
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);

const TABLES = ['venues', 'venue_configurations', 'sections', 'seats', 'seat_alerts', 'audit_log'] as const;
const counts = async () =>
  Object.fromEntries(
    await Promise.all(
      TABLES.map(async (t) => [t, Number((await world.db(t).count({ n: '*' }).first())!.n)] as const),
    ),
  );

/** The storefront's read of a configuration's seat map, through the catalogue's port. */
const storefrontMap = async (configurationId: number) => {
  const runtime = makeAppRuntime({
    db: world.db,
    config: loadConfig({
      DATABASE_URL: world.database.url,
      PORT: '0',
      LOG_LEVEL: 'silent',
      DATA_DIR: world.dir,
    }),
  });
  try {
    return {
      ...(await runtime.runPromise(seatMapGeometry(configurationId))).map,
      svg: (await runtime.runPromise(seatMapDrawing(configurationId))).drawing.svg,
    };
  } finally {
    await runtime.dispose();
  }
};

describe('foyer venues import', { timeout: 120_000 }, () => {
  let littleTheatre = 0;

  it('imports a pretix plan as a new venue: the seat map shows each seat at zone + row + seat', async () => {
    const run = await foyer([
      'venues',
      'import',
      fixture('small-pretix.json'),
      '--name',
      'Proscenium',
      '--venue-name',
      'Little Theatre',
      '--time-zone',
      'europe/berlin',
      '--currency-locale',
      'fr-fr',
      '--ga',
      'Standing=50',
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const answer = JSON.parse(run.stdout);
    expect(answer).toMatchObject({
      Name: 'Proscenium',
      VenueName: 'Little Theatre',
      VenueCreated: true,
      TimeZone: 'Europe/Berlin',
      IsoCurrencyCode: 'EUR',
      CurrencyLocale: 'fr-fr',
      Format: 'pretix',
      Sections: 3,
      Seats: 10,
      GeneralAdmissionPlaces: 50,
      FocalPoint: { x: 200, y: 80, From: 'stage' },
      PriceLevels: [
        { Name: 'Stalls', Color: '#b03a2e' },
        { Name: 'Circle', Color: '#1f618d' },
        { Name: 'GA', Color: '#e3ddd0' },
      ],
    });
    littleTheatre = answer.VenueID;

    const map = await storefrontMap(answer.VenueConfigurationID);
    expect(map).toMatchObject({ width: 400, height: 500, focalPoint: { x: 200, y: 80 } });
    expect(map.sections.map((s) => [s.code, s.name, s.isGA])).toEqual([
      ['STALLS', 'Stalls', false],
      ['CIRCLE', 'Circle', false],
      ['STANDING', 'Standing', true],
    ]);
    expect(map.sections[2]).toMatchObject({ labelX: 130, labelY: 460 });
    // Zone (100, 200) + row B (-5, 30) + seat (25, 0); zone (80, 400) + row (10, 5) + seat (90, 2.5).
    expect(map.seats.map((s) => [s.key, s.x, s.y])).toEqual([
      ['STALLS-A-1', 100, 200],
      ['STALLS-A-2', 125, 200],
      ['STALLS-A-3', 150, 200],
      ['STALLS-B-1', 95, 230],
      ['STALLS-B-2', 120, 230],
      ['STALLS-B-3', 145, 230],
      ['CIRCLE-A-1', 90, 405],
      ['CIRCLE-A-2', 120, 405],
      ['CIRCLE-A-3', 150, 405],
      ['CIRCLE-A-4', 180, 407.5],
    ]);
    expect(map.seats.map((s) => s.viewFromSeatRow)).toEqual([1, 1, 1, 2, 2, 2, 1, 1, 1, 1]);
    expect(map.svg).toContain('viewBox="0 0 400 500"');
    expect(map.svg).toContain('>Stage</text>');

    const seats = await world
      .db('seats')
      .where({ venue_configuration_id: answer.VenueConfigurationID })
      .orderBy('quality_rank')
      .select('key', 'zone', 'quality_rank');
    // Ranked from the stage's middle (200, 80): STALLS-A-3 is nearest.
    expect(seats[0]).toEqual({ key: 'STALLS-A-3', zone: 'Stalls', quality_rank: 1 });
    expect(seats.find((s) => s.key === 'STALLS-B-3')?.zone).toBe('Circle');
    const floor = await world
      .db('sections')
      .where({ venue_configuration_id: answer.VenueConfigurationID, code: 'STANDING' })
      .first('is_ga', 'ga_capacity', 'zone');
    expect(floor).toEqual({ is_ga: true, ga_capacity: 50, zone: 'GA' });
    const venue = await world.db('venues').where({ id: littleTheatre }).first('country', 'display_name');
    expect(venue).toEqual({ country: 'FR', display_name: 'Little Theatre' });
    const audit = await world
      .db('audit_log')
      .where({ action: 'venues.import' })
      .orderBy('id', 'desc')
      .first('actor', 'details');
    expect(audit.actor).toMatch(/^cli:/);
    expect(audit.details).toMatchObject({
      format: 'pretix',
      configurationId: answer.VenueConfigurationID,
      seats: 10,
    });
  });

  it('imports a CSV as another configuration of that venue, keeping the first one as it was', async () => {
    const before = await world
      .db('seats')
      .join('venue_configurations as vc', 'vc.id', 'seats.venue_configuration_id')
      .where('vc.venue_id', littleTheatre)
      .orderBy('seats.id')
      .select('seats.*');
    const run = await foyer([
      'venues',
      'import',
      fixture('small-plan.csv'),
      '--name',
      'Cabaret',
      '--venue',
      String(littleTheatre),
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      `"Cabaret" of venue ${littleTheatre} "Little Theatre" (Europe/Berlin, EUR written fr-fr)`,
    );
    expect(run.stdout).toContain('2 sections, 6 seats, 80 standing places, 2 seat notices');

    const configuration = await world
      .db('venue_configurations')
      .where({ venue_id: littleTheatre, name: 'Cabaret' })
      .first('id', 'width', 'height', 'focal_x', 'focal_y');
    expect(configuration).toMatchObject({ width: 340, height: 240, focal_x: 170, focal_y: 0 });
    const map = await storefrontMap(configuration.id);
    expect(map.seats.map((s) => [s.key, s.x, s.y])).toEqual([
      ['ORCH-A-1', 100, 100],
      ['ORCH-A-2', 120, 100],
      ['ORCH-A-3', 140, 100],
      ['ORCH-B-1', 100, 130.5],
      ['ORCH-B-2', 120, 130.5],
      ['ORCH-B-3', 140, 130.5],
    ]);
    expect(map.sections).toEqual([
      expect.objectContaining({ code: 'ORCH', name: 'Orchestra', isGA: false }),
      { code: 'BAR', name: 'Bar standing', isGA: true, labelX: 300, labelY: 200 },
    ]);
    const seats = await world
      .db('seats as s')
      .leftJoin('seat_alerts as a', 'a.id', 's.seat_alert_id')
      .where('s.venue_configuration_id', configuration.id)
      .orderBy('s.id')
      .select('s.key', 's.ada_type', 's.zone', 'a.name as alert', 'a.requires_acknowledgement');
    expect(seats.map((s) => [s.key, s.ada_type, s.zone, s.alert])).toEqual([
      ['ORCH-A-1', null, 'A', null],
      ['ORCH-A-2', 'Wheelchair', 'A', null],
      ['ORCH-A-3', 'Companion', 'A', null],
      ['ORCH-B-1', null, 'B', 'restricted view'],
      ['ORCH-B-2', null, 'B', 'restricted view, limited legroom'],
      ['ORCH-B-3', 'HearingLoop', 'B', null],
    ]);

    const after = await world
      .db('seats')
      .whereIn('venue_configuration_id', [...new Set(before.map((s) => s.venue_configuration_id))])
      .orderBy('seats.id')
      .select('seats.*');
    expect(after).toEqual(before);
  });

  it('names every problem of a bad file with its place, and changes nothing', async () => {
    const was = await counts();
    const run = await foyer([
      'venues',
      'import',
      fixture('bad-pretix.json'),
      '--name',
      'Broken',
      '--time-zone',
      'UTC',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'bad-pretix.json is not a seat plan Foyer can import (5 problems); nothing was changed:',
    );
    expect(run.stderr).toContain(
      'zones[0].rows[0].seats[1]: seat STALLS-A-1 is also zones[0].rows[0].seats[0]',
    );
    expect(run.stderr).toContain(
      `zones[0].rows[0].seats[2].category: "VIP" is not one of the plan's categories (Stalls)`,
    );
    expect(run.stderr).toContain(
      "zones[0].rows[0].seats[3]: seat STALLS-A-4 at (1000, 100) is outside the plan's size, 400 x 300",
    );
    expect(run.stderr).toContain('zones[0].rows[0].seats[4].position.x: is "12", not a number');
    expect(run.stderr).toContain('zones[0].rows[0].seats[5].seat_number: missing');

    const csv = path.join(os.tmpdir(), `foyer-bad-${process.pid}.csv`);
    await writeFile(csv, 'section,row,seat,x,y,price level\nS,A,1,10,ten,A\nS,A,1,10,10,\n');
    const json = await foyer(['venues', 'import', csv, '--name', 'Broken', '--time-zone', 'UTC', '--json']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toEqual({
      Problems: [
        { Place: 'line 2', Problem: 'y is "ten", not a number' },
        { Place: 'line 3', Problem: 'price level is empty' },
      ],
      More: 0,
    });
    expect(await counts()).toEqual(was);
  });

  it('refuses an unknown venue, a new venue without a time zone the venues share, and options that do not fit', async () => {
    const was = await counts();
    const unknown = await foyer([
      'venues',
      'import',
      fixture('small-plan.csv'),
      '--name',
      'X',
      '--venue',
      '999999',
    ]);
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toContain('--venue: no venue has the id 999999. Nothing was changed.');
    // The demo's venues are in New York and London: a new venue's time zone must be named.
    const noZone = await foyer(['venues', 'import', fixture('small-plan.csv'), '--name', 'X']);
    expect(noZone.code).toBe(2);
    expect(noZone.stderr).toContain('--time-zone: The house’s venues are in');
    const mixed = await foyer([
      'venues',
      'import',
      fixture('small-plan.csv'),
      '--name',
      'X',
      '--venue',
      '1',
      '--time-zone',
      'UTC',
    ]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('--time-zone: only for a new venue');
    const missing = await foyer([
      'venues',
      'import',
      fixture('no-such-file.json'),
      '--name',
      'X',
      '--time-zone',
      'UTC',
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('ENOENT');
    expect(await counts()).toEqual(was);
  });
});
