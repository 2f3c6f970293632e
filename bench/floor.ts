import http from 'node:http';
import { startBenchFoyer } from './lib/bench-foyer.ts';
import { signedInSession } from './lib/cookie-session.ts';
import { freshArenaEvent } from './lib/arena.ts';
import { positiveArg } from './lib/args.ts';
import { percentile } from './lib/http-load.ts';
import { printTable, writeResults } from './lib/results.ts';

// `npm run bench -- floor`: the Holds page's apply on the 20,000-seat arena. A supervisor signed
// in over HTTP puts 5,000 seats (whole rows, in seat order, as the selection tool's row and
// section picks send them) on hold on Press, moves them to House Seats, and releases them, one
// POST /api/admin/event/{id}/holds each, several rounds. Prints the time each call takes from
// send to answer on loopback (the server's apply: one locked statement and its audit row) and
// checks every seat was applied. Writes bench/results/floor.json. No target: information.

const ACTIONS = ['hold', 'move', 'release'] as const;

export default async function floorBench(args: string[] = []): Promise<void> {
  const seats = positiveArg(args, 'seats', 5000);
  const rounds = positiveArg(args, 'rounds', 5);
  const bench = await startBenchFoyer('floor');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const db = bench.foyer.database.db;
    const arena = await freshArenaEvent(db);
    const keys: string[] = (
      await db('seats')
        .where({ venue_configuration_id: arena.venue_configuration_id })
        .orderBy('id')
        .limit(seats)
        .select('key')
    ).map((r: { key: string }) => r.key);
    const subclass = async (name: string) =>
      ((await db('hold_subclasses').where({ name }).first('id')) as { id: number }).id;
    const target = { hold: await subclass('Press'), move: await subclass('House Seats'), release: null };
    const supervisor = await signedInSession(bench.baseUrl, agent, 'supervisor@foyer.local', 'foyer-demo');

    const times: Record<(typeof ACTIONS)[number], number[]> = { hold: [], move: [], release: [] };
    for (let round = 0; round < rounds; round++)
      for (const action of ACTIONS) {
        const started = performance.now();
        const answer = await supervisor.call('POST', `/api/admin/event/${arena.id}/holds`, {
          Action: action,
          HoldSubclassID: target[action],
          Seats: keys,
        });
        const ms = performance.now() - started;
        if (answer.status !== 200) throw new Error(`${action}: ${answer.status} ${answer.body}`);
        const applied = (JSON.parse(answer.body) as { Applied: number }).Applied;
        if (applied !== keys.length) throw new Error(`${action}: applied ${applied} of ${keys.length}`);
        times[action].push(ms);
      }

    const metrics: Record<string, number> = { seats: keys.length, rounds };
    for (const action of ACTIONS) {
      const sorted = [...times[action]].sort((a, b) => a - b);
      metrics[`${action}_ms_p50`] = Math.round(percentile(sorted, 50) * 10) / 10;
      metrics[`${action}_ms_max`] = Math.round(Math.max(...times[action]) * 10) / 10;
    }
    printTable(`floor: ${keys.length} arena seats per apply over HTTP, ${rounds} rounds`, [
      { metric: 'seats', value: keys.length, unit: 'seats' },
      ...ACTIONS.flatMap((action) => [
        { metric: `${action}_ms_p50`, value: metrics[`${action}_ms_p50`]!, unit: 'ms' },
        { metric: `${action}_ms_max`, value: metrics[`${action}_ms_max`]!, unit: 'ms' },
      ]),
    ]);
    const file = await writeResults('floor', metrics);
    process.stdout.write(`Wrote ${file}\n`);
  } finally {
    agent.destroy();
    await bench.stop();
  }
}
