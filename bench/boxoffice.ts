import type { Knex } from 'knex';
import { hashPassword } from '../adapters/crypto/password.ts';
import { freshArenaEvent } from './lib/arena.ts';
import { positiveArg } from './lib/args.ts';
import { startBenchFoyer } from './lib/bench-foyer.ts';
import { runHoldLoad } from './lib/hold-load.ts';
import { percentile } from './lib/http-load.ts';
import { printTable, writeResults, type Figure } from './lib/results.ts';
import { seatBlocks } from './lib/seat-blocks.ts';
import { runStaffSales, type StaffSalesResult } from './lib/staff-sales.ts';
import { timeWalkUpSales } from './lib/walkup-sale.ts';
import { judged, targets } from './lib/targets.ts';

// `npm run bench -- boxoffice`: can a clerk still sell while a public on-sale hammers the same
// event? 10 clerks (staff sessions, role Seller) each sell 2 adjacent seats of the 20,000-seat
// arena end to end, as at the counter (bench/lib/staff-sales.ts: add on the BoxOffice channel,
// make and assign the walk-up customer, pay cash with change due), after 3 s of warm-up, for
// 15 s with nothing else running; then again for 15 s while 200 consumer clients run the holds load on the same event
// (bench/lib/hold-load.ts: each a new buyer holding 2 adjacent seats, closed loop). Clerks and
// consumers sell from different rows, so the clerks' figures measure waiting, not lost races.
// onsale_slowdown is the clerks' p99 on-sale over their p99 alone; oversold counts seats sold or
// held twice, which must be 0. Last, one clerk alone times WALK_UPS anonymous walk-up sales as
// the counter's keyboard path makes them (bench/lib/walkup-sale.ts): walkup_sale_ms_p50 is the
// server time of one. Targets are printed, never asserted.

const target = targets.boxoffice;
const CLERKS = 10;
const PASSWORD = 'bench-clerk-password';
const WALK_UPS = 20;

/** Seats in more than one order or live basket, and orders whose tickets disagree with the seat rows. */
const oversoldSeats = async (db: Knex, eventId: number) => {
  const twice: { rows: { n: number }[] } = await db.raw(
    `select count(*)::int as n from (
       select seat_id from order_tickets where event_id = ? and seat_id is not null and status = 'Active'
        group by seat_id having count(*) > 1) d`,
    [eventId],
  );
  const disagree: { rows: { n: number }[] } = await db.raw(
    `select count(*)::int as n from order_tickets t
       join event_seats es on es.event_id = t.event_id and es.seat_id = t.seat_id
      where t.event_id = ? and t.status = 'Active' and (es.status <> 'Sold' or es.order_id is distinct from t.order_id)`,
    [eventId],
  );
  return twice.rows[0]!.n + disagree.rows[0]!.n;
};

const makeClerks = async (db: Knex) => {
  const hash = await hashPassword(PASSWORD);
  const stamp = Date.now().toString(36);
  const emails = Array.from({ length: CLERKS }, (_, i) => `bench-clerk-${stamp}-${i}@foyer.local`);
  await db('staff_users').insert(
    emails.map((email, i) => ({ email, name: `Bench Clerk ${i}`, role: 'Seller', password_hash: hash })),
  );
  return emails;
};

const salesPerSecond = (r: StaffSalesResult) => r.sales / (r.elapsedMs / 1000);

export default async function boxofficeBench(args: string[] = []): Promise<void> {
  const seconds = positiveArg(args, 'seconds', 15);
  const consumers = positiveArg(args, 'consumers', 200);
  const bench = await startBenchFoyer('boxoffice');
  try {
    const db = bench.foyer.database.db;
    const arena = await freshArenaEvent(db);
    const rows = await seatBlocks(db, arena.venue_configuration_id);
    // The clerks' rows: every fifth row, so both loads spread over the whole house.
    const clerkRows = rows.filter((_, i) => i % 5 === 0);
    const crowdRows = rows.filter((_, i) => i % 5 !== 0);
    const clerkBlocks = clerkRows.flat().filter((block) => block.length === 2);
    const third = Math.floor(clerkBlocks.length / 3);
    const clerks = await makeClerks(db);
    const options = { baseUrl: bench.baseUrl, eventId: arena.id, clerks, password: PASSWORD };

    // A first few seconds of selling warm the server up (compiled code, caches, connections);
    // they are not measured.
    process.stdout.write(`Event ${arena.id}: ${CLERKS} clerks warming up for 3 s...\n`);
    await runStaffSales({ ...options, blocks: clerkBlocks.slice(0, third), durationMs: 3000 });
    process.stdout.write(`${CLERKS} clerks selling 2 seats each, alone, ${seconds} s...\n`);
    const quiet = await runStaffSales({
      ...options,
      blocks: clerkBlocks.slice(third, 2 * third),
      durationMs: seconds * 1000,
    });

    process.stdout.write(
      `The same, while ${consumers} consumer clients hold seats on the same event (the on-sale)...\n`,
    );
    let crowdDone = 0;
    const crowd = runHoldLoad({
      baseUrl: bench.baseUrl,
      eventId: arena.id,
      clients: consumers,
      csrfToken: bench.csrfToken,
      load: { kind: 'seated', rows: crowdRows },
    }).then((result) => {
      crowdDone = performance.now();
      return result;
    });
    // Let the crowd reach full pressure before the clerks start.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const clerksStarted = performance.now();
    const onsale = await runStaffSales({
      ...options,
      blocks: clerkBlocks.slice(2 * third),
      durationMs: seconds * 1000,
    });
    const clerksEnded = performance.now();
    const crowdResult = await crowd;
    const crowdCovered = crowdDone === 0 || crowdDone >= clerksEnded;

    const oversold = await oversoldSeats(db, arena.id);
    process.stdout.write(`One clerk alone: ${WALK_UPS} anonymous walk-up sales (best available, cash)...\n`);
    const walkUps = await timeWalkUpSales({
      baseUrl: bench.baseUrl,
      eventId: arena.id,
      email: clerks[0]!,
      password: PASSWORD,
      sales: WALK_UPS,
    });
    const quietP99 = percentile(quiet.saleMs, 99);
    const onsaleP99 = percentile(onsale.saleMs, 99);
    const metrics: Record<string, number> = {
      staff_sales_per_s_quiet: salesPerSecond(quiet),
      staff_p50_ms_quiet: percentile(quiet.saleMs, 50),
      staff_p99_ms_quiet: quietP99,
      staff_sales_per_s_onsale: salesPerSecond(onsale),
      staff_p50_ms_onsale: percentile(onsale.saleMs, 50),
      staff_p99_ms_onsale: onsaleP99,
      onsale_slowdown: onsaleP99 / Math.max(1, quietP99),
      oversold,
      staff_failures: quiet.failures + onsale.failures,
      crowd_holds_per_s: crowdResult.holds / (crowdResult.elapsedMs / 1000),
      crowd_seconds_overlapping: ((crowdCovered ? clerksEnded : crowdDone) - clerksStarted) / 1000,
      walkup_sale_ms_p50: percentile(walkUps.saleMs, 50),
      walkup_sale_ms_max: walkUps.saleMs.at(-1) ?? 0,
      walkup_failures: walkUps.failures.length,
    };
    const figures: Figure[] = [
      {
        metric: 'staff_sales_per_s_quiet',
        value: metrics.staff_sales_per_s_quiet!,
        unit: 'sales/s (2 seats each)',
      },
      { metric: 'staff_p50_ms_quiet', value: metrics.staff_p50_ms_quiet!, unit: 'ms per sale, alone' },
      { metric: 'staff_p99_ms_quiet', value: quietP99, unit: 'ms per sale, alone' },
      { metric: 'staff_sales_per_s_onsale', value: metrics.staff_sales_per_s_onsale!, unit: 'sales/s' },
      { metric: 'staff_p50_ms_onsale', value: metrics.staff_p50_ms_onsale!, unit: 'ms per sale, on-sale' },
      { metric: 'staff_p99_ms_onsale', value: onsaleP99, unit: 'ms per sale, on-sale' },
      {
        metric: 'onsale_slowdown',
        value: metrics.onsale_slowdown!,
        unit: 'x (on-sale p99 / quiet p99)',
        ...judged(target.onsale_slowdown, metrics.onsale_slowdown!),
      },
      { metric: 'oversold', value: oversold, unit: 'seats', ...judged(target.oversold, oversold) },
      { metric: 'staff_failures', value: metrics.staff_failures!, unit: 'sales failed (not 409)' },
      { metric: 'crowd_holds_per_s', value: metrics.crowd_holds_per_s!, unit: 'consumer holds/s' },
      {
        metric: 'crowd_seconds_overlapping',
        value: metrics.crowd_seconds_overlapping!,
        unit: 's the crowd ran while the clerks sold',
      },
      {
        metric: 'walkup_sale_ms_p50',
        value: metrics.walkup_sale_ms_p50!,
        unit: `ms server time of one walk-up sale (median of ${walkUps.saleMs.length})`,
      },
      {
        metric: 'walkup_sale_ms_max',
        value: metrics.walkup_sale_ms_max!,
        unit: 'ms, the slowest walk-up sale',
      },
      { metric: 'walkup_failures', value: metrics.walkup_failures!, unit: 'walk-up sales failed' },
    ];
    printTable(`Box office: ${CLERKS} clerks, ${consumers} consumers on the same event`, figures);
    for (const sample of [...quiet.failureSamples, ...onsale.failureSamples, ...walkUps.failures.slice(0, 5)])
      process.stdout.write(`failed: ${sample}\n`);
    if (!crowdCovered)
      process.stdout.write(
        `The crowd sold its rows out before the clerks finished: the on-sale figures cover ${metrics.crowd_seconds_overlapping!.toFixed(1)} s of crowd.\n`,
      );
    process.stdout.write(`wrote ${await writeResults('boxoffice', metrics)}\n`);
  } finally {
    await bench.stop();
  }
}
