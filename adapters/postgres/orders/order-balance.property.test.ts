import { randomUUID } from 'node:crypto';
import { Exit } from 'effect';
import fc from 'fast-check';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import type { AfterSaleActor } from '../../../core/orders/after-sale.ts';
import { cancelTickets } from '../../../core/orders/staff-orders/cancel-tickets.ts';
import { refundOrder, refundPayment } from '../../../core/orders/refunds/refund-order.ts';
import { makeAppRuntime, type AppRuntime } from '../../wiring.ts';
import { checkoutBody, type Browser } from '../../http/checkout/test-browser.ts';
import { signedIn } from '../../http/checkout/test-people.ts';
import {
  ExchangeAbandoned,
  ExchangeCompleted,
  ExchangeStarted,
  ExchangeViewModel,
} from '../../http/contract/exchanges.ts';
import { ledgerOf } from './refunds/test-refunds.ts';

// An order's balance across random sequences of what happens after the sale: payments against
// the balance (POST /api/admin/payments, core/orders/counter/pay-balance.ts), tickets cancelled with a fee
// kept (core/orders/staff-orders/cancel-tickets.ts), refunds of the credit and of one payment
// (core/orders/refunds/refund-order.ts), and exchanges of Active tickets for other seats through the
// clerk's calls (adapters/http/exchanges/plugin.ts), completed, refused or abandoned. After every step:
//   payments - refunds = total - balance due                  (order_balances)
//   the balance moved exactly as the step says, or not at all when the step was refused
//   no payment gave back more than it brought in; no refund took more than the credit owed.
// After an exchange the balance moved by the new tickets' total less the old tickets' credit,
// the old seats are back on sale and the new ones sold to the order; abandoned or refused, the
// order, its seats and the seats the exchange basket held are as they were.

let api: TestApi;
let db: Knex;
let runtime: AppRuntime;
let clerk: Browser;
/** Exchanges only, so its basket is only ever an exchange's (the clerk's sells the orders). */
let exchanger: Browser;
let eventId: number;
/** Another performance the exchanges may move to. */
let otherEventId: number;
const actor: AfterSaleActor = { staffUserId: null, name: 'Property', counter: 'Window 3' };

beforeAll(async () => {
  api = await createTestApi();
  db = api.db;
  runtime = makeAppRuntime({ db, config: api.config });
  clerk = await signedIn(api.server, 'boxoffice@foyer.local');
  exchanger = await signedIn(api.server, 'supervisor@foyer.local');
  eventId = await saleEventId(db, 'HAMLET', 6);
  otherEventId = await saleEventId(db, 'HAMLET', 7);
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
  | { kind: 'refundPayment'; payment: number; share: number; cash: boolean }
  | {
      kind: 'exchange';
      /** Indexes into the Active tickets; empty gives up every Active ticket (the default). */
      give: number[];
      /** Seats the exchange basket takes; 0 leaves it empty, and completing it is refused. */
      take: number;
      otherNight: boolean;
      abandon: boolean;
    };

const share = fc.double({ min: 0, max: 1.3, noNaN: true });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('pay' as const), share }),
  fc.record({
    kind: fc.constant('cancel' as const),
    ticket: fc.integer({ min: 0, max: 5 }),
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
  fc.record({
    kind: fc.constant('exchange' as const),
    give: fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 3 }),
    take: fc.oneof(
      { weight: 1, arbitrary: fc.constant(0) },
      { weight: 5, arbitrary: fc.integer({ min: 1, max: 4 }) },
    ),
    otherNight: fc.boolean(),
    abandon: fc.boolean(),
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
      // Exchanges add tickets: any of them, Active or not, may be picked.
      const ticket = tickets[step.ticket % tickets.length]!;
      const value = ticket.price + ticket.fee_total;
      // The last Active ticket also takes the order's own charges off (core/orders/staff-orders/cancellation.ts).
      const last = ticket.status === 'Active' && tickets.filter((t) => t.status === 'Active').length === 1;
      const order = await db('orders')
        .where({ id: orderId })
        .first('delivery_total', 'order_level_fee_total');
      const charges = last ? order.delivery_total + order.order_level_fee_total : 0;
      const fee = Math.floor(value * step.feeShare);
      const exit = await runtime.runPromiseExit(
        cancelTickets({ orderId, ticketIds: [ticket.id], fee, reason: null, actor }),
      );
      const done = Exit.isSuccess(exit);
      const allowed = ticket.status === 'Active';
      expect(done, `cancel ticket ${ticket.id} (${ticket.status})`).toBe(allowed);
      return allowed ? -(value + charges) + fee : 0;
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
    case 'exchange':
      return exchange(orderId, step);
  }
};

const orderTickets = (orderId: number) =>
  db('order_tickets')
    .where({ order_id: orderId })
    .orderBy('id')
    .select('id', 'status', 'event_id', 'seat_id', 'price', 'fee_total');
const seatRows = (seats: readonly { event_id: number; seat_id: number }[]) =>
  Promise.all(
    seats.map((s) =>
      db('event_seats')
        .where({ event_id: s.event_id, seat_id: s.seat_id })
        .first('status', 'order_id', 'basket_id'),
    ),
  );
const adjustmentsOf = (orderId: number) => db('order_adjustments').where({ order_id: orderId }).orderBy('id');

/**
 * An exchange as the clerk makes it: started on the order, seats added to the exchange basket,
 * then completed or abandoned. Answers the balance's move: new tickets' total - old credit.
 */
const exchange = async (orderId: number, step: Extract<Step, { kind: 'exchange' }>): Promise<number> => {
  const before = await orderTickets(orderId);
  const active = before.filter((t) => t.status === 'Active');
  const given =
    step.give.length === 0 || active.length === 0
      ? active
      : [...new Set(step.give.map((i) => active[i % active.length]!))];
  const body = step.give.length === 0 || active.length === 0 ? {} : { TicketIds: given.map((t) => t.id) };
  const started = await exchanger.call('POST', `/api/admin/orders/${orderId}/exchange`, body);
  if (active.length === 0) {
    // Nothing left to give up: refused before anything is made.
    expect(started.status, started.raw).toBe(400);
    expect(started.body).toMatchObject({ Code: 'NoActiveTickets' });
    return 0;
  }
  expect(started.status, started.raw).toBe(200);
  const exchangeId = ExchangeStarted.parse(started.body).ExchangeGlobalID;

  const night = step.otherNight ? otherEventId : eventId;
  const newSeats =
    step.take === 0
      ? []
      : (await plainOpenSeats(db, night, step.take)).map((s) => ({ ...s, event_id: night }));
  if (newSeats.length > 0) {
    const held = await exchanger.call('POST', '/api/baskets/additems', {
      eventId: night,
      salesChannel: 'BoxOffice',
      basketItems: newSeats.map((s) => ({ Key: s.key })),
    });
    expect(held.status, held.raw).toBe(200);
  }
  // What the clerk is shown before deciding: the old tickets' credit and the new items' total.
  const vmRes = await exchanger.call('GET', '/api/baskets/exchangeviewmodel');
  expect(vmRes.status, vmRes.raw).toBe(200);
  const shown = ExchangeViewModel.parse(vmRes.body);
  const credit = given.reduce((sum, t) => sum + t.price + t.fee_total, 0);
  expect(shown).toMatchObject({ exchangeGlobalId: exchangeId, orderId, credit, status: 'open' });
  expect(shown.newTotal === 0).toBe(newSeats.length === 0);
  const oldSeats = given.map((t) => ({ event_id: t.event_id as number, seat_id: t.seat_id as number }));
  const adjustments = (await adjustmentsOf(orderId)).length;

  /** Refused or abandoned: the order, its seats and the seats the basket held are as they were. */
  const unchanged = async () => {
    expect(await orderTickets(orderId)).toEqual(before);
    expect(await adjustmentsOf(orderId)).toHaveLength(adjustments);
    for (const row of await seatRows(oldSeats))
      expect(row).toMatchObject({ status: 'Sold', order_id: orderId });
    for (const row of await seatRows(newSeats)) expect(row?.order_id).toBeNull();
  };
  const abandon = async () => {
    const res = await exchanger.call('DELETE', `/api/admin/exchanges/${exchangeId}`);
    expect(res.status, res.raw).toBe(200);
    expect(ExchangeAbandoned.parse(res.body)).toMatchObject({
      OrderId: orderId,
      ReleasedSeats: newSeats.length,
    });
    await unchanged();
    // The seats the basket held are back on sale.
    for (const row of await seatRows(newSeats))
      expect(row).toMatchObject({ status: 'Open', order_id: null, basket_id: null });
  };

  if (step.abandon) {
    await abandon();
    return 0;
  }
  const res = await exchanger.call('POST', `/api/admin/exchanges/${exchangeId}/complete`);
  if (newSeats.length === 0) {
    expect(res.status, res.raw).toBe(400);
    expect(res.body).toMatchObject({ Code: 'BasketEmpty' });
    await unchanged();
    // Left open, it is abandoned like any exchange the customer walks away from.
    await abandon();
    return 0;
  }
  expect(res.status, res.raw).toBe(200);
  const done = ExchangeCompleted.parse(res.body);
  const after = await orderTickets(orderId);
  const fresh = after.filter((t) => done.NewTicketIds.includes(t.id));
  const newTotal = fresh.reduce((sum, t) => sum + t.price + t.fee_total, 0);
  expect(done.ExchangedTicketIds.toSorted((a, b) => a - b)).toEqual(
    given.map((t) => t.id).toSorted((a, b) => a - b),
  );
  // Sold as shown: the new tickets cost what the basket said.
  expect(newTotal).toBe(shown.newTotal);
  expect(done.Difference).toBe(newTotal - credit);
  expect(fresh.map((t) => [t.status, t.event_id])).toEqual(newSeats.map(() => ['Active', night]));
  expect(fresh.map((t) => t.seat_id).toSorted((a, b) => a - b)).toEqual(
    newSeats.map((s) => s.seat_id).toSorted((a, b) => a - b),
  );
  for (const t of after.filter((t) => given.some((g) => g.id === t.id))) expect(t.status).toBe('Exchanged');
  // The tickets not given up are as they were.
  expect(after.filter((t) => before.some((b) => b.id === t.id) && !given.some((g) => g.id === t.id))).toEqual(
    before.filter((t) => !given.some((g) => g.id === t.id)),
  );
  for (const row of await seatRows(oldSeats)) expect(row).toMatchObject({ status: 'Open', order_id: null });
  for (const row of await seatRows(newSeats))
    expect(row).toMatchObject({ status: 'Sold', order_id: orderId, basket_id: null });
  expect(await adjustmentsOf(orderId)).toHaveLength(adjustments + 1);
  // Reckoned from the tickets, not taken from the answer.
  return newTotal - credit;
};

describe('the order balance', () => {
  test('payments - refunds = total - balance due after every payment, cancellation, refund and exchange', async () => {
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
