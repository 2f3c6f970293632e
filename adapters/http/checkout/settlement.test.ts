import { randomUUID } from 'node:crypto';
import { Effect } from 'effect';
import type { Knex } from 'knex';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Orders } from '../../../core/orders/ports.ts';
import { reconcilePayments } from '../../../core/orders/checkout/reconcile.ts';
import { checkoutDetailsFactory } from '../../../core/orders/test-factories.ts';
import { PaymentGateways } from '../../../core/payments/ports.ts';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { adultPriceTypeId, freshGaSection, plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import { createLogger } from '../../log.ts';
import { openJobQueue } from '../../queue/job-queue.ts';
import { makeAppRuntime, type AppRuntime } from '../../wiring.ts';
import { RequiresActionAnswer } from '../contract/checkout.ts';
import { browser, checkoutBody, type Browser } from './test-browser.ts';

// A payment that succeeded is never lost: when the basket ran out after the charge,
// the seats are sold anyway if still free, else the money goes back; a crash between charge and
// order is repaired by the reconciliation job the same way a retry repairs it.

let api: TestApi;
let db: Knex;
let runtime: AppRuntime;
let eventId: number;
let nextSeat = 0;

beforeAll(async () => {
  api = await createTestApi({ env: { BASKET_HOLD_MINUTES: '10' } });
  db = api.db;
  runtime = makeAppRuntime({ db, config: api.config });
  eventId = await saleEventId(db, 'HAMLET', 3);
});

afterAll(async () => {
  await runtime?.dispose();
  await api?.close();
});

const freshSeats = async (count: number) => {
  const seats = await plainOpenSeats(db, eventId, count, nextSeat);
  nextSeat += count;
  return seats;
};

/** The basket's time runs out now (its holds with it), as if the buyer took too long. */
const runOut = async (basketId: string) => {
  await db.raw(`update baskets set expires_at = now() - interval '1 second' where id = ?`, [basketId]);
  await db.raw(`update event_seats set held_until = now() - interval '1 second' where basket_id = ?`, [
    basketId,
  ]);
  await db.raw(`update event_ga_holds set held_until = now() - interval '1 second' where basket_id = ?`, [
    basketId,
  ]);
};

/** A 3-D Secure payment authenticated at the bank, not yet resubmitted. */
const authenticated = async (b: Browser) => {
  const body = checkoutBody(await b.token('4000002500003155'));
  const action = RequiresActionAnswer.parse((await b.checkout(body)).body);
  await b.authenticate(action.ActionUrl!, 'complete');
  return { ...body, IdempotencyKey: body.IdempotencyKey as string, PaymentIntentId: action.PaymentIntentId };
};

describe('the basket ran out after the charge', () => {
  test('the seats are still free: they are sold anyway', async () => {
    const b = await browser(api.server);
    const seats = await freshSeats(2);
    await b.holdSeats(
      eventId,
      seats.map((s) => s.key),
    );
    const resubmit = await authenticated(b);
    await runOut(b.basketId()!);
    const res = await b.checkout(resubmit);
    expect(res.status).toBe(200);
    const rows = await db('event_seats')
      .where({ event_id: eventId })
      .whereIn(
        'seat_id',
        seats.map((s) => s.seat_id),
      );
    expect(rows.map((r) => r.status)).toEqual(['Sold', 'Sold']);
    expect(rows.every((r) => r.order_id === res.body.Order.ID)).toBe(true);
  });

  test('someone else took a seat: nothing is sold and the payment is refunded (409)', async () => {
    const b = await browser(api.server);
    const seats = await freshSeats(2);
    await b.holdSeats(
      eventId,
      seats.map((s) => s.key),
    );
    const resubmit = await authenticated(b);
    await runOut(b.basketId()!);
    const other = await browser(api.server);
    expect((await other.holdSeats(eventId, [seats[1]!.key])).status).toBe(200);

    const res = await b.checkout(resubmit);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ TakenSeats: [seats[1]!.key], Refunded: true });
    const payment = await db('payments').where({ idempotency_key: resubmit.IdempotencyKey }).first();
    expect(payment).toMatchObject({ status: 'refunded', refund_status: 'refunded', order_id: null });
    const charged = await db('offline_payments').where({ ref: resubmit.PaymentIntentId }).first();
    expect(charged.refunded).toBe(charged.amount);
    // The other buyer keeps their seat; the first seat is free again.
    const rows = await db('event_seats')
      .where({ event_id: eventId })
      .whereIn(
        'seat_id',
        seats.map((s) => s.seat_id),
      )
      .orderBy('seat_id');
    expect(rows.map((r) => [r.status, r.basket_id])).toEqual([
      ['Open', null],
      ['Open', other.basketId()],
    ]);
    // A retry answers the same outcome and refunds nothing more.
    expect((await b.checkout(resubmit)).status).toBe(409);
    expect(
      await db('offline_refunds').where({ payment_ref: resubmit.PaymentIntentId }).count({ n: '*' }),
    ).toEqual([{ n: 1 }]);
  });

  test('the basket changed while paying: the charge no longer matches, so it is refunded', async () => {
    const b = await browser(api.server);
    const seats = await freshSeats(2);
    const held = await b.holdSeats(
      eventId,
      seats.map((s) => s.key),
    );
    const resubmit = await authenticated(b);
    expect(
      (await b.call('PUT', '/api/baskets/removeItems', { basketItemIds: [held.body.TicketItems[0].ID] }))
        .status,
    ).toBe(200);
    const res = await b.checkout(resubmit);
    expect(res.status).toBe(409);
    expect(res.body.Refunded).toBe(true);
    expect(await db('orders').where({ basket_id: b.basketId() }).first()).toBeUndefined();
  });
});

describe('general admission', () => {
  test('GA places are sold: held + sold never exceed capacity', async () => {
    const gaEvent = await saleEventId(db, 'COMEDY', 3);
    const section = await freshGaSection(db, gaEvent, 4);
    const adult = await adultPriceTypeId(db);
    const b = await browser(api.server);
    const held = await b.call('POST', '/api/baskets/generaladmission', {
      eventId: gaEvent,
      ticketRequest: { [`${section.price_level_id}-${adult}`]: 3 },
    });
    expect(held.status).toBe(200);
    const paid = await b.checkout(checkoutBody(await b.token('4242424242424242')));
    expect(paid.status).toBe(200);
    const ga = await db('event_ga_sections')
      .where({ event_id: gaEvent, section_id: section.section_id })
      .first();
    expect(ga).toMatchObject({ capacity: 4, sold: 3 });
    expect(await db('event_ga_holds').where({ event_id: gaEvent }).count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(
      await db('order_tickets').where({ order_id: paid.body.Order.ID, is_ga: true }).count({ n: '*' }),
    ).toEqual([{ n: 3 }]);
    const other = await browser(api.server);
    const tooMany = await other.call('POST', '/api/baskets/generaladmission', {
      eventId: gaEvent,
      ticketRequest: { [`${section.price_level_id}-${adult}`]: 2 },
    });
    expect(tooMany.status).toBe(409);
  });
});

describe('reconciliation', () => {
  test('a charge whose request died before the order is completed by the job; a retry then answers it', async () => {
    const b = await browser(api.server);
    const seats = await freshSeats(1);
    const held = await b.holdSeats(eventId, [seats[0]!.key]);
    const card = await b.token('4242424242424242');
    const body = checkoutBody(card);
    // The request saved its attempt and charged, then the process died.
    const attempt = await runtime.runPromise(
      Effect.gen(function* () {
        const orders = yield* Orders;
        const { attempt } = yield* orders.startAttempt({
          idempotencyKey: body.IdempotencyKey as string,
          basketId: b.basketId()!,
          gateway: 'Offline',
          paymentType: 'CreditCard',
          paymentMethodName: null,
          amount: held.body.Total,
          currency: 'USD',
          card: null,
          checkout: checkoutDetailsFactory(),
        });
        const gateways = yield* PaymentGateways;
        yield* gateways.card.charge({
          idempotencyKey: attempt.idempotencyKey,
          amount: attempt.amount,
          currency: 'USD',
          description: 'test',
          token: card.Token,
          savedCardId: null,
          paymentRef: null,
          saveCardFor: null,
          returnUrl: null,
          metadata: {},
        });
        return attempt;
      }),
    );
    // A request that died before reaching the gateway at all.
    const other = await browser(api.server);
    await other.holdSeats(eventId, [(await freshSeats(1))[0]!.key]);
    const lost = await runtime.runPromise(
      Effect.flatMap(Orders, (orders) =>
        orders.startAttempt({
          ...attempt,
          idempotencyKey: randomUUID(),
          basketId: other.basketId()!,
          card: null,
        }),
      ),
    );
    // Too fresh: left alone.
    expect((await runtime.runPromise(reconcilePayments())).examined).toBe(0);
    await db('payments')
      .whereIn('id', [attempt.id, lost.attempt.id])
      .update({ updated_at: db.raw(`now() - interval '2 minutes'`) });

    const done = await runtime.runPromise(reconcilePayments());
    expect(done).toMatchObject({ examined: 2, ordersMade: 1, failed: 1 });
    const settled = await db('payments').where({ id: attempt.id }).first();
    expect(settled.status).toBe('succeeded');
    expect(settled.order_id).not.toBeNull();
    expect(
      (await db('event_seats').where({ event_id: eventId, seat_id: seats[0]!.seat_id }).first()).status,
    ).toBe('Sold');
    expect(await db('payments').where({ id: lost.attempt.id }).first()).toMatchObject({
      status: 'failed',
      failure_code: 'processing_error',
    });
    // The buyer's retry with the same key answers the order the job made.
    const retry = await b.checkout(body);
    expect(retry.status).toBe(200);
    expect(retry.body.Order.ID).toBe(settled.order_id);
    expect(
      await db('offline_payments').where({ idempotency_key: body.IdempotencyKey }).count({ n: '*' }),
    ).toEqual([{ n: 1 }]);
  });

  test('order e-mails a process without the queue left behind are queued as order-email jobs', async () => {
    const log = createLogger('silent');
    const boss: PgBoss = await openJobQueue(api.config.DATABASE_URL!, { log, supervise: false });
    const queued = makeAppRuntime({ db, config: api.config, jobQueue: { boss, log } });
    try {
      const pending: { order_id: number }[] = await db('order_mail_outbox')
        .whereNull('enqueued_at')
        .select('order_id');
      expect(pending.length).toBeGreaterThan(0);
      await db('order_mail_outbox').update({ created_at: db.raw(`now() - interval '2 minutes'`) });
      const done = await queued.runPromise(reconcilePayments());
      expect(done.mailsQueued).toBe(pending.length);
      const jobs: { data: { orderId: number } }[] = await db('pgboss.job')
        .where({ name: 'order-email' })
        .select('data');
      expect(jobs.map((j) => j.data.orderId).sort()).toEqual(pending.map((p) => p.order_id).sort());
      expect(await db('order_mail_outbox').whereNull('enqueued_at').count({ n: '*' })).toEqual([{ n: 0 }]);
    } finally {
      await queued.dispose();
      await boss.stop({ graceful: false, timeout: 2_000 });
    }
  });
});
