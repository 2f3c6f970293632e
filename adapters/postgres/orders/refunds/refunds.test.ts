import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Cause, Effect, Exit } from 'effect';
import Stripe from 'stripe';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { listOutbox } from '../../../mail/outbox-folder.ts';
import { createDatabase } from '../../database.ts';
import { makeAppRuntime, type AppRuntime, type AppServices } from '../../../wiring.ts';
import { createTestDatabase } from '../../../../test/database.ts';
import type { AfterSaleActor } from '../../../../core/orders/after-sale.ts';
import {
  finishPendingRefunds,
  refundOrder,
  refundPayment,
  refundableOrder,
} from '../../../../core/orders/refunds/refund-order.ts';
import { makeOrderRefundsPostgres } from './refunds.ts';
import { makeStripeGateway } from '../../../stripe/gateway.ts';
import { startStripeStandIn } from '../../../../test/stand-ins/stripe/server.ts';
import { BUYER_EMAIL, ledgerOf, offlineCard, oweCredit, paidOrder } from './test-refunds.ts';

// Refunds on a real database with the offline card processor: the credit owed goes back over the
// payments in order, never more than owed nor than a payment has left; a processor that cannot be
// reached leaves the refund pending and counted, and the job finishes it with the same key; a
// crash after the save is finished, never repeated. Each refund that goes through is e-mailed.

let drop: () => Promise<void>;
let db: Knex;
let runtime: AppRuntime;
let dataDir: string;
let databaseUrl: string;

const clerk: AfterSaleActor = { staffUserId: null, name: 'Test Clerk', counter: 'Window 1' };

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  databaseUrl = database.url;
  db = createDatabase(database.url, { max: 5 });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'foyer-refunds-'));
  const config = loadConfig({
    DATABASE_URL: database.url,
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
  });
  runtime = makeAppRuntime({ db, config });
});
afterAll(async () => {
  await runtime?.dispose();
  await db?.destroy();
  await drop?.();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const run = <A, E>(effect: Effect.Effect<A, E, AppServices>) => runtime.runPromise(effect);

/** The expected failure of a use case, as its tag and data. */
const failureOf = async <A, E>(effect: Effect.Effect<A, E, AppServices>) => {
  const exit = await runtime.runPromiseExit(effect);
  if (Exit.isSuccess(exit)) throw new Error(`expected a failure, got ${JSON.stringify(exit.value)}`);
  const failure = Cause.findErrorOption(exit.cause);
  if (failure._tag === 'None') throw Cause.squash(exit.cause);
  return failure.value as E & { _tag: string };
};

const refundRows = (orderId: number) => db('refunds').where({ order_id: orderId }).orderBy('id');

const mailsTo = async (orderName: string) =>
  (await listOutbox(path.join(dataDir, 'outbox'))).messages.filter(
    (m) => m.to.includes(BUYER_EMAIL) && m.subject.includes(orderName),
  );

describe('the credit owed, given back', () => {
  test('placed over the payments in order, the first capped at what is needed; the ledger holds; each refund e-mailed', async () => {
    const sale = await paidOrder(db, [
      { paymentType: 'Cash', amount: 3_000 },
      { paymentType: 'CreditCard', amount: 5_000 },
    ]);
    const cardRef = await offlineCard(db, sale.paymentIds[1]!);
    await oweCredit(db, sale.orderId, 6_000);

    const suggested = await run(refundableOrder(sale.orderId));
    expect(suggested.suggested).toEqual([
      { paymentId: sale.paymentIds[0], amount: 3_000 },
      { paymentId: sale.paymentIds[1], amount: 3_000 },
    ]);

    const result = await run(
      refundOrder({ orderId: sale.orderId, amount: 'credit', reason: 'show moved', actor: clerk }),
    );
    expect(result.balanceDue).toBe(0);
    expect(result.refunds.map((r) => [r.paymentId, r.amount, r.refundType, r.status])).toEqual([
      [sale.paymentIds[0], 3_000, 'Cash', 'succeeded'],
      [sale.paymentIds[1], 3_000, 'CreditCard', 'succeeded'],
    ]);
    const rows = await refundRows(sale.orderId);
    expect(rows.map((r) => [r.gateway, r.idempotency_key, r.staff_name, r.counter, r.reason])).toEqual([
      [null, `refund:${rows[0].id}`, 'Test Clerk', 'Window 1', 'show moved'],
      ['Offline', `refund:${rows[1].id}`, 'Test Clerk', 'Window 1', 'show moved'],
    ]);
    expect(rows[1].refund_ref).toMatch(/^offline_re_/);
    expect((await db('offline_payments').where({ ref: cardRef }).first()).refunded).toBe(3_000);

    const ledger = await ledgerOf(db, sale.orderId);
    expect(ledger).toEqual({ total: 2_000, paid: 8_000, refunded: 6_000, balance_due: 0 });
    expect(ledger.paid - ledger.refunded).toBe(ledger.total - ledger.balance_due);

    const mails = await mailsTo(sale.orderName);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `Refund of $30.00 for your order ${sale.orderName}`,
      `Refund of $30.00 for your order ${sale.orderName}`,
    ]);

    // Nothing is owed any more: asking again gives nothing back.
    const again = await run(
      refundOrder({ orderId: sale.orderId, amount: 'credit', reason: null, actor: clerk }),
    );
    expect(again).toEqual({ refunds: [], balanceDue: 0 });
    expect(await refundRows(sale.orderId)).toHaveLength(2);
  });

  test('more than the credit owed, or than a payment has left, is refused and changes nothing', async () => {
    const sale = await paidOrder(db, [
      { paymentType: 'Check', amount: 3_000 },
      { paymentType: 'Cash', amount: 1_000 },
    ]);
    const other = await paidOrder(db, [{ paymentType: 'Cash', amount: 500 }]);
    await oweCredit(db, sale.orderId, 2_500);
    const before = await ledgerOf(db, sale.orderId);
    const refund = (paymentId: number, amount: number) =>
      failureOf(
        refundPayment({
          orderId: sale.orderId,
          paymentId,
          amount,
          alternative: null,
          reason: null,
          actor: clerk,
        }),
      );

    expect(await refund(sale.paymentIds[0]!, 2_600)).toMatchObject({
      _tag: 'RefundRefused',
      code: 'MoreThanOwed',
      owed: 2_500,
    });
    expect(await refund(sale.paymentIds[1]!, 1_500)).toMatchObject({
      _tag: 'RefundRefused',
      code: 'MoreThanRefundable',
      paymentId: sale.paymentIds[1],
      refundable: 1_000,
    });
    expect(await refund(other.paymentIds[0]!, 100)).toMatchObject({
      _tag: 'RefundRefused',
      code: 'NotRefundable',
    });
    expect(await refund(sale.paymentIds[0]!, 0)).toMatchObject({
      _tag: 'RefundRefused',
      code: 'NotWholeAmount',
    });
    expect(
      await failureOf(refundOrder({ orderId: sale.orderId, amount: 9_000, reason: null, actor: clerk })),
    ).toMatchObject({ code: 'MoreThanOwed' });
    expect(
      await failureOf(refundOrder({ orderId: 999_999, amount: 'credit', reason: null, actor: clerk })),
    ).toMatchObject({ _tag: 'OrderNotFound', orderId: 999_999 });
    expect(await refundRows(sale.orderId)).toEqual([]);
    expect(await ledgerOf(db, sale.orderId)).toEqual(before);

    // Within both limits it goes through, by record for a check.
    const done = await run(
      refundPayment({
        orderId: sale.orderId,
        paymentId: sale.paymentIds[0]!,
        amount: 2_000,
        alternative: null,
        reason: null,
        actor: clerk,
      }),
    );
    expect(done).toEqual({
      refunds: [expect.objectContaining({ amount: 2_000, refundType: 'Check', status: 'succeeded' })],
      balanceDue: -500,
    });
  });

  test("alternativePaymentRequest Cash pays a card's refund out of the till; the card is not touched", async () => {
    const sale = await paidOrder(db, [{ paymentType: 'CreditCard', amount: 4_000 }]);
    const cardRef = await offlineCard(db, sale.paymentIds[0]!);
    await oweCredit(db, sale.orderId, 1_500);
    const done = await run(
      refundPayment({
        orderId: sale.orderId,
        paymentId: sale.paymentIds[0]!,
        amount: 1_500,
        alternative: 'Cash',
        reason: 'card expired',
        actor: clerk,
      }),
    );
    expect(done.refunds).toEqual([expect.objectContaining({ refundType: 'Cash', status: 'succeeded' })]);
    expect(await refundRows(sale.orderId)).toEqual([
      expect.objectContaining({ refund_type: 'Cash', gateway: null, payment_id: sale.paymentIds[0] }),
    ]);
    expect((await db('offline_payments').where({ ref: cardRef }).first()).refunded).toBe(0);
    // The payment has 2,500 left to give back; the credit is all given.
    const view = await run(refundableOrder(sale.orderId));
    expect(view.state.payments[0]).toMatchObject({ amount: 4_000, refunded: 1_500 });
    expect(view.state.balanceDue).toBe(0);
  });
});

describe('exactly once', () => {
  test('a processor that refuses: the refund is saved failed with its words, the credit is owed again, nothing mailed', async () => {
    const sale = await paidOrder(db, [{ paymentType: 'CreditCard', amount: 5_000 }]);
    // A card payment the offline processor never took: it refuses to give any of it back.
    await offlineCard(db, sale.paymentIds[0]!, false);
    await oweCredit(db, sale.orderId, 2_000);
    const failure = await failureOf(
      refundPayment({
        orderId: sale.orderId,
        paymentId: sale.paymentIds[0]!,
        amount: 2_000,
        alternative: null,
        reason: null,
        actor: clerk,
      }),
    );
    expect(failure).toMatchObject({
      _tag: 'RefundRefused',
      code: 'DeclinedByProcessor',
      paymentId: sale.paymentIds[0],
      detail: expect.stringMatching(/cannot be refunded/),
    });
    const [row] = await refundRows(sale.orderId);
    expect(row).toMatchObject({ status: 'failed', amount: 2_000 });
    expect(row.failure_message).toMatch(/cannot be refunded/);
    expect(await ledgerOf(db, sale.orderId)).toMatchObject({ refunded: 0, balance_due: -2_000 });
    // The job leaves a failed refund alone; the credit may go back in cash instead.
    await run(finishPendingRefunds(0));
    expect((await refundRows(sale.orderId))[0]).toMatchObject({ status: 'failed' });
    const cash = await run(
      refundPayment({
        orderId: sale.orderId,
        paymentId: sale.paymentIds[0]!,
        amount: 2_000,
        alternative: 'Cash',
        reason: null,
        actor: clerk,
      }),
    );
    expect(cash.balanceDue).toBe(0);
    expect(await mailsTo(sale.orderName)).toHaveLength(1);
  });

  test('a processor that cannot be reached (Stripe answering 503): the refund stays pending and counted; the job finishes it with its key', async () => {
    const standIn = await startStripeStandIn();
    const stripeRuntime = makeAppRuntime({
      db,
      config: loadConfig({
        DATABASE_URL: databaseUrl,
        PORT: '0',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        ...standIn.env,
      }),
    });
    try {
      const onStripe = <A, E>(effect: Effect.Effect<A, E, AppServices>) => stripeRuntime.runPromise(effect);
      const charged = await Effect.runPromise(
        makeStripeGateway(new Stripe('sk_test_foyer', standIn.sdkOptions)).charge({
          idempotencyKey: randomUUID(),
          amount: 5_000,
          currency: 'USD',
          description: 'Foyer order',
          token: 'pm_card_visa',
          savedCardId: null,
          paymentRef: null,
          saveCardFor: null,
          returnUrl: null,
          metadata: {},
        }),
      );
      if (charged.status !== 'succeeded') throw new Error(`charge ${charged.status}`);
      const sale = await paidOrder(db, [{ paymentType: 'CreditCard', amount: 5_000 }]);
      await db('payments').where({ id: sale.paymentIds[0] }).update({
        payment_ref: charged.paymentRef,
        gateway: 'Stripe',
        card_brand: 'Visa',
        card_last4: '4242',
      });
      await oweCredit(db, sale.orderId, 2_000);

      standIn.outage(true);
      const exit = await stripeRuntime.runPromiseExit(
        refundPayment({
          orderId: sale.orderId,
          paymentId: sale.paymentIds[0]!,
          amount: 2_000,
          alternative: null,
          reason: null,
          actor: clerk,
        }),
      );
      const failure = Exit.isFailure(exit) ? Cause.findErrorOption(exit.cause) : null;
      expect(failure?._tag === 'Some' ? failure.value : exit).toMatchObject({
        _tag: 'GatewayUnavailable',
        gateway: 'Stripe',
      });
      const [row] = await refundRows(sale.orderId);
      expect(row).toMatchObject({ status: 'pending', amount: 2_000 });
      expect(row.failure_message).toMatch(/unavailable|503/i);
      // Promised back already: no second refund can take the same credit.
      expect(await ledgerOf(db, sale.orderId)).toMatchObject({ refunded: 2_000, balance_due: 0 });

      // Too recent for the job; then Stripe is back.
      expect(await onStripe(finishPendingRefunds(3600))).toMatchObject({ examined: 0 });
      standIn.outage(false);
      const finished = await onStripe(finishPendingRefunds(0));
      expect(finished.succeeded).toBeGreaterThanOrEqual(1);
      expect((await refundRows(sale.orderId))[0]).toMatchObject({ status: 'succeeded' });
      const made = standIn.calls('POST', '/v1/refunds').filter((r) => r.status === 200);
      expect(made.map((r) => r.idempotencyKey)).toEqual([`refund:${row.id}`]);
      expect(await mailsTo(sale.orderName)).toHaveLength(1);
    } finally {
      await stripeRuntime.dispose();
      await standIn.close();
    }
  });

  test('a crash after the refund was saved: running again finishes it and allocates nothing more', async () => {
    const sale = await paidOrder(db, [{ paymentType: 'CreditCard', amount: 5_000 }]);
    const cardRef = await offlineCard(db, sale.paymentIds[0]!);
    await oweCredit(db, sale.orderId, 3_000);
    // The save happened, the processor was never asked (the process died in between).
    const store = makeOrderRefundsPostgres(db);
    await runtime.runPromise(
      store.begin(sale.orderId, { reason: null, actor: clerk, runId: null }, () => ({
        ok: true,
        refunds: [
          { paymentId: sale.paymentIds[0]!, amount: 3_000, refundType: 'CreditCard', gateway: 'Offline' },
        ],
      })),
    );
    const result = await run(
      refundOrder({ orderId: sale.orderId, amount: 'credit', reason: null, actor: clerk }),
    );
    expect(result.refunds).toEqual([expect.objectContaining({ amount: 3_000, status: 'succeeded' })]);
    expect(result.balanceDue).toBe(0);
    expect(await refundRows(sale.orderId)).toHaveLength(1);
    expect(await db('offline_refunds').where({ payment_ref: cardRef })).toHaveLength(1);
    // And once more: nothing.
    expect(
      (await run(refundOrder({ orderId: sale.orderId, amount: 'credit', reason: null, actor: clerk })))
        .refunds,
    ).toEqual([]);
  });

  test('two refunds of the same credit at once: one goes through, the other is refused', async () => {
    const sale = await paidOrder(db, [
      { paymentType: 'Cash', amount: 2_000 },
      { paymentType: 'Check', amount: 2_000 },
    ]);
    await oweCredit(db, sale.orderId, 1_500);
    const outcomes = await Promise.all(
      sale.paymentIds.map((paymentId) =>
        runtime.runPromiseExit(
          refundPayment({
            orderId: sale.orderId,
            paymentId,
            amount: 1_500,
            alternative: null,
            reason: null,
            actor: clerk,
          }),
        ),
      ),
    );
    expect(outcomes.filter(Exit.isSuccess)).toHaveLength(1);
    expect(await refundRows(sale.orderId)).toHaveLength(1);
    expect(await ledgerOf(db, sale.orderId)).toMatchObject({ refunded: 1_500, balance_due: 0 });
  });
});
