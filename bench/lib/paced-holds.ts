import http from 'node:http';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { holdPoster, seatedHoldBody } from './hold-request.ts';

// An open-loop sender of seated holds: request i goes out at start + i / rate whether or not the
// earlier ones were answered, as buyers arrive on their own clock. Latency is counted from that
// scheduled time, so when the server (or the sender) falls behind, the queueing shows in it
// instead of slowing the offered rate down, as closed-loop clients would. On a thread of its own
// (as http-load.ts). Each request is a new buyer holding one block no request before it asked for.

export interface PacedHoldOptions {
  readonly baseUrl: string;
  readonly eventId: number;
  readonly csrfToken: string;
  /** Blocks of adjacent seat keys, each asked for at most once, in a random order. */
  readonly blocks: readonly (readonly string[])[];
  /** Requests per second offered. */
  readonly rate: number;
  readonly durationMs: number;
}

export interface PacedHoldResult {
  /** From each request's scheduled time to its answer, milliseconds, sorted. */
  readonly latenciesMs: number[];
  readonly sent: number;
  /** How long the sending took, first to last scheduled send (the offered window). */
  readonly sendingMs: number;
  /** The most any send went out after its scheduled time, milliseconds (the sender's own lag). */
  readonly maxSendLagMs: number;
  readonly holds: number;
  readonly placesHeld: number;
  readonly statusCodes: Record<string, number>;
  readonly errors: number;
}

const KIND = 'foyer-paced-holds';

const shuffled = <T>(items: readonly T[]): T[] => {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

const run = async (options: PacedHoldOptions): Promise<PacedHoldResult> => {
  // Enough sockets that the sender never waits for one while the server keeps up; past that,
  // requests wait in the agent's queue, which the latency from the scheduled time counts.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });
  const send = holdPoster({ ...options, kind: 'seated' }, agent);
  const blocks = shuffled(options.blocks);
  const total = Math.min(blocks.length, Math.floor((options.rate * options.durationMs) / 1000));
  const intervalMs = 1000 / options.rate;
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let holds = 0;
  let placesHeld = 0;
  let errors = 0;
  let maxSendLagMs = 0;
  const answers: Promise<void>[] = [];

  const fire = (keys: readonly string[], scheduled: number) =>
    send(seatedHoldBody(options.eventId, keys), scheduled).then((answer) => {
      if (answer.status === 0) {
        errors++;
        return;
      }
      latencies.push(answer.ms);
      statusCodes[answer.status] = (statusCodes[answer.status] ?? 0) + 1;
      if (answer.status === 200) {
        holds++;
        placesHeld += keys.length;
      } else if (answer.status !== 409) errors++;
    });

  const start = performance.now();
  let sent = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      for (; sent < total && start + sent * intervalMs <= now; sent++) {
        const scheduled = start + sent * intervalMs;
        maxSendLagMs = Math.max(maxSendLagMs, now - scheduled);
        answers.push(fire(blocks[sent]!, scheduled));
      }
      if (sent >= total) return done();
      setTimeout(tick, Math.max(0, start + sent * intervalMs - performance.now()));
    };
    tick();
  });
  const sendingMs = Math.max(0, (total - 1) * intervalMs);
  await Promise.all(answers);
  agent.destroy();
  return {
    latenciesMs: latencies.sort((a, b) => a - b),
    sent,
    sendingMs,
    maxSendLagMs,
    holds,
    placesHeld,
    statusCodes,
    errors,
  };
};

/** Sends the holds on a worker thread at the given rate and resolves when all are answered. */
export const runPacedHolds = (options: PacedHoldOptions): Promise<PacedHoldResult> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { kind: KIND, options } });
    worker.once('message', (result: PacedHoldResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? undefined : reject(new Error(`paced hold worker exited with ${code}`)),
    );
  });

if (!isMainThread && (workerData as { kind?: string } | null)?.kind === KIND) {
  const result = await run((workerData as { options: PacedHoldOptions }).options);
  parentPort?.postMessage(result);
}
