import type { Knex } from 'knex';
import { hashPassword } from '../adapters/crypto/password.ts';
import { insertEventOrders } from '../test/event-orders.ts';
import { freshArenaEvent } from './lib/arena.ts';
import { positiveArg } from './lib/args.ts';
import { startBenchFoyer } from './lib/bench-foyer.ts';
import { runDoorScans, type DoorScansResult } from './lib/door-scans.ts';
import { percentile } from './lib/http-load.ts';
import { measurePgbench, pgbenchArgs, ratio } from './lib/pgbench.ts';
import { printTable, writeResults } from './lib/results.ts';
import { judged, targets } from './lib/targets.ts';

// `npm run bench -- checkin`: the doors of a sold-out night. 20 doors (`--doors N`), each a
// signed-in staff session, scan the 20,000 tickets of the arena (10,000 paid orders of two,
// written in bulk: test/event-orders.ts) through `POST /api/admin/checkin/scan` on a started
// Foyer, closed loop, as fast as they are answered: `scans_per_s`. One ticket in ten
// (`--twice-every N`) is scanned by two doors at the same moment. Then the doors scan 2,000
// fresh tickets of another event on a fixed schedule, 200 tickets a second (`--rate N`, open
// loop, each scan timed from its scheduled moment), for the latency at that rate: `p99_ms`.
// Every ticket must be admitted exactly once, by the answers and by the scans recorded
// (ticket_scans); `double_admits` must be 0 and the run fails otherwise. Then pgbench
// tpcb-like on the same server (bench/lib/pgbench.ts) for the ratio.

const DOOR_PASSWORD = 'bench-door-password';
const PACED_TICKETS = 2_000;

const makeDoors = async (db: Knex, count: number) => {
  const hash = await hashPassword(DOOR_PASSWORD);
  const stamp = Date.now().toString(36);
  const emails = Array.from({ length: count }, (_, i) => `bench-door-${stamp}-${i}@foyer.local`);
  await db('staff_users').insert(
    emails.map((email, i) => ({ email, name: `Bench Door ${i}`, role: 'Seller', password_hash: hash })),
  );
  return emails;
};

/** `orders` paid orders of two tickets for the event; their barcodes, each marked twice or not. */
const soldTickets = async (db: Knex, eventId: number, orders: number, twiceEvery: number) => {
  const made = await insertEventOrders(db, { eventId, orders, ticketsPerOrder: 2 });
  const rows: { barcode: string }[] = await db('order_tickets')
    .whereIn(
      'order_id',
      made.map((o) => o.orderId),
    )
    .orderBy('id')
    .select('barcode');
  return rows.map((r, i) => ({ barcode: r.barcode, twice: i % twiceEvery === 0 }));
};

/** The future event, other than `not`, with the most open seats. */
const otherEvent = async (db: Knex, not: number): Promise<number> => {
  const event: { id: number } | undefined = await db('events as e')
    .where('e.status', 'Active')
    .whereNot('e.id', not)
    .whereRaw(`e.starts_at > now() + interval '1 day'`)
    .orderByRaw(`(select count(*) from event_seats es where es.event_id = e.id and es.status = 'Open') desc`)
    .first('e.id');
  if (!event) throw new Error('no second future event: is the demo data loaded?');
  return event.id;
};

/**
 * What the doors were told: tickets admitted more than once, and tickets not admitted exactly
 * once with every other answer alreadyScanned (a wrong answer).
 */
const judgeAnswers = (tickets: readonly { barcode: string }[], result: DoorScansResult) => {
  let doubleAdmits = 0;
  let wrongAnswers = 0;
  for (const { barcode } of tickets) {
    const said = result.answers[barcode] ?? [];
    const admitted = said.filter((a) => a === 'admitted').length;
    if (admitted > 1) doubleAdmits++;
    if (admitted !== 1 || said.some((a) => a !== 'admitted' && a !== 'alreadyScanned')) wrongAnswers++;
  }
  return { doubleAdmits, wrongAnswers };
};

/** Tickets of the event with more than one admitted scan recorded, or admitted without one. */
const recordedDoubleAdmits = async (db: Knex, eventId: number): Promise<number> => {
  const { rows }: { rows: { n: number }[] } = await db.raw(
    `select (select count(*) from (select order_ticket_id from ticket_scans
               where event_id = ? and result = 'admitted' group by order_ticket_id having count(*) > 1) d)
          + (select count(*) from order_tickets t where t.event_id = ? and t.admitted_at is not null
               and not exists (select 1 from ticket_scans s where s.order_ticket_id = t.id and s.result = 'admitted'))
          as n`,
    [eventId, eventId],
  );
  return Number(rows[0]!.n);
};

const perSecond = (r: DoorScansResult) => r.scans / (r.elapsedMs / 1000);

export default async function checkinBench(args: string[] = []): Promise<void> {
  const doorCount = positiveArg(args, 'doors', 20);
  const twiceEvery = positiveArg(args, 'twice-every', 10);
  const rate = positiveArg(args, 'rate', 200);
  const pgbench = pgbenchArgs(args);
  const bench = await startBenchFoyer('checkin');
  try {
    const db = bench.foyer.database.db;
    const arena = await freshArenaEvent(db);
    const seats = Number((await db('event_seats').where({ event_id: arena.id }).count('* as n'))[0]!.n);
    process.stdout.write(`Selling the arena's ${seats.toLocaleString('en')} seats (event ${arena.id})...\n`);
    const flatTickets = await soldTickets(db, arena.id, Math.floor(seats / 2), twiceEvery);
    const pacedEvent = await otherEvent(db, arena.id);
    const pacedTickets = await soldTickets(db, pacedEvent, PACED_TICKETS / 2, twiceEvery);
    const doors = await makeDoors(db, doorCount);
    const common = { baseUrl: bench.baseUrl, doors, password: DOOR_PASSWORD };

    process.stdout.write(
      `${doorCount} doors scanning ${flatTickets.length.toLocaleString('en')} tickets as fast as answered...\n`,
    );
    const flat = await runDoorScans({ ...common, eventId: arena.id, tickets: flatTickets });
    process.stdout.write(
      `${doorCount} doors scanning ${pacedTickets.length.toLocaleString('en')} tickets of event ${pacedEvent} at ${rate} a second...\n`,
    );
    const paced = await runDoorScans({
      ...common,
      eventId: pacedEvent,
      tickets: pacedTickets,
      ratePerSecond: rate,
    });

    const flatJudged = judgeAnswers(flatTickets, flat);
    const pacedJudged = judgeAnswers(pacedTickets, paced);
    const doubleAdmits =
      flatJudged.doubleAdmits +
      pacedJudged.doubleAdmits +
      (await recordedDoubleAdmits(db, arena.id)) +
      (await recordedDoubleAdmits(db, pacedEvent));
    const wrongAnswers = flatJudged.wrongAnswers + pacedJudged.wrongAnswers;
    const errors = flat.errors + paced.errors;
    for (const sample of [...flat.errorSamples, ...paced.errorSamples]) process.stdout.write(`  ${sample}\n`);

    // Offered more than the server answers flat out, the scans queue: p99 is then the queue's.
    if (perSecond(paced) < 0.95 * rate * (1 + 1 / twiceEvery))
      process.stdout.write(
        `The server answered ${Math.round(perSecond(flat))} scans/s flat out, less than the ${rate} tickets/s offered: p99_ms is mostly queueing (try --rate N).\n`,
      );
    const pgbenchTps = await measurePgbench({ adminUrl: bench.adminUrl, ...pgbench });
    const scansPerSecond = perSecond(flat);
    const t = targets.checkin;
    const twice = flatTickets.filter((x) => x.twice).length;
    printTable(
      `Check-in: ${doorCount} doors, ${flatTickets.length.toLocaleString('en')} tickets flat out (${twice} scanned by two doors at once), then ${pacedTickets.length.toLocaleString('en')} at ${rate} tickets/s`,
      [
        { metric: 'scans_per_s', value: scansPerSecond, unit: 'scans/s' },
        { metric: 'flat_p50_ms', value: percentile(flat.latenciesMs, 50), unit: 'ms' },
        { metric: 'flat_p99_ms', value: percentile(flat.latenciesMs, 99), unit: 'ms' },
        { metric: 'paced_scans_per_s', value: perSecond(paced), unit: 'scans/s' },
        { metric: 'p50_ms', value: percentile(paced.latenciesMs, 50), unit: 'ms' },
        { metric: 'p99_ms', value: percentile(paced.latenciesMs, 99), unit: 'ms' },
        { metric: 'send_lag_max_ms', value: paced.sendLagMaxMs, unit: 'ms' },
        {
          metric: 'double_admits',
          value: doubleAdmits,
          unit: 'tickets',
          ...judged(t.double_admits, doubleAdmits),
        },
        {
          metric: 'wrong_answers',
          value: wrongAnswers,
          unit: 'tickets',
          ...judged(t.wrong_answers, wrongAnswers),
        },
        { metric: 'errors', value: errors, unit: 'scans', ...judged(t.errors, errors) },
        { metric: 'pgbench_tps', value: pgbenchTps, unit: 'tps' },
        { metric: 'ratio_scans', value: ratio(scansPerSecond, pgbenchTps), unit: 'x pgbench tps' },
      ],
    );
    const file = await writeResults('checkin', {
      scans_per_s: Math.round(scansPerSecond),
      flat_p50_ms: Math.round(percentile(flat.latenciesMs, 50) * 10) / 10,
      flat_p99_ms: Math.round(percentile(flat.latenciesMs, 99) * 10) / 10,
      paced_scans_per_s: Math.round(perSecond(paced)),
      p50_ms: Math.round(percentile(paced.latenciesMs, 50) * 10) / 10,
      p99_ms: Math.round(percentile(paced.latenciesMs, 99) * 10) / 10,
      send_lag_max_ms: Math.round(paced.sendLagMaxMs * 10) / 10,
      double_admits: doubleAdmits,
      wrong_answers: wrongAnswers,
      errors,
      pgbench_tps: Math.round(pgbenchTps),
      ratio_scans: ratio(scansPerSecond, pgbenchTps),
    });
    process.stdout.write(`Wrote ${file}\n`);
    // A ticket let in twice is the one thing a door must never do: the run fails.
    if (doubleAdmits !== 0) throw new Error(`${doubleAdmits} tickets were admitted more than once`);
  } finally {
    await bench.stop();
  }
}
