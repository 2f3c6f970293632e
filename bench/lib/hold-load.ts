import http from 'node:http';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { holdPoster, seatedHoldBody } from './hold-request.ts';

// Closed-loop clients that hold seats over HTTP until the event is sold out, on a thread of
// their own (as http-load.ts): each sends its next hold when the last one is answered. Each
// request is a new buyer (hold-request.ts). Clients share what they learn, as browsers re-read
// the map after a 409.

export interface SeatedLoad {
  readonly kind: 'seated';
  /** Per row, its blocks of adjacent seat keys (pairs; a single where a row cannot pair). */
  readonly rows: readonly (readonly (readonly string[])[])[];
}

export interface GaLoad {
  readonly kind: 'ga';
  readonly priceKey: string;
  readonly quantity: number;
}

export interface HoldLoadOptions {
  readonly baseUrl: string;
  readonly eventId: number;
  readonly clients: number;
  readonly csrfToken: string;
  readonly load: SeatedLoad | GaLoad;
}

export interface HoldLoadResult {
  /** Every hold request, milliseconds, sorted. */
  readonly latenciesMs: number[];
  readonly elapsedMs: number;
  /** Successful holds (requests answered 200). */
  readonly holds: number;
  /** Seats or GA places the 200 answers said were held. */
  readonly placesHeld: number;
  readonly conflicts: number;
  readonly statusCodes: Record<string, number>;
  readonly errors: number;
}

const KIND = 'foyer-hold-load';

const run = async (options: HoldLoadOptions): Promise<HoldLoadResult> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.clients });
  const send = holdPoster({ ...options, kind: options.load.kind }, agent);
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let holds = 0;
  let placesHeld = 0;
  let conflicts = 0;
  let errors = 0;

  /** Status 0 (no answer) is counted as an error by the caller, as any unexpected status. */
  const post = async (body: object) => {
    const answer = await send(body);
    if (answer.status !== 0) {
      latencies.push(answer.ms);
      statusCodes[answer.status] = (statusCodes[answer.status] ?? 0) + 1;
    }
    return answer;
  };

  const started = performance.now();
  if (options.load.kind === 'seated') {
    const rows = options.load.rows;
    // What the clients know: blocks held (by anyone), rows that still have open blocks.
    const held = rows.map((blocks) => blocks.map(() => false));
    const where = new Map<string, [number, number]>();
    rows.forEach((blocks, r) => blocks.forEach((block, b) => block.forEach((key) => where.set(key, [r, b]))));
    // A buyer clicks two adjacent seats the map shows open: any open block, equally likely.
    const open: [number, number][] = rows.flatMap((blocks, r) =>
      blocks.map((_, b): [number, number] => [r, b]),
    );
    const pick = (): [number, number] | undefined => {
      while (open.length > 0) {
        const i = Math.floor(Math.random() * open.length);
        const [r, b] = open[i]!;
        if (!held[r]![b]) return [r, b];
        open[i] = open[open.length - 1]!;
        open.pop();
      }
      return undefined;
    };
    const client = async () => {
      for (let next = pick(); next; next = pick()) {
        const [r, b] = next;
        const keys = rows[r]![b]!;
        const answer = await post(seatedHoldBody(options.eventId, keys));
        if (answer.status === 200) {
          holds++;
          placesHeld += keys.length;
          held[r]![b] = true;
        } else if (answer.status === 409) {
          conflicts++;
          for (const key of (JSON.parse(answer.body) as { TakenSeats: string[] }).TakenSeats) {
            const at = where.get(key);
            if (at) held[at[0]]![at[1]] = true;
          }
        } else {
          errors++;
          held[r]![b] = true; // never ask for it again
        }
      }
    };
    await Promise.all(Array.from({ length: options.clients }, client));
  } else {
    const { priceKey, quantity } = options.load;
    let soldOut = false;
    const client = async () => {
      while (!soldOut) {
        const answer = await post({ eventId: options.eventId, ticketRequest: { [priceKey]: quantity } });
        if (answer.status === 200) {
          holds++;
          placesHeld += quantity;
        } else if (answer.status === 409) {
          conflicts++;
          soldOut = true;
        } else {
          errors++;
          soldOut = true;
        }
      }
    };
    await Promise.all(Array.from({ length: options.clients }, client));
  }
  const elapsedMs = performance.now() - started;
  agent.destroy();
  return {
    latenciesMs: latencies.sort((a, b) => a - b),
    elapsedMs,
    holds,
    placesHeld,
    conflicts,
    statusCodes,
    errors,
  };
};

/** Runs the clients on a worker thread until the event (or GA section) is sold out. */
export const runHoldLoad = (options: HoldLoadOptions): Promise<HoldLoadResult> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { kind: KIND, options } });
    worker.once('message', (result: HoldLoadResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? undefined : reject(new Error(`hold load worker exited with ${code}`)),
    );
  });

if (!isMainThread && (workerData as { kind?: string } | null)?.kind === KIND) {
  const result = await run((workerData as { options: HoldLoadOptions }).options);
  parentPort?.postMessage(result);
}
