import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshArenaEvent } from './lib/arena.ts';
import { startBenchFoyer } from './lib/bench-foyer.ts';
import { countCpu } from './lib/cpu.ts';
import { runHoldLoad, type HoldLoadResult } from './lib/hold-load.ts';
import { percentile } from './lib/http-load.ts';
import { oversold } from './lib/oversold.ts';
import { runPacedHolds } from './lib/paced-holds.ts';
import { measurePgbench, pgbenchArgs, ratio, ratioFigure } from './lib/pgbench.ts';
import { printTable, writeResults, type Figure } from './lib/results.ts';
import { positiveArg } from './lib/args.ts';
import { seatBlocks } from './lib/seat-blocks.ts';
import { judged, targets } from './lib/targets.ts';

// `npm run bench -- holds`: over HTTP on loopback, 200 clients each holding 2 adjacent seats
// in the 20,000-seat arena until it is sold out, then 2 places at a time on its 2,000-place
// standing floor (closed loop: each client sends its next hold when the last is answered).
// Then the arena is put back on sale and seated holds are sent open loop, on a fixed schedule at
// half the seated rate just measured, for 10 s: their p99 from the scheduled send time is the
// latency target (the closed-loop percentiles only say how long 200 clients queue, so they are
// printed as information). Then pgbench tpcb-like on the same PostgreSQL server: the hold rates
// are judged as ratios to its tps, since these machines' speed moves by half within an hour.
// Also prints the CPU one hold costs the server thread and PostgreSQL, the 409 share and the
// oversold count (which must be 0), and writes bench/results/holds.json. Targets are printed
// next to the figures, never asserted. Each client is a new buyer per request (no basket
// cookie) who picks two adjacent seats the map shows open, any such pair equally likely; after
// a 409 it knows which seats went.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const target = targets.holds;

const parseArgs = (args: string[]) => ({
  clients: positiveArg(args, 'clients', 200),
  halfLoadSeconds: positiveArg(args, 'half-load-seconds', 10),
  pgbench: pgbenchArgs(args),
});

const rate = (r: HoldLoadResult) => r.holds / (r.elapsedMs / 1000);

/** CPU per answered hold request (409s included: they cost a round trip too), in ms. */
const perHold = (ms: number | undefined, r: { latenciesMs: readonly number[] }) =>
  ms === undefined ? undefined : ms / Math.max(1, r.latenciesMs.length);

export default async function holdsBench(args: string[] = []): Promise<void> {
  const { clients, halfLoadSeconds, pgbench } = parseArgs(args);
  const metrics: Record<string, number> = {};
  const bench = await startBenchFoyer('holds');
  try {
    const db = bench.foyer.database.db;
    const baseUrl = bench.baseUrl;
    const database = new URL(bench.foyer.database.url).pathname.slice(1);
    let arena = await freshArenaEvent(db);
    const rows = await seatBlocks(db, arena.venue_configuration_id);
    const token = bench.csrfToken;
    process.stdout.write(
      `Event ${arena.id}: 20,000 open seats in ${rows.length} rows; ${clients} clients holding 2 adjacent seats each...\n`,
    );
    let cpu = countCpu(database);
    const seated = await runHoldLoad({
      baseUrl,
      eventId: arena.id,
      clients,
      csrfToken: token,
      load: { kind: 'seated', rows },
    });
    const seatedCpu = cpu();
    const seatedOversold = await oversold(db, arena.id, { seats: seated.placesHeld, places: 0 });

    const floor: { price_level_id: number; capacity: number } = await db('event_ga_sections')
      .where({ event_id: arena.id })
      .first('price_level_id', 'capacity');
    const adult: { id: number } = await db('price_types').where({ code: 'Adult' }).first('id');
    process.stdout.write(
      `Standing floor: ${floor.capacity} places, ${clients} clients holding 2 at a time...\n`,
    );
    cpu = countCpu(database);
    const ga = await runHoldLoad({
      baseUrl,
      eventId: arena.id,
      clients,
      csrfToken: token,
      load: { kind: 'ga', priceKey: `${floor.price_level_id}-${adult.id}`, quantity: 2 },
    });
    const gaCpu = cpu();
    const gaOversold = await oversold(db, arena.id, { seats: seated.placesHeld, places: ga.placesHeld });

    arena = await freshArenaEvent(db);
    const halfRate = rate(seated) / 2;
    process.stdout.write(
      `Arena back on sale: seated holds sent open loop at ${halfRate.toFixed(1)}/s (half the seated rate) for ${halfLoadSeconds} s...\n`,
    );
    const paced = await runPacedHolds({
      baseUrl,
      eventId: arena.id,
      csrfToken: token,
      blocks: rows.flat(),
      rate: halfRate,
      durationMs: halfLoadSeconds * 1000,
    });
    const pacedOversold = await oversold(db, arena.id, { seats: paced.placesHeld, places: 0 });

    metrics.pgbench_tps = await measurePgbench({ adminUrl: bench.adminUrl, ...pgbench });

    metrics.seated_holds_per_s = rate(seated);
    metrics.seated_p50_ms = percentile(seated.latenciesMs, 50);
    metrics.seated_p95_ms = percentile(seated.latenciesMs, 95);
    metrics.seated_p99_ms = percentile(seated.latenciesMs, 99);
    metrics.seated_409_share = seated.conflicts / Math.max(1, seated.latenciesMs.length);
    metrics.seated_seats_held = seated.placesHeld;
    metrics.ga_holds_per_s = rate(ga);
    metrics.ga_p50_ms = percentile(ga.latenciesMs, 50);
    metrics.ga_p95_ms = percentile(ga.latenciesMs, 95);
    metrics.ga_p99_ms = percentile(ga.latenciesMs, 99);
    metrics.ga_409_share = ga.conflicts / Math.max(1, ga.latenciesMs.length);
    metrics.ga_places_held = ga.placesHeld;
    metrics.half_load_holds_per_s = halfRate;
    metrics.half_load_sent = paced.sent;
    metrics.seated_p50_ms_half_load = percentile(paced.latenciesMs, 50);
    metrics.seated_p99_ms_half_load = percentile(paced.latenciesMs, 99);
    metrics.half_load_send_lag_max_ms = paced.maxSendLagMs;
    metrics.oversold = Math.max(seatedOversold, gaOversold, pacedOversold);
    metrics.errors = seated.errors + ga.errors + paced.errors;
    const cpuFigures = {
      node_cpu_ms_per_seated_hold: perHold(seatedCpu.threadMs, seated),
      pg_cpu_ms_per_seated_hold: perHold(seatedCpu.databaseMs, seated),
      node_cpu_ms_per_ga_hold: perHold(gaCpu.threadMs, ga),
      pg_cpu_ms_per_ga_hold: perHold(gaCpu.databaseMs, ga),
    };
    for (const [metric, value] of Object.entries(cpuFigures))
      if (value !== undefined) metrics[metric] = value;
    metrics.ratio_seated = ratio(metrics.seated_holds_per_s, metrics.pgbench_tps);
    metrics.ratio_ga = ratio(metrics.ga_holds_per_s, metrics.pgbench_tps);
    process.stdout.write(
      `Seated: ${seated.holds} holds (${seated.placesHeld} seats) and ${seated.conflicts} conflicts in ${(seated.elapsedMs / 1000).toFixed(1)} s; ` +
        `statuses ${JSON.stringify(seated.statusCodes)}\n` +
        `GA: ${ga.holds} holds (${ga.placesHeld} places) in ${(ga.elapsedMs / 1000).toFixed(1)} s; statuses ${JSON.stringify(ga.statusCodes)}\n` +
        `Half load: ${paced.sent} holds sent over ${(paced.sendingMs / 1000).toFixed(1)} s, ${paced.holds} held; statuses ${JSON.stringify(paced.statusCodes)}\n`,
    );
  } finally {
    await bench.stop();
  }

  const rounded = Object.fromEntries(
    Object.entries(metrics).map(([k, v]) => [k, Number.isInteger(v) ? v : Math.round(v * 1000) / 1000]),
  );
  const figure = (metric: string, unit: string): Figure => ({
    metric,
    value: rounded[metric]!,
    unit,
    ...(metric in target ? judged(target[metric as keyof typeof target], rounded[metric]!) : {}),
  });
  const cpuFigure = (metric: string, unit: string): Figure[] =>
    rounded[metric] === undefined ? [] : [figure(metric, unit)];
  printTable(`holds: 20,000-seat arena then its 2,000-place floor, ${clients} clients over HTTP`, [
    figure('seated_holds_per_s', 'holds/s'),
    figure('seated_p50_ms', 'ms (closed loop)'),
    figure('seated_p95_ms', 'ms (closed loop)'),
    figure('seated_p99_ms', 'ms (closed loop)'),
    figure('seated_409_share', 'share'),
    figure('seated_seats_held', 'seats'),
    ...cpuFigure('node_cpu_ms_per_seated_hold', 'ms (server thread)'),
    ...cpuFigure('pg_cpu_ms_per_seated_hold', 'ms (its backends)'),
    figure('ga_holds_per_s', 'holds/s'),
    figure('ga_p50_ms', 'ms (closed loop)'),
    figure('ga_p95_ms', 'ms (closed loop)'),
    figure('ga_p99_ms', 'ms (closed loop)'),
    figure('ga_409_share', 'share'),
    figure('ga_places_held', 'places'),
    ...cpuFigure('node_cpu_ms_per_ga_hold', 'ms (server thread)'),
    ...cpuFigure('pg_cpu_ms_per_ga_hold', 'ms (its backends)'),
    figure('half_load_holds_per_s', 'holds/s offered'),
    figure('half_load_sent', 'requests'),
    figure('half_load_send_lag_max_ms', 'ms (sender behind schedule)'),
    figure('seated_p50_ms_half_load', 'ms (open loop)'),
    figure('seated_p99_ms_half_load', 'ms (open loop)'),
    figure('oversold', 'seats'),
    figure('errors', 'requests'),
    figure('pgbench_tps', 'tps'),
    ratioFigure('ratio_seated', rounded.ratio_seated!, target.ratio_seated),
    ratioFigure('ratio_ga', rounded.ratio_ga!, target.ratio_ga),
  ]);
  const file = await writeResults('holds', rounded);
  process.stdout.write(`Wrote ${path.relative(root, file)}\n`);
}
