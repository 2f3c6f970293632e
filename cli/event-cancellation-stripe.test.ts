import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../test/api-server.ts';
import { saleEventId } from '../test/basket.ts';
import { holdSeats, shopper } from '../test/stand-ins/paypal/shopper.ts';
import { startStripeStandIn, type StripeStandIn } from '../test/stand-ins/stripe/server.ts';

// `foyer event cancel --refund` with the cards taken by Stripe (the stand-in, through the real
// SDK), killed with SIGKILL while it refunds and started again: Stripe made exactly one refund
// per payment intent, for what the tickets cost less the fee (the order's own fees are kept).

const root = path.resolve(import.meta.dirname, '..');
const ORDERS = 30;
const FEE = 100; // --fee 1.00
let standIn: StripeStandIn;
let api: TestApi;
let dir: string;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  api = await createTestApi({ env: standIn.env });
  dir = await mkdtemp(path.join(os.tmpdir(), 'foyer-event-cancel-stripe-'));
}, 120_000);
afterAll(async () => {
  await api?.close();
  await standIn?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const stripeOrder = async (eventId: number, i: number) => {
  const b = await shopper(api.server);
  await holdSeats(api.db, b, eventId, 1, i);
  const res = await b.call('POST', '/api/checkout', {
    IdempotencyKey: randomUUID(),
    PaymentType: 'CreditCard',
    Token: 'pm_card_visa',
    CardBrand: 'Visa',
    CCLast4: '4242',
    FirstName: 'Ada',
    LastName: 'Lovelace',
    Email: `ada${i}@example.com`,
    AcceptTermsOfService: true,
    BillToAddress1: '1 Analytical Row',
    BillToCity: 'Springfield',
    BillToPostalCode: '62701',
    BillToCountryCode: 'US',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const payment = await api
    .db('payments')
    .where({ order_id: res.body.Order.ID })
    .first('id', 'payment_ref', 'amount');
  // Cancelling every ticket of an order gives back the whole order (its tickets and its own fees).
  return payment;
};

const foyer = (args: string[], killAfterMs?: number) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; stdout: string }>(
    (resolve) => {
      const child = spawn(
        process.execPath,
        ['--disable-warning=ExperimentalWarning', 'cli/main.ts', ...args],
        {
          cwd: root,
          env: {
            ...process.env,
            ...standIn.env,
            DATABASE_URL: api.config.DATABASE_URL,
            LOG_LEVEL: 'warn',
            DATA_DIR: dir,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      let armed = false;
      child.stdout.on('data', (c) => (stdout += c));
      child.stderr.on('data', (c) => {
        stderr += c;
        if (killAfterMs !== undefined && !armed && /orders\/s/.test(stderr)) {
          armed = true;
          setTimeout(() => child.kill('SIGKILL'), killAfterMs);
        }
      });
      child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr }));
    },
  );

describe('foyer event cancel through Stripe, killed and started again', { timeout: 600_000 }, () => {
  it('makes one Stripe refund per payment, for the whole order less the fee', async () => {
    const eventId = await saleEventId(api.db, 'HAMLET', 0);
    const payments = [];
    for (let i = 0; i < ORDERS; i++) payments.push(await stripeOrder(eventId, i));
    expect(payments.every((p) => /^pi_/.test(p.payment_ref))).toBe(true);

    const args = [
      'event',
      'cancel',
      String(eventId),
      '--refund',
      '--fee',
      '1.00',
      '--yes',
      '--concurrency',
      '2',
    ];
    let killed = 0;
    for (let i = 0; i < 4 && killed < 2; i++) {
      const ran = await foyer(args, Math.floor(Math.random() * 250));
      if (ran.signal === 'SIGKILL') killed++;
      else break;
    }
    expect(killed).toBeGreaterThan(0);
    const last = await foyer(args);
    expect(last.code, last.stderr).toBe(0);

    const byIntent = new Map<string, number[]>();
    for (const refund of standIn.model.refunds.values())
      byIntent.set(refund.payment_intent, [...(byIntent.get(refund.payment_intent) ?? []), refund.amount]);
    for (const payment of payments) expect(byIntent.get(payment.payment_ref)).toEqual([payment.amount - FEE]);
    const rows = await api.db('refunds').whereIn(
      'payment_id',
      payments.map((p) => p.id),
    );
    expect(rows.map((r) => [r.status, r.gateway]).sort()).toEqual(
      Array(ORDERS).fill(['succeeded', 'Stripe']),
    );
  });
});
