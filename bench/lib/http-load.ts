import http from 'node:http';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

// A closed-loop HTTP load generator on its own thread (its own event loop), so the clients do
// not queue behind the server they measure when both run in one process.

export interface LoadOptions {
  readonly url: string;
  readonly clients: number;
  /** Requests in this window are not recorded. */
  readonly warmupMs: number;
  /** Stop after this long or after maxRequests recorded requests, whichever comes first. */
  readonly durationMs: number;
  readonly maxRequests: number;
  readonly headers?: Record<string, string>;
}

export interface LoadResult {
  /** Latencies of the recorded requests, milliseconds, sorted ascending. */
  readonly latenciesMs: number[];
  readonly elapsedMs: number;
  readonly errors: number;
  readonly statusCodes: Record<string, number>;
  /** Every request answered, warm-up and those past the deadline included (for CPU per request). */
  readonly answeredAll: number;
}

const KIND = 'foyer-http-load';

const runClients = async (options: LoadOptions): Promise<LoadResult> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.clients });
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  let answeredAll = 0;
  const warmupEnds = performance.now() + options.warmupMs;
  let measureStart = 0;
  let deadline = Infinity;

  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.get(options.url, { agent, headers: options.headers }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => {
          answeredAll++;
          const now = performance.now();
          if (started >= warmupEnds && now <= deadline) {
            latencies.push(now - started);
            statusCodes[res.statusCode ?? 0] = (statusCodes[res.statusCode ?? 0] ?? 0) + 1;
          }
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
    });

  const client = async () => {
    for (;;) {
      const now = performance.now();
      if (now >= warmupEnds && measureStart === 0) {
        measureStart = now;
        deadline = now + options.durationMs;
      }
      if (now >= deadline || latencies.length >= options.maxRequests) return;
      await once();
    }
  };
  await Promise.all(Array.from({ length: options.clients }, client));
  const elapsedMs = Math.min(performance.now(), deadline) - measureStart;
  agent.destroy();
  return { latenciesMs: latencies.sort((a, b) => a - b), elapsedMs, errors, statusCodes, answeredAll };
};

/** Runs the clients on a worker thread and resolves with what they measured. */
export const runLoad = (options: LoadOptions): Promise<LoadResult> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { kind: KIND, options } });
    worker.once('message', (result: LoadResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? undefined : reject(new Error(`load worker exited with ${code}`)),
    );
  });

export const percentile = (sorted: readonly number[], p: number): number => {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
};

if (!isMainThread && (workerData as { kind?: string } | null)?.kind === KIND) {
  const result = await runClients((workerData as { options: LoadOptions }).options);
  parentPort?.postMessage(result);
}
