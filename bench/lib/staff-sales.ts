import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { signedInSession, type Answer, type CookieSession } from './cookie-session.ts';

// Box-office clerks selling over HTTP, on a thread of their own (as hold-load.ts): each clerk is
// a signed-in staff session (its own cookies) that sells two adjacent seats end to end, as at the
// counter: add the seats on the BoxOffice channel (POST /api/baskets/additems), make the walk-up
// customer (POST /api/admin/customers) and assign them (PUT /api/admin/baskets/updatecustomer/{id}),
// pay cash with change due (POST /api/checkout/pos), then start a new basket. A sale's time is from
// its first request to the order's answer. A block another buyer took (409) is skipped.

export interface StaffSalesOptions {
  readonly baseUrl: string;
  readonly eventId: number;
  /** Each clerk's e-mail; all share the password. */
  readonly clerks: readonly string[];
  readonly password: string;
  /** Blocks of two adjacent seat keys the clerks sell from, shared between them. */
  readonly blocks: readonly (readonly string[])[];
  readonly durationMs: number;
}

export interface StaffSalesResult {
  /** Each completed sale, milliseconds, sorted. */
  readonly saleMs: number[];
  readonly elapsedMs: number;
  readonly sales: number;
  readonly seatsSold: number;
  readonly conflicts: number;
  readonly failures: number;
  /** The first failures' status and answer, to say what went wrong. */
  readonly failureSamples: string[];
}

const KIND = 'foyer-staff-sales';

const run = async (o: StaffSalesOptions): Promise<StaffSalesResult> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.clerks.length * 2 });
  const saleMs: number[] = [];
  const failureSamples: string[] = [];
  let conflicts = 0;
  let failures = 0;
  let seatsSold = 0;
  let next = 0;
  const fail = (step: string, answer: Answer) => {
    failures++;
    if (failureSamples.length < 5)
      failureSamples.push(`${step}: ${answer.status} ${answer.body.slice(0, 200)}`);
  };

  const clerks = await Promise.all(
    o.clerks.map(async (email) => {
      const b = await signedInSession(o.baseUrl, agent, email, o.password);
      return b;
    }),
  );

  const started = performance.now();
  const deadline = started + o.durationMs;
  const sell = async (b: CookieSession, keys: readonly string[], n: number) => {
    const added = await b.call('POST', '/api/baskets/additems', {
      eventId: o.eventId,
      salesChannel: 'BoxOffice',
      basketItems: keys.map((Key) => ({ Key })),
    });
    if (added.status === 409) return 'conflict';
    if (added.status !== 200) return fail('additems', added);
    const customer = await b.call('POST', '/api/admin/customers', {
      FirstName: 'Walk',
      LastName: `Up ${n}`,
      Email: `walkup-${n}-${randomUUID().slice(0, 8)}@example.com`,
    });
    if (customer.status !== 200) return fail('customers', customer);
    const { CustomerId } = JSON.parse(customer.body) as { CustomerId: number };
    const assigned = await b.call('PUT', `/api/admin/baskets/updatecustomer/${CustomerId}`);
    if (assigned.status !== 200) return fail('updatecustomer', assigned);
    const total = (JSON.parse(assigned.body) as { Total?: number; Basket?: { Total: number } }).Total;
    const due = total ?? 0;
    const paid = await b.call('POST', '/api/checkout/pos', {
      IdempotencyKey: randomUUID(),
      PaymentType: 'Cash',
      PaymentMethodName: 'Cash',
      AmountTendered: Math.ceil((due + 1) / 1000) * 1000,
      Counter: 'Bench counter',
      FirstName: 'Walk',
      LastName: `Up ${n}`,
    });
    if (paid.status !== 200) return fail('checkout/pos', paid);
    return 'sold';
  };

  const clerk = async (b: CookieSession) => {
    while (performance.now() < deadline && next < o.blocks.length) {
      const n = next++;
      const keys = o.blocks[n]!;
      const saleStarted = performance.now();
      const outcome = await sell(b, keys, n);
      b.forget('foyer_basket');
      if (outcome === 'sold') {
        saleMs.push(performance.now() - saleStarted);
        seatsSold += keys.length;
      } else if (outcome === 'conflict') conflicts++;
    }
  };
  await Promise.all(clerks.map(clerk));
  const elapsedMs = performance.now() - started;
  agent.destroy();
  return {
    saleMs: saleMs.sort((a, b) => a - b),
    elapsedMs,
    sales: saleMs.length,
    seatsSold,
    conflicts,
    failures,
    failureSamples,
  };
};

/** Runs the clerks on a worker thread for `durationMs` (or until the blocks run out). */
export const runStaffSales = (options: StaffSalesOptions): Promise<StaffSalesResult> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { kind: KIND, options } });
    worker.once('message', (result: StaffSalesResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? undefined : reject(new Error(`staff sales worker exited with ${code}`)),
    );
  });

if (!isMainThread && (workerData as { kind?: string } | null)?.kind === KIND) {
  const result = await run((workerData as { options: StaffSalesOptions }).options);
  parentPort?.postMessage(result);
}
