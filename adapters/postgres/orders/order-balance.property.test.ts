import { randomUUID } from 'node:crypto';
import { Effect, Exit } from 'effect';
import fc from 'fast-check';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import type { AfterSaleActor } from '../../../core/orders/after-sale.ts';
import { cancelTickets } from '../../../core/orders/cancel-tickets.ts';
import { refundOrder, refundPayment } from '../../../core/orders/refund-order.ts';
import { makeAppRuntime, type AppRuntime } from '../../wiring.ts';
import { checkoutBody, type Browser } from '../../http/checkout/test-browser.ts';
import { signedIn } from '../../http/checkout/test-people.ts';
import { TicketCancellationsPostgres } from './cancel-tickets.ts';
import { ledgerOf } from './test-refunds.ts';

// An order's balance across random sequences of what happens after the sale: payments against
// the balance (POST /api/admin/payments, core/orders/pay-balance.ts), tickets cancelled with a fee
// kept (core/orders/cancel-tickets.ts), refunds of the credit and of one payment
// (core/orders/refund-order.ts). After every step:
//   payments - refunds = total - balance due                  (order_balances)
//   the balance moved exactly as the step says, or not at all when the step was refused
//   no payment gave back more than it brought in; no refund took more than the credit owed.

let api: TestApi;
let db: Knex;
let runtime: AppRuntime;
let clerk: Browser;
let eventId: number;
const actor: AfterSaleActor = { staffUserId: null, name: 'Property', counter: 'Window 3' };

beforeAll(async () => {
  api = await createTestApi();
  db = api.db;
  runtime = makeAppRuntime({ db, config: api.config });
  clerk = await signedIn(api.server, 'boxoffice@foyer.local');
  eventId = await saleEventId(db, 'HAMLET', 6);
});
afterAll(async () => {
  await runtime?.dispose();
  await api?.close();
});

/** A counter order of three seats with `firstShare` of its total paid in cash, the rest due. */
const counterOrder = async (firstShare: number) => {
  // Sold seats are no longer open: the next order takes the next three.
  const seats = await plainOpenSeats(db, eventId, 3);
  const held = await clerk.call('POST', '/api/baskets/additems', {
    eventId,
    salesChannel: 'BoxOffice',
    basketItems: seats.map((s) => ({ Key: s.key })),
  });
  expect(held.status, held.raw).toBe(200);
  const total = held.body.Total as number;
  const first = Math.max(1, Math.floor(total * firstShare));
  const res = await clerk.call(
    'POST',
    '/api/checkout/pos',
    checkoutBody(null, { PaymentType: 'Cash', Amount: first }),
  );
  expect(res.status, res.raw).toBe(200);
  return res.body.Order.ID as number;
};

type Step =
  | { kind: 'pay'; share: number }
  | { kind: 'cancel'; ticket: number; feeShare: number }
  | { kind: 'refundCredit'; share: number | 'all' }
  | { kind: 'refundPayment'; payment: number; share: number; cash: boolean };

const share = fc.double({ min: 0, max: 1.3, noNaN: true });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('pay' as const), share }),
  fc.record({
    kind: fc.constant('cancel' as const),
    ticket: fc.integer({ min: 0, max: 2 }),
    feeShare: fc.double({ min: 0, max: 0.5, noNaN: true }),
  }),
  fc.record({
    kind: fc.constant('refundCredit' as const),
    share: fc.oneof(fc.constant('all' as const), share),
  }),
  fc.record({
    kind: fc.constant('refundPayment' as const),
    payment: fc.integer({ min: 0, max: 3 }),
    share,
    cash: fc.boolean(),
  }),
);

const payments = (orderId: number) =>
  db('payments')
    .where({ order_id: orderId, status: 'succeeded' })
    .whereNull('refund_status')
    .orderBy('id')
    .select('id', 'amount');

const refundedOf = async (paymentId: number) =>
  Number(
    (
      await db('refunds')
        .where({ payment_id: paymentId })
        .whereNot({ status: 'failed' })
        .sum({ s: 'amount' })
        .first()
    )?.s ?? 0,
  );

/** Runs one step; answers how much the balance due must have moved (0 when refused). */
const apply = async (orderId: number, step: Step, balanceBefore: number): Promise<number> => {
  const credit = Math.max(0, -balanceBefore);
  switch (step.kind) {
    case 'pay': {
      const amount = Math.max(1, Math.round(Math.max(balanceBefore, 100) * step.share));
      const res = await clerk.call('POST', '/api/admin/payments', {
        OrderId: orderId,
        IdempotencyKey: randomUUID(),
        PaymentType: 'Check',
        CheckIssuer: 'Bank',
        CheckNumber: '100',
        Amount: amount,
      });
      const allowed = balanceBefore > 0 && amount <= balanceBefore;
      expect(res.status === 200, `pay ${amount} on ${balanceBefore}: ${res.status} ${res.raw}`).toBe(allowed);
      return allowed ? -amount : 0;
    }
    case 'cancel': {
      const tickets = await db('order_tickets').where({ order_id: orderId }).orderBy('id');
      const ticket = tickets[step.ticket]!;
      const value = ticket.price + ticket.fee_total;
      const fee = Math.floor(value * step.feeShare);
      const exit = await runtime.runPromiseExit(
        cancelTickets({ orderId, ticketIds: [ticket.id], fee, reason: null, actor }).pipe(
          // Until the cancellation's store is in adapters/wiring.ts, the test provides it.
          Effect.provide(TicketCancellationsPostgres(db)),
        ),
      );
      const done = Exit.isSuccess(exit);
      const allowed = ticket.status === 'Active';
      expect(done, `cancel ticket ${ticket.id} (${ticket.status})`).toBe(allowed);
      return allowed ? -value + fee : 0;
    }
    case 'refundCredit': {
      const amount =
        step.share === 'all' ? 'credit' : Math.max(1, Math.round(Math.max(credit, 100) * step.share));
      const exit = await runtime.runPromiseExit(refundOrder({ orderId, amount, reason: null, actor }));
      const wanted = amount === 'credit' ? credit : amount;
      const allowed = wanted <= credit;
      expect(Exit.isSuccess(exit), `refund ${wanted} of ${credit} credit`).toBe(allowed);
      return allowed ? wanted : 0;
    }
    case 'refundPayment': {
      const list = await payments(orderId);
      const payment = list[step.payment % list.length]!;
      const left = payment.amount - (await refundedOf(payment.id));
      const amount = Math.max(1, Math.round(Math.max(Math.min(left, credit), 100) * step.share));
      const exit = await runtime.runPromiseExit(
        refundPayment({
          orderId,
          paymentId: payment.id,
          amount,
          alternative: step.cash ? 'Cash' : null,
          reason: null,
          actor,
        }),
      );
      const allowed = amount <= credit && amount <= left;
      expect(
        Exit.isSuccess(exit),
        `refund ${amount} of payment ${payment.id} (${left} left, ${credit} owed)`,
      ).toBe(allowed);
      return allowed ? amount : 0;
    }
  }
};

describe('the order balance', () => {
  test('payments - refunds = total - balance due after every payment, cancellation and refund', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.double({ min: 0.2, max: 1, noNaN: true }),
        fc.array(stepArb, { minLength: 1, maxLength: 7 }),
        async (firstShare, steps) => {
          const orderId = await counterOrder(firstShare);
          let before = await ledgerOf(db, orderId);
          for (const step of steps) {
            const moved = await apply(orderId, step, before.balance_due);
            const after = await ledgerOf(db, orderId);
            expect(after.paid - after.refunded).toBe(after.total - after.balance_due);
            expect(after.balance_due, JSON.stringify(step)).toBe(before.balance_due + moved);
            for (const p of await payments(orderId))
              expect(await refundedOf(p.id)).toBeLessThanOrEqual(p.amount);
            before = after;
          }
        },
      ),
      { numRuns: 20 },
    );
  }, 300_000);
});
