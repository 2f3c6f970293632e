import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { signedInSession, type CookieSession } from './cookie-session.ts';

// One clerk selling anonymous walk-up sales one after another, as the counter's keyboard path
// makes them (web/e2e/counter-speed.test.ts): two best available seats held on the BoxOffice
// channel (GET /api/eventinventory/BoxOffice/reservebestavailable/{id}?quantity=2), the counter's
// hand-over delivery (PUT /api/admin/baskets/counterdelivery), exact cash with no customer
// (POST /api/checkout/pos). A sale's server time is the sum of its three requests' round trips on
// loopback, the screens' reads left out.

export interface WalkUpSalesResult {
  /** Each sale's server time, milliseconds, sorted. */
  readonly saleMs: number[];
  readonly failures: readonly string[];
}

export const timeWalkUpSales = async (o: {
  readonly baseUrl: string;
  readonly eventId: number;
  readonly email: string;
  readonly password: string;
  readonly sales: number;
}): Promise<WalkUpSalesResult> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const clerk = await signedInSession(o.baseUrl, agent, o.email, o.password);
  const saleMs: number[] = [];
  const failures: string[] = [];
  try {
    for (let n = 0; n < o.sales; n++) {
      const spent = await walkUpSale(clerk, o.eventId);
      if (typeof spent === 'number') saleMs.push(spent);
      else failures.push(spent);
      clerk.forget('foyer_basket');
    }
  } finally {
    agent.destroy();
  }
  return { saleMs: saleMs.sort((a, b) => a - b), failures };
};

/** One sale: its server time, or what went wrong. */
const walkUpSale = async (clerk: CookieSession, eventId: number): Promise<number | string> => {
  let spent = 0;
  const timed = async (method: string, path: string, body?: object) => {
    const started = performance.now();
    const answer = await clerk.call(method, path, body);
    spent += performance.now() - started;
    return answer;
  };
  const held = await timed('GET', `/api/eventinventory/BoxOffice/reservebestavailable/${eventId}?quantity=2`);
  if (held.status !== 200 || !(JSON.parse(held.body) as { Found: boolean }).Found)
    return `reservebestavailable: ${held.status} ${held.body.slice(0, 200)}`;
  const handed = await timed('PUT', '/api/admin/baskets/counterdelivery');
  if (handed.status !== 200) return `counterdelivery: ${handed.status} ${handed.body.slice(0, 200)}`;
  const total = (JSON.parse(handed.body) as { Total: number }).Total;
  const paid = await timed('POST', '/api/checkout/pos', {
    IdempotencyKey: randomUUID(),
    PaymentType: 'Cash',
    AmountTendered: total,
    Counter: 'Bench walk-up',
  });
  if (paid.status !== 200) return `checkout/pos: ${paid.status} ${paid.body.slice(0, 200)}`;
  return spent;
};
