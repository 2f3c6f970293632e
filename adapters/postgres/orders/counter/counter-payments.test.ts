import { randomUUID } from 'node:crypto';
import { Effect } from 'effect';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../../test/basket.ts';
import type { NewBalancePayment } from '../../../../core/orders/ports.ts';
import { decidePayment } from '../../../../core/payments/split-tender.ts';
import { checkoutBody } from '../../../http/checkout/test-browser.ts';
import { signedIn } from '../../../http/checkout/test-people.ts';
import { makeCounterPaymentsPostgres } from './counter-payments.ts';

// The counter's payment store on a real database: a payment against a balance is judged and
// written under the order row's lock, so concurrent payments never take more than is due; a key
// is one payment; a card on the terminal pending its capture counts against the balance.

let api: TestApi;
let db: Knex;
let store: ReturnType<typeof makeCounterPaymentsPostgres>;
let eventId: number;
let nextSeat = 0;
let sellerId: number;

beforeAll(async () => {
  api = await createTestApi({ env: { BASKET_HOLD_MINUTES: '10' } });
  db = api.db;
  store = makeCounterPaymentsPostgres(db);
  eventId = await saleEventId(db, 'HAMLET', 5);
  sellerId = (await db('staff_users').where({ email: 'boxoffice@foyer.local' }).first('id')).id;
});
afterAll(async () => {
  await api?.close();
});

/** An order placed at the counter with `due` left to pay (a first cash payment of the rest). */
const orderWithBalance = async (due: number) => {
  const clerk = await signedIn(api.server, 'boxoffice@foyer.local');
  const seats = await plainOpenSeats(db, eventId, 1, nextSeat++);
  const held = await clerk.call('POST', '/api/baskets/additems', {
    eventId,
    salesChannel: 'BoxOffice',
    basketItems: seats.map((s) => ({ Key: s.key })),
  });
  const total = held.body.Total as number;
  const res = await clerk.call(
    'POST',
    '/api/checkout/pos',
    checkoutBody(null, { PaymentType: 'Cash', Amount: total - due }),
  );
  expect(res.status).toBe(200);
  return { orderId: res.body.Order.ID as number, total };
};

const payment = (orderId: number, extra: Partial<NewBalancePayment> = {}): NewBalancePayment => ({
  orderId,
  idempotencyKey: randomUUID(),
  paymentType: 'Check',
  paymentMethodName: 'Check',
  gateway: 'None',
  status: 'succeeded',
  paymentRef: null,
  facts: {
    sellerId,
    sellerName: 'Bo Boxoffice',
    counter: 'Window 1',
    paymentMethodId: null,
    checkIssuer: 'Bank',
    checkNumber: '1',
    compTypeId: null,
    partnerId: null,
  },
  ...extra,
});

const decide =
  (amount: number | null, paymentType = 'Check') =>
  (balance: number) =>
    decidePayment({ balance, paymentType, amount, tendered: null });

const run = <A>(effect: Effect.Effect<A>) => Effect.runPromise(effect);

describe('payments against a balance', () => {
  test('ten concurrent payments of 100 on 300 due: exactly three are taken', async () => {
    const { orderId, total } = await orderWithBalance(300);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => run(store.payBalance(payment(orderId), decide(100)))),
    );
    expect(outcomes.filter((o) => o.kind === 'taken')).toHaveLength(3);
    expect(
      outcomes.filter((o) => o.kind === 'refused').map((o) => o.kind === 'refused' && o.refusal),
    ).toEqual(Array(7).fill('NothingDue'));
    const balance = (await run(store.balance(orderId)))!;
    expect(balance).toMatchObject({ total, paid: total, balanceDue: 0, ticketCount: 1 });
    expect(balance.payments.map((p) => [p.paymentType, p.counter])).toEqual([
      ['Cash', 'Browser'],
      ['Check', 'Window 1'],
      ['Check', 'Window 1'],
      ['Check', 'Window 1'],
    ]);
  });

  test('the same key twice is one payment; the second answers the first', async () => {
    const { orderId } = await orderWithBalance(500);
    const p = payment(orderId);
    const [a, b] = await Promise.all([
      run(store.payBalance(p, decide(200))),
      run(store.payBalance(p, decide(200))),
    ]);
    const created = [a, b].map((o) => o.kind === 'taken' && o.created).sort();
    expect(created).toEqual([false, true]);
    expect(a.kind === 'taken' && b.kind === 'taken' && a.payment.id === b.payment.id).toBe(true);
    expect((await run(store.balance(orderId)))!.balanceDue).toBe(300);
    expect((await run(store.paymentByKey(p.idempotencyKey)))?.amount).toBe(200);
  });

  test('a terminal card pending its capture counts against the balance until it fails', async () => {
    const { orderId } = await orderWithBalance(400);
    const card = await run(
      store.payBalance(
        payment(orderId, {
          paymentType: 'CreditCard',
          status: 'pending',
          paymentRef: 'offline_pi_test',
          gateway: 'Offline',
        }),
        decide(400, 'CreditCard'),
      ),
    );
    expect(card).toMatchObject({ kind: 'taken', payment: { status: 'pending', amount: 400 } });
    // Shown as still due (nothing captured), but not payable twice meanwhile.
    expect((await run(store.balance(orderId)))!.balanceDue).toBe(400);
    expect(await run(store.payBalance(payment(orderId), decide(400)))).toEqual({
      kind: 'refused',
      refusal: 'NothingDue',
    });
    if (card.kind !== 'taken') throw new Error('unreachable');
    await run(
      store.settle(card.payment.id, { status: 'failed', code: 'card_declined', message: 'Declined' }),
    );
    expect(await run(store.payBalance(payment(orderId), decide(400)))).toMatchObject({ kind: 'taken' });
    expect((await run(store.balance(orderId)))!.balanceDue).toBe(0);
  });

  test('cash over the balance is stored as the balance applied, with what was handed over and the change', async () => {
    const { orderId } = await orderWithBalance(250);
    const outcome = await run(
      store.payBalance(payment(orderId, { paymentType: 'Cash' }), (balance) =>
        decidePayment({ balance, paymentType: 'Cash', amount: 1000, tendered: null }),
      ),
    );
    expect(outcome).toMatchObject({ kind: 'taken', payment: { amount: 250, changeDue: 750 } });
    if (outcome.kind !== 'taken') throw new Error('unreachable');
    expect(await db('payments').where({ id: outcome.payment.id }).first('amount_tendered', 'kind')).toEqual({
      amount_tendered: 1000,
      kind: 'balance',
    });
  });

  test('an unknown order: nothing to pay, nothing written', async () => {
    expect(await run(store.balance(987_654))).toBeNull();
    expect(await run(store.payBalance(payment(987_654), decide(100)))).toEqual({ kind: 'noOrder' });
  });
});

describe('the box office’s settings', () => {
  test('payment methods by id and by type, comp types with their limits', async () => {
    const voucher = (await db('payment_methods').where({ name: 'Voucher' }).first('id')).id as number;
    expect(await run(store.paymentMethod(voucher))).toMatchObject({
      paymentType: 'Custom',
      name: 'Voucher',
      requiresPartner: true,
      isActive: true,
    });
    expect(await run(store.methodOfType('Cash'))).toMatchObject({ paymentType: 'Cash' });
    expect(await run(store.methodOfType('Nothing'))).toBeNull();
    const press = (await db('comp_types').where({ name: 'Press' }).first('id')).id as number;
    expect(await run(store.compType(press))).toEqual({
      id: press,
      name: 'Press',
      maxCompQuantity: 2,
      isActive: true,
    });
    expect(await run(store.compType(987_654))).toBeNull();
  });
});
