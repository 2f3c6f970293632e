import { makeAppRuntime } from '../adapters/wiring.ts';
import { configurationLayout } from '../core/venues/configuration-layout.ts';
import { importSeatPlan } from '../core/venues/import-seat-plan.ts';
import { readSeatPlanFile } from '../core/venues/plan-file.ts';
import { positiveArg } from './lib/args.ts';
import { startBenchFoyer } from './lib/bench-foyer.ts';
import { printTable, writeResults } from './lib/results.ts';
import { judged, targets } from './lib/targets.ts';

// `npm run bench -- venue-import`: a 20,000-seat pretix seating plan (`--seats N`; generated here:
// 40 zones of 20 rows of 25 seats with their positions nested zone > row > seat, 8 categories,
// a stage) imported as `foyer venues import` imports it: the same use case
// (core/venues/import-seat-plan.ts) through the same runtime (adapters/wiring.ts), from the
// file's text to the committed transaction, into a Foyer of its own with the demo data (whose
// arena already has 20,000 seats in the table). `import_s` is that wall time, `seats_per_s` the
// seats it stored per second; `parse_ms` is the pure part alone (reading the JSON, ranking,
// drawing), timed apart; `rss_mb` is the process's peak resident memory during the import,
// sampled every 10 ms (the started Foyer lives in the same process). The target is "seconds,
// not minutes": at most 10 s.

const ZONE_ROWS = 20;
const ROW_SEATS = 25;
const MIB = 1024 * 1024;

/** A pretix seating plan of `seats` seats (whole zones of 500), as pretix's editor publishes it. */
export const generatedPretixPlan = (seats: number): string => {
  const zones = Math.ceil(seats / (ZONE_ROWS * ROW_SEATS));
  const columns = Math.ceil(Math.sqrt(zones));
  const categories = Array.from({ length: 8 }, (_, i) => ({
    name: `Category ${i + 1}`,
    color: `#${((i + 1) * 0x1f2f3f).toString(16).slice(-6).padStart(6, '0')}`,
  }));
  let left = seats;
  const plan = {
    name: `Bench arena of ${seats} seats`,
    categories,
    zones: Array.from({ length: zones }, (_, z) => ({
      name: `Block ${z + 1}`,
      zone_id: `block-${z + 1}`,
      position: { x: 100 + (z % columns) * 420, y: 300 + Math.floor(z / columns) * 380 },
      rows: Array.from({ length: ZONE_ROWS }, (_, r) => ({
        row_number: String(r + 1),
        position: { x: r % 2 === 0 ? 0 : 7, y: r * 17 },
        seats: Array.from(
          { length: Math.max(0, Math.min(ROW_SEATS, (left -= ROW_SEATS) + ROW_SEATS)) },
          (_, s) => ({
            seat_guid: `b${z + 1}-r${r + 1}-s${s + 1}`,
            seat_number: String(s + 1),
            position: { x: s * 15, y: 0 },
            category:
              categories[Math.min(7, Math.floor((r + Math.floor(z / columns) * ZONE_ROWS) / 15))]!.name,
          }),
        ),
      })),
      areas:
        z === 0
          ? [
              {
                shape: 'rectangle',
                position: { x: 100 + (columns * 420) / 2 - 300 - 100, y: 50 - 300 },
                rectangle: { width: 600, height: 120 },
                color: '#3b2f2a',
                text: { text: 'Stage', position: { x: 300, y: 60 }, color: '#ffffff', size: 40 },
              },
            ]
          : [],
    })),
    size: { width: 200 + columns * 420, height: 400 + Math.ceil(zones / columns) * 380 },
  };
  return JSON.stringify(plan);
};

export default async function venueImportBench(args: string[] = []): Promise<void> {
  const seats = positiveArg(args, 'seats', 20_000);
  const text = generatedPretixPlan(seats);
  process.stdout.write(
    `Generated a pretix plan of ${seats} seats (${(text.length / MIB).toFixed(1)} MiB of JSON).\n`,
  );

  // The pure part alone: parse, rank, draw (after one warm-up run).
  const pure = () => {
    const reading = readSeatPlanFile(text);
    if (!reading.ok)
      throw new Error(`the generated plan does not parse: ${JSON.stringify(reading.problems)}`);
    return configurationLayout(reading.plan);
  };
  pure();
  const pureStarted = performance.now();
  pure();
  const parseMs = performance.now() - pureStarted;

  const bench = await startBenchFoyer('venue_import');
  try {
    const { db } = bench.foyer.database;
    const runtime = makeAppRuntime({ db, config: bench.foyer.config });
    try {
      let peak = process.memoryUsage.rss();
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
      const started = performance.now();
      const { stored } = await runtime
        .runPromise(
          importSeatPlan({
            text,
            configurationName: 'Bench',
            venue: { newVenue: { name: 'Bench Arena', timeZone: 'Europe/London', currencyLocale: null } },
            by: { staffUserId: null, name: 'bench:venue-import' },
          }),
        )
        .finally(() => clearInterval(sampler));
      const importS = (performance.now() - started) / 1000;
      peak = Math.max(peak, process.memoryUsage.rss());

      const inDatabase = Number(
        (await db('seats')
          .where({ venue_configuration_id: stored.configurationId })
          .count({ n: '*' })
          .first())!.n,
      );
      if (inDatabase !== seats) throw new Error(`stored ${inDatabase} seats, not ${seats}`);

      const metrics = {
        seats_per_s: Math.round(seats / importS),
        import_s: Math.round(importS * 100) / 100,
        parse_ms: Math.round(parseMs),
        rss_mb: Math.round(peak / MIB),
        seats,
      };
      printTable(`Venue import: a ${seats}-seat pretix plan as a new configuration`, [
        { metric: 'seats_per_s', value: metrics.seats_per_s, unit: 'seats stored per second' },
        {
          metric: 'import_s',
          value: metrics.import_s,
          unit: 's, file text to committed transaction',
          ...judged(targets['venue-import'].import_s, metrics.import_s),
        },
        { metric: 'parse_ms', value: metrics.parse_ms, unit: 'ms, parse + rank + draw alone' },
        { metric: 'rss_mb', value: metrics.rss_mb, unit: 'MiB, peak resident memory during the import' },
        { metric: 'seats', value: seats, unit: 'seats in the plan, all stored' },
      ]);
      process.stdout.write(`Results: ${await writeResults('venue-import', metrics)}\n`);
    } finally {
      await runtime.dispose();
    }
  } finally {
    await bench.stop();
  }
}
