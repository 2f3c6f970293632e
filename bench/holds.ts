import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Knex } from 'knex';
import { dropDatabase, ensureDatabase } from '../adapters/postgres/database.ts';
import { freshArenaEvent } from './lib/arena.ts';
import { startBenchFoyer } from './lib/bench-foyer.ts';
import { runHoldLoad, type HoldLoadResult } from './lib/hold-load.ts';
import { percentile } from './lib/http-load.ts';
import { printTable, writeResults, type Figure } from './lib/results.ts';
import { positiveArg } from './lib/args.ts';

// `npm run bench -- holds`: over HTTP on loopback, 200 clients each holding 2 adjacent seats
// in the 20,000-seat arena until it is sold out, then 2 places at a time on its 2,000-place
// standing floor; then pgbench tpcb-like on the same PostgreSQL server, for scale. Prints
// holds/s, latency percentiles, the 409 share and the oversold count (which must be 0), and
// writes bench/results/holds.json. Targets are printed next to the figures, never asserted.
// Each client is a new buyer per request (no basket cookie) who picks two adjacent seats the
// map shows open, any such pair equally likely; after a 409 it knows which seats went.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);

const TARGET_RATIO_SEATED = 0.5;
const TARGET_RATIO_GA = 0.25;
const TARGET_P99_MS = 100;

const parseArgs = (args: string[]) => {
  const value = (name: string, fallback: number) => positiveArg(args, name, fallback);
  return {
    clients: value('clients', 200),
    pgbenchClients: value('pgbench-clients', 10),
    pgbenchSeconds: value('pgbench-seconds', 10),
  };
};

/**
 * Each row cut into blocks of two adjacent seats, left to right; a seat that cannot pair (the
 * odd one, or a companion seat whose neighbour is not the accessible seat it goes with) is a
 * block of one, so every block is something one buyer may hold.
 */
const seatBlocks = async (db: Knex, venueConfigurationId: number): Promise<string[][][]> => {
  const seats: { section_id: number; row: string; key: string; ada_type: string | null }[] = await db(
    'seats as s',
  )
    .join('sections as sec', 'sec.id', 's.section_id')
    .where({ 's.venue_configuration_id': venueConfigurationId, 'sec.is_ga': false })
    .orderByRaw(`s.section_id, s.row, length(s.number), s.number`)
    .select('s.section_id', 's.row', 's.key', 's.ada_type');
  const rows = new Map<string, typeof seats>();
  for (const seat of seats) {
    const id = `${seat.section_id}|${seat.row}`;
    rows.set(id, [...(rows.get(id) ?? []), seat]);
  }
  const accompanies = (a: string | null) => a === 'Wheelchair' || a === 'AisleTransfer';
  return [...rows.values()].map((row) => {
    const blocks: string[][] = [];
    for (let i = 0; i < row.length;) {
      const a = row[i]!;
      const b = row[i + 1];
      const companionAlone =
        b !== undefined &&
        ((a.ada_type === 'Companion' && !accompanies(b.ada_type)) ||
          (b.ada_type === 'Companion' && !accompanies(a.ada_type)));
      if (b && !companionAlone) {
        blocks.push([a.key, b.key]);
        i += 2;
      } else {
        blocks.push([a.key]);
        i += 1;
      }
    }
    return blocks;
  });
};

/** Seats or places held by more than one live basket, or claimed beyond what the store holds. */
const oversold = async (db: Knex, eventId: number, answered: { seats: number; places: number }) => {
  const [doubles] = await db
    .from(
      db('basket_items as i')
        .join('baskets as b', 'b.id', 'i.basket_id')
        .where({ 'i.event_id': eventId, 'b.status': 'Active' })
        .whereNotNull('i.seat_id')
        .whereRaw('b.expires_at > now()')
        .groupBy('i.seat_id')
        .havingRaw('count(*) > 1')
        .select('i.seat_id')
        .as('d'),
    )
    .count({ n: '*' });
  const [unbacked] = await db('basket_items as i')
    .join('baskets as b', 'b.id', 'i.basket_id')
    .join('event_seats as es', (j) => j.on('es.event_id', 'i.event_id').andOn('es.seat_id', 'i.seat_id'))
    .where({ 'i.event_id': eventId, 'b.status': 'Active' })
    .whereRaw('b.expires_at > now()')
    .whereRaw('(es.basket_id is distinct from i.basket_id or es.held_until <= now())')
    .count({ n: '*' });
  const [heldSeats] = await db('event_seats')
    .where({ event_id: eventId })
    .whereRaw('held_until > now()')
    .count({ n: '*' });
  const ga: { capacity: number; sold: number; held: number }[] = await db('event_ga_sections as g')
    .where('g.event_id', eventId)
    .select(
      'g.capacity',
      'g.sold',
      db.raw(
        `coalesce((select sum(h.quantity) from event_ga_holds h where h.event_id = g.event_id
                    and h.section_id = g.section_id and h.held_until > now()), 0)::int as held`,
      ),
    );
  const gaHeld = ga.reduce((n, s) => n + s.held, 0);
  return (
    Number(doubles!.n) +
    Number(unbacked!.n) +
    Math.max(0, answered.seats - Number(heldSeats!.n)) +
    ga.reduce((n, s) => n + Math.max(0, s.sold + s.held - s.capacity), 0) +
    Math.max(0, answered.places - gaHeld)
  );
};

const pgbenchBinary = () =>
  ['/usr/lib/postgresql/15/bin/pgbench', '/usr/bin/pgbench'].find((p) => existsSync(p)) ?? 'pgbench';

/** pgbench tpcb-like tps on the same PostgreSQL server, in a scratch database of its own. */
const pgbenchTps = async (adminUrl: string, clients: number, seconds: number): Promise<number> => {
  const name = `foyer_pgbench_${process.pid}`;
  await ensureDatabase(adminUrl, name);
  const url = new URL(adminUrl);
  const env = {
    ...process.env,
    PGHOST: url.hostname,
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username) || 'postgres',
    PGPASSWORD: decodeURIComponent(url.password),
    PGDATABASE: name,
  };
  try {
    await run(pgbenchBinary(), ['-i', '-q'], { env });
    const { stdout } = await run(
      pgbenchBinary(),
      ['-b', 'tpcb-like', '-c', String(clients), '-T', String(seconds)],
      {
        env,
      },
    );
    const tps =
      /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout) ?? /tps = ([\d.]+)/.exec(stdout);
    if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
    return Number(tps[1]);
  } finally {
    await dropDatabase(adminUrl, name);
  }
};

const rate = (r: HoldLoadResult) => r.holds / (r.elapsedMs / 1000);

export default async function holdsBench(args: string[] = []): Promise<void> {
  const { clients, pgbenchClients, pgbenchSeconds } = parseArgs(args);
  const metrics: Record<string, number> = {};
  let seated: HoldLoadResult;
  let ga: HoldLoadResult;
  const bench = await startBenchFoyer('holds');
  try {
    const db = bench.foyer.database.db;
    const baseUrl = bench.baseUrl;
    const arena = await freshArenaEvent(db);
    const rows = await seatBlocks(db, arena.venue_configuration_id);
    const token = bench.csrfToken;
    process.stdout.write(
      `Event ${arena.id}: 20,000 open seats in ${rows.length} rows; ${clients} clients holding 2 adjacent seats each...\n`,
    );
    seated = await runHoldLoad({
      baseUrl,
      eventId: arena.id,
      clients,
      csrfToken: token,
      load: { kind: 'seated', rows },
    });
    const seatedOversold = await oversold(db, arena.id, { seats: seated.placesHeld, places: 0 });

    const floor: { price_level_id: number; capacity: number } = await db('event_ga_sections')
      .where({ event_id: arena.id })
      .first('price_level_id', 'capacity');
    const adult: { id: number } = await db('price_types').where({ code: 'Adult' }).first('id');
    process.stdout.write(
      `Standing floor: ${floor.capacity} places, ${clients} clients holding 2 at a time...\n`,
    );
    ga = await runHoldLoad({
      baseUrl,
      eventId: arena.id,
      clients,
      csrfToken: token,
      load: { kind: 'ga', priceKey: `${floor.price_level_id}-${adult.id}`, quantity: 2 },
    });
    const gaOversold = await oversold(db, arena.id, { seats: seated.placesHeld, places: ga.placesHeld });

    process.stdout.write(
      `pgbench tpcb-like, ${pgbenchClients} clients, ${pgbenchSeconds} s, same server...\n`,
    );
    metrics.pgbench_tps = await pgbenchTps(bench.adminUrl, pgbenchClients, pgbenchSeconds);

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
    metrics.oversold = Math.max(seatedOversold, gaOversold);
    metrics.errors = seated.errors + ga.errors;
    metrics.ratio_seated = metrics.seated_holds_per_s / metrics.pgbench_tps;
    metrics.ratio_ga = metrics.ga_holds_per_s / metrics.pgbench_tps;
    process.stdout.write(
      `Seated: ${seated.holds} holds (${seated.placesHeld} seats) and ${seated.conflicts} conflicts in ${(seated.elapsedMs / 1000).toFixed(1)} s; ` +
        `statuses ${JSON.stringify(seated.statusCodes)}\n` +
        `GA: ${ga.holds} holds (${ga.placesHeld} places) in ${(ga.elapsedMs / 1000).toFixed(1)} s; statuses ${JSON.stringify(ga.statusCodes)}\n`,
    );
  } finally {
    await bench.stop();
  }

  const rounded = Object.fromEntries(
    Object.entries(metrics).map(([k, v]) => [k, Number.isInteger(v) ? v : Math.round(v * 1000) / 1000]),
  );
  const figure = (metric: string, unit: string, target?: string, met?: boolean): Figure => ({
    metric,
    value: rounded[metric]!,
    unit,
    ...(target === undefined ? {} : { target, met }),
  });
  printTable(`holds: 20,000-seat arena then its 2,000-place floor, ${clients} clients over HTTP`, [
    figure('seated_holds_per_s', 'holds/s'),
    figure('seated_p50_ms', 'ms'),
    figure('seated_p95_ms', 'ms'),
    figure('seated_p99_ms', 'ms', `<= ${TARGET_P99_MS}`, rounded.seated_p99_ms! <= TARGET_P99_MS),
    figure('seated_409_share', 'share'),
    figure('seated_seats_held', 'seats', '= 20000', rounded.seated_seats_held === 20_000),
    figure('ga_holds_per_s', 'holds/s'),
    figure('ga_p50_ms', 'ms'),
    figure('ga_p95_ms', 'ms'),
    figure('ga_p99_ms', 'ms'),
    figure('ga_409_share', 'share'),
    figure('ga_places_held', 'places', '= 2000', rounded.ga_places_held === 2_000),
    figure('oversold', 'seats', '= 0', rounded.oversold === 0),
    figure('errors', 'requests', '= 0', rounded.errors === 0),
    figure('pgbench_tps', 'tps'),
    figure(
      'ratio_seated',
      'x pgbench',
      `>= ${TARGET_RATIO_SEATED}`,
      rounded.ratio_seated! >= TARGET_RATIO_SEATED,
    ),
    figure('ratio_ga', 'x pgbench', `>= ${TARGET_RATIO_GA}`, rounded.ratio_ga! >= TARGET_RATIO_GA),
  ]);
  const file = await writeResults('holds', rounded);
  process.stdout.write(`Wrote ${path.relative(root, file)}\n`);
}
