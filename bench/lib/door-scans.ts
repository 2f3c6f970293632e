import http from 'node:http';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { signedInSession } from './cookie-session.ts';

// Doors scanning tickets through `POST /api/admin/checkin/scan`, on a thread of their own (its
// own event loop, so the doors do not queue behind the server they measure). Each door is a
// signed-in staff session with its own cookies and door name. Some tickets are scanned by two
// doors at once (the next door's session and name), as a ticket passed back over a barrier is.
// Closed loop: each door scans its next ticket when the last was answered. Paced: scans go out
// on a fixed schedule whatever the answers, each timed from its scheduled moment.

export interface DoorScansOptions {
  readonly baseUrl: string;
  readonly eventId: number;
  /** One e-mail per door; all share the password. */
  readonly doors: readonly string[];
  readonly password: string;
  /** The tickets in the order they come to the doors; `twice` ones are scanned by two doors at once. */
  readonly tickets: readonly { readonly barcode: string; readonly twice: boolean }[];
  /** Scans per second offered in all (paced), or undefined for closed loop. */
  readonly ratePerSecond?: number;
}

export interface DoorScansResult {
  /** Every scan's time to its answer (paced: from its scheduled moment), ms, ascending. */
  readonly latenciesMs: number[];
  readonly elapsedMs: number;
  readonly scans: number;
  /** Answers per barcode, in the order they came. */
  readonly answers: Record<string, string[]>;
  /** Scans with no answer or a status other than 200, and a few of them. */
  readonly errors: number;
  readonly errorSamples: string[];
  /** Paced: the most a scan went out after its scheduled moment. */
  readonly sendLagMaxMs: number;
}

const KIND = 'foyer-door-scans';

const run = async (o: DoorScansOptions): Promise<DoorScansResult> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.ratePerSecond ? 256 : o.doors.length * 2 });
  const doors = await Promise.all(
    o.doors.map(async (email, i) => {
      const session = await signedInSession(o.baseUrl, agent, email, o.password);
      return { session, name: `Door ${i + 1}` };
    }),
  );
  const latencies: number[] = [];
  const answers: Record<string, string[]> = {};
  const errorSamples: string[] = [];
  let errors = 0;
  let sendLagMaxMs = 0;

  /** One scan by door `d`, timed from `since`. */
  const scan = async (d: number, barcode: string, since: number) => {
    const door = doors[d % doors.length]!;
    const answer = await door.session.call('POST', '/api/admin/checkin/scan', {
      EventId: o.eventId,
      Barcode: barcode,
      Door: door.name,
    });
    latencies.push(performance.now() - since);
    if (answer.status !== 200) {
      errors++;
      if (errorSamples.length < 5) errorSamples.push(`${answer.status} ${answer.body.slice(0, 200)}`);
      return;
    }
    (answers[barcode] ??= []).push((JSON.parse(answer.body) as { Result: string }).Result);
  };
  /** The ticket at `n` by door `d`, and by the next door at the same moment when it is scanned twice. */
  const present = (n: number, d: number, since: number) => {
    const ticket = o.tickets[n]!;
    const scans = [scan(d, ticket.barcode, since)];
    if (ticket.twice) scans.push(scan(d + 1, ticket.barcode, since));
    return Promise.all(scans);
  };

  const started = performance.now();
  if (o.ratePerSecond === undefined) {
    let next = 0;
    await Promise.all(
      doors.map(async (_, d) => {
        while (next < o.tickets.length) await present(next++, d, performance.now());
      }),
    );
  } else {
    // A scan counts as one whether it is one door's or two doors' at once.
    const perScan = 1000 / o.ratePerSecond;
    const inFlight: Promise<unknown>[] = [];
    for (let n = 0; n < o.tickets.length; n++) {
      const due = started + n * perScan;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      sendLagMaxMs = Math.max(sendLagMaxMs, performance.now() - due);
      inFlight.push(present(n, n, due));
    }
    await Promise.all(inFlight);
  }
  const elapsedMs = performance.now() - started;
  agent.destroy();
  return {
    latenciesMs: latencies.sort((a, b) => a - b),
    elapsedMs,
    scans: latencies.length,
    answers,
    errors,
    errorSamples,
    sendLagMaxMs,
  };
};

/** Runs the doors on a worker thread and resolves with what they measured. */
export const runDoorScans = (options: DoorScansOptions): Promise<DoorScansResult> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { kind: KIND, options } });
    worker.once('message', (result: DoorScansResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? undefined : reject(new Error(`door scans exited with ${code}`)),
    );
  });

if (!isMainThread && (workerData as { kind?: string } | null)?.kind === KIND) {
  const result = await run((workerData as { options: DoorScansOptions }).options);
  parentPort?.postMessage(result);
}
