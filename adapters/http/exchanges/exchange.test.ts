import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestApi } from '../../../test/api-server.ts';
import { adultPriceTypeId, freshGaSection, saleEventId } from '../../../test/basket.ts';
import type { Browser } from '../checkout/test-browser.ts';
import { signedIn, staffOfRole } from '../checkout/test-people.ts';
import { CounterCheckoutAnswer } from '../contract/counter.ts';
import { ExchangeCompleted, ExchangeStarted, ExchangeViewModel } from '../contract/exchanges.ts';
import { cashSale, exchangeWorld, holdSeats, startExchange } from './test-exchange.ts';

// Exchanges through the HTTP API on a real database: an order's tickets given up for what an
// exchange basket holds (another night, fewer or more seats, GA for seated), swapped in one
// transaction; a basket whose holds ran out changes nothing; the difference is left on the
// order's balance to be paid or given back.

let api: TestApi;
let db: Knex;
let nightOne: number;
let nightTwo: number;
let clerk: Browser;
/** Sells the orders, so the clerk's basket is only ever the exchange's. */
let seller: Browser;

beforeAll(async () => {
  ({ api, db, nightOne, nightTwo, clerk, seller } = await exchangeWorld());
});
afterAll(async () => {
  await api?.close();
});

const hold = (b: Browser, eventId: number, count: number) => holdSeats(db, b, eventId, count);

/** An order sold at the counter for cash to a customer made for it. */
const counterOrder = async (eventId: number, count: number) => {
  const seats = await hold(seller, eventId, count);
  const made = await seller.call('POST', '/api/admin/customers', {
    FirstName: 'Ezra',
    LastName: 'Exchange',
    Email: `ezra-${randomUUID().slice(0, 8)}@example.com`,
  });
  const customerId = made.body.CustomerId as number;
  expect((await seller.call('PUT', `/api/admin/baskets/updatecustomer/${customerId}`)).status).toBe(200);
  const sold = await cashSale(seller);
  const lines = await db('order_tickets').where({ order_id: sold.ID }).select('price', 'fee_total');
  // What the tickets are worth: order-level fees stay with the order.
  const credit = lines.reduce((sum, t) => sum + t.price + t.fee_total, 0);
  return { orderId: sold.ID, total: sold.Total, credit, customerId, seats };
};

const start = (orderId: number, body: Record<string, unknown> = {}) => startExchange(clerk, orderId, body);

const viewModel = async (b: Browser = clerk) => {
  const res = await b.call('GET', '/api/baskets/exchangeviewmodel');
  expect(res.status, res.raw).toBe(200);
  return ExchangeViewModel.parse(res.body);
};

const tickets = (orderId: number) =>
  db('order_tickets')
    .where({ order_id: orderId })
    .orderBy('id')
    .select('id', 'status', 'event_id', 'seat_id', 'exchange_id', 'price', 'fee_total');
const seatRow = (eventId: number, seatId: number) =>
  db('event_seats').where({ event_id: eventId, seat_id: seatId }).first('status', 'order_id', 'basket_id');
const balance = async (orderId: number) =>
  (await db('order_balances').where({ order_id: orderId }).first('balance_due')).balance_due as number;

describe('exchanging for another night', () => {
  test('one ticket for two on another night: the swap is whole, and the difference is paid at the counter', async () => {
    const order = await counterOrder(nightOne, 1);
    const before = await tickets(order.orderId);
    const oldBasket = clerk.basketId();
    const started = await start(order.orderId);
    expect(started.SeriesCode).toBe('HAMLET');
    // The clerk's basket is now the exchange's, made for the order's customer.
    expect(clerk.basketId()).not.toBe(oldBasket);
    expect(
      await db('baskets')
        .where({ id: clerk.basketId() })
        .first('is_exchange', 'exchange_order_id', 'customer_id'),
    ).toEqual({
      is_exchange: true,
      exchange_order_id: order.orderId,
      customer_id: order.customerId,
    });
    const empty = await viewModel();
    expect(empty).toMatchObject({
      exchangeGlobalId: started.ExchangeGlobalID,
      orderId: order.orderId,
      credit: order.credit,
      newTotal: 0,
      remainingBalance: -order.credit,
      status: 'open',
    });
    expect(empty.payments).toEqual([expect.objectContaining({ amount: order.total, paymentType: 'Cash' })]);

    const newSeats = await hold(clerk, nightTwo, 2);
    const filled = await viewModel();
    expect(filled.newTotal).toBeGreaterThan(0);
    expect(filled.remainingBalance).toBe(filled.newTotal - order.credit);
    // Until it completes the old seat stays the customer's.
    expect(await seatRow(nightOne, order.seats[0]!.seat_id)).toMatchObject({
      status: 'Sold',
      order_id: order.orderId,
    });

    const res = await clerk.call('POST', `/api/admin/exchanges/${started.ExchangeGlobalID}/complete`);
    expect(res.status, res.raw).toBe(200);
    const done = ExchangeCompleted.parse(res.body);
    expect(done).toMatchObject({
      OrderId: order.orderId,
      ExchangedTicketIds: before.map((t) => t.id),
      Difference: filled.newTotal - order.credit,
      BalanceDue: filled.newTotal - order.credit,
    });
    const after = await tickets(order.orderId);
    expect(after.filter((t) => t.status === 'Exchanged').map((t) => t.id)).toEqual(before.map((t) => t.id));
    const fresh = after.filter((t) => t.status === 'Active');
    expect(fresh.map((t) => t.id)).toEqual(done.NewTicketIds);
    expect(fresh.every((t) => t.event_id === nightTwo && t.exchange_id === started.ExchangeGlobalID)).toBe(
      true,
    );
    expect(await seatRow(nightOne, order.seats[0]!.seat_id)).toMatchObject({
      status: 'Open',
      order_id: null,
    });
    for (const s of newSeats)
      expect(await seatRow(nightTwo, s.seat_id)).toMatchObject({
        status: 'Sold',
        order_id: order.orderId,
        basket_id: null,
      });
    expect(await db('order_adjustments').where({ order_id: order.orderId })).toEqual([
      expect.objectContaining({
        kind: 'exchange',
        amount: done.Difference,
        ticket_ids: before.map((t) => t.id),
      }),
    ]);
    expect(await db('baskets').where({ id: clerk.basketId() }).first('status')).toEqual({
      status: 'Completed',
    });

    // Completed once: a second call changes nothing.
    const again = await clerk.call('POST', `/api/admin/exchanges/${started.ExchangeGlobalID}/complete`);
    expect(again.status).toBe(409);
    expect(await db('order_adjustments').where({ order_id: order.orderId })).toHaveLength(1);

    // The difference is the order's balance, paid like any balance.
    expect(await balance(order.orderId)).toBe(done.Difference);
    const paid = await clerk.call('POST', '/api/admin/payments', {
      IdempotencyKey: randomUUID(),
      OrderId: order.orderId,
      PaymentType: 'Cash',
      Amount: done.BalanceDue,
      AmountTendered: done.BalanceDue,
    });
    expect(paid.status, paid.raw).toBe(200);
    expect(await balance(order.orderId)).toBe(0);
  });

  test('two tickets for one: the credit is owed back, split over the payments by default', async () => {
    const order = await counterOrder(nightOne, 2);
    await start(order.orderId);
    await hold(clerk, nightTwo, 1);
    const vm = await viewModel();
    expect(vm.remainingBalance).toBe(vm.newTotal - order.credit);
    expect(vm.remainingBalance).toBeLessThan(0);
    expect(vm.suggestedRefunds).toEqual([{ paymentId: vm.payments[0]!.id, amount: -vm.remainingBalance }]);
    const res = await clerk.call('POST', `/api/admin/exchanges/${vm.exchangeGlobalId}/complete`);
    expect(res.status, res.raw).toBe(200);
    expect(await balance(order.orderId)).toBe(vm.remainingBalance);
    const settled = await viewModel();
    expect(settled).toMatchObject({ status: 'completed', remainingBalance: vm.remainingBalance });
  });

  test('chosen tickets only: the others stay Active and on their seats', async () => {
    const order = await counterOrder(nightOne, 2);
    const [keep, give] = await tickets(order.orderId);
    const started = await start(order.orderId, { TicketIds: [give!.id] });
    await hold(clerk, nightTwo, 1);
    expect(
      (await clerk.call('POST', `/api/admin/exchanges/${started.ExchangeGlobalID}/complete`)).status,
    ).toBe(200);
    const after = await tickets(order.orderId);
    expect(after.find((t) => t.id === keep!.id)?.status).toBe('Active');
    expect(after.find((t) => t.id === give!.id)?.status).toBe('Exchanged');
    expect(await seatRow(nightOne, keep!.seat_id!)).toMatchObject({
      status: 'Sold',
      order_id: order.orderId,
    });
  });
});

describe('at once', () => {
  test('two completions of one exchange race: one swaps, the other is refused, the order changes once', async () => {
    const order = await counterOrder(nightOne, 1);
    const started = await start(order.orderId);
    await hold(clerk, nightTwo, 1);
    const path = `/api/admin/exchanges/${started.ExchangeGlobalID}/complete`;
    const answers = await Promise.all([clerk.call('POST', path), clerk.call('POST', path)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await db('order_adjustments').where({ order_id: order.orderId })).toHaveLength(1);
    expect((await tickets(order.orderId)).map((t) => t.status)).toEqual(['Exchanged', 'Active']);
  });

  test('two exchanges of the same ticket: the first to complete wins, the second changes nothing', async () => {
    const order = await counterOrder(nightOne, 1);
    const other = await signedIn(api.server, 'supervisor@foyer.local');
    const first = await start(order.orderId);
    await hold(clerk, nightTwo, 1);
    const second = await other.call('POST', `/api/admin/orders/${order.orderId}/exchange`, {});
    expect(second.status).toBe(200);
    const secondId = ExchangeStarted.parse(second.body).ExchangeGlobalID;
    await hold(other, nightTwo, 1);
    expect((await clerk.call('POST', `/api/admin/exchanges/${first.ExchangeGlobalID}/complete`)).status).toBe(
      200,
    );
    const late = await other.call('POST', `/api/admin/exchanges/${secondId}/complete`);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ Code: 'TicketsChanged' });
    expect((await tickets(order.orderId)).filter((t) => t.status === 'Active')).toHaveLength(1);
    // The late basket still holds its seat, sold to no one.
    expect(await db('baskets').where({ id: other.basketId() }).first('status')).toEqual({ status: 'Active' });
  });
});

describe('GA and seated', () => {
  test('GA places given up for a seat: the section sells that many fewer', async () => {
    const gaEvent = await saleEventId(db, 'COMEDY', 4);
    const section = await freshGaSection(db, gaEvent, 10);
    const adult = await adultPriceTypeId(db);
    const held = await seller.call('POST', '/api/baskets/generaladmission', {
      eventId: gaEvent,
      salesChannel: 'BoxOffice',
      ticketRequest: { [`${section.price_level_id}-${adult}`]: 2 },
    });
    expect(held.status, held.raw).toBe(200);
    const sold = await seller.call('POST', '/api/checkout/pos', {
      IdempotencyKey: randomUUID(),
      PaymentType: 'Cash',
      AmountTendered: 10_000_000,
      FirstName: 'Gail',
      LastName: 'Standing',
      Email: 'gail@example.com',
    });
    expect(sold.status, sold.raw).toBe(200);
    const orderId = CounterCheckoutAnswer.parse(sold.body).Order.ID;
    const sections = () =>
      db('event_ga_sections').where({ event_id: gaEvent, section_id: section.section_id }).first('sold');
    expect(await sections()).toEqual({ sold: 2 });
    const started = await start(orderId);
    await hold(clerk, nightTwo, 1);
    expect(
      (await clerk.call('POST', `/api/admin/exchanges/${started.ExchangeGlobalID}/complete`)).status,
    ).toBe(200);
    expect(await sections()).toEqual({ sold: 0 });
    expect((await tickets(orderId)).map((t) => [t.status, t.event_id])).toEqual([
      ['Exchanged', gaEvent],
      ['Exchanged', gaEvent],
      ['Active', nightTwo],
    ]);
  });
});

describe('refusals change nothing', () => {
  test('a basket whose holds ran out fails cleanly: the old tickets and seats are as they were', async () => {
    const order = await counterOrder(nightOne, 1);
    const started = await start(order.orderId);
    const newSeats = await hold(clerk, nightTwo, 1);
    await db('baskets')
      .where({ id: clerk.basketId() })
      .update({ expires_at: db.raw(`now() - interval '1 second'`) });
    const res = await clerk.call('POST', `/api/admin/exchanges/${started.ExchangeGlobalID}/complete`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ Code: 'BasketExpired' });
    expect((await tickets(order.orderId)).map((t) => t.status)).toEqual(['Active']);
    expect(await seatRow(nightOne, order.seats[0]!.seat_id)).toMatchObject({
      status: 'Sold',
      order_id: order.orderId,
    });
    expect((await seatRow(nightTwo, newSeats[0]!.seat_id))?.order_id).toBeNull();
    expect(await db('order_adjustments').where({ order_id: order.orderId })).toHaveLength(0);
    expect(await db('exchanges').where({ id: started.ExchangeGlobalID }).first('status')).toEqual({
      status: 'open',
    });
  });

  test('an empty exchange basket is refused; so are tickets not Active or not the order’s', async () => {
    const order = await counterOrder(nightOne, 1);
    const started = await start(order.orderId);
    const empty = await clerk.call('POST', `/api/admin/exchanges/${started.ExchangeGlobalID}/complete`);
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ Code: 'BasketEmpty' });
    const other = await clerk.call('POST', `/api/admin/orders/${order.orderId}/exchange`, {
      TicketIds: [999_999],
    });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ Code: 'NotInOrder', TicketIds: [999_999] });
    expect((await clerk.call('POST', '/api/admin/orders/99999999/exchange', {})).status).toBe(404);
  });

  test('a seller without the exchange permission is refused before anything happens', async () => {
    const order = await counterOrder(nightOne, 1);
    const seller = await staffOfRole(api.server, db, 'Seller');
    const res = await seller.call('POST', `/api/admin/orders/${order.orderId}/exchange`, {});
    expect(res.status).toBe(403);
    expect(await db('exchanges').where({ order_id: order.orderId })).toHaveLength(0);
    const anonymous = await signedIn(api.server, null);
    expect((await anonymous.call('GET', '/api/baskets/exchangeviewmodel')).status).toBe(401);
  });
});
