import { randomUUID } from 'node:crypto';
import { Effect } from 'effect';
import fc from 'fast-check';
import Stripe from 'stripe';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../test/api-server.ts';
import { startStripeStandIn } from '../test/stand-ins/stripe/server.ts';
import { makeStripeGateway } from '../adapters/stripe/gateway.ts';
import { plainOpenSeats, saleEventId } from '../test/basket.ts';
import { browser, checkoutBody } from '../adapters/http/checkout/test-browser.ts';
import { signedIn } from '../adapters/http/checkout/test-people.ts';
import { CheckoutAnswer } from '../adapters/http/contract/checkout.ts';
import { CounterCheckoutAnswer } from '../adapters/http/contract/counter.ts';
import {
  CancelTicketsAnswer,
  OrderSummary,
  StaffOrderDetail,
} from '../adapters/http/contract/staff-orders.ts';
import { oweCredit, paidOrder } from '../adapters/postgres/orders/refunds/test-refunds.ts';
import { parseMajorAmount, parseOrderRef, parseTicketIds } from './commands/orders/args.ts';
import { foyerOnTerminal, runCommand } from './test-cli.ts';

// `foyer orders` as an operator's script runs it (no terminal, answers on stdout, exit codes
// that mean something) over orders sold through the real API: a card order on the web, cash at
// the counter.
let api: TestApi;
let db: Knex;
let eventId: number;
/** Another Hamlet performance, for an order with tickets of two. */
let otherEventId: number;
let nextSeat = 0;
const tag = Math.random().toString(36).slice(2, 8);

/** The test server's database, where `foyer` works. */
const apiDatabase = () => ({ DATABASE_URL: api.config.DATABASE_URL ?? '' });

const foyer = (args: string[], env: Record<string, string> = {}) =>
  runCommand(args, { ...apiDatabase(), ...env });

/** The command on a terminal, answering its question with `answer` once it is on the screen. */
const onTerminal = async (args: string[], answer: string) => {
  const run = foyerOnTerminal(args, apiDatabase());
  let answered = false;
  const take = () => {
    // Answered once the question is on the screen, as a person would.
    if (!answered && run.screen().includes('[y/N]')) {
      answered = true;
      run.child.stdin.write(`${answer}\r`);
    }
  };
  run.child.stdout.on('data', take);
  run.child.stderr.on('data', take);
  return { code: await run.exited, output: run.screen() };
};

/** A web order paid by card on the offline processor: its id, name, total, payment and tickets. */
const cardOrder = async (seats: number, who: { email: string; lastName: string; phone: string }) => {
  const b = await browser(api.server);
  const keys = (await plainOpenSeats(db, eventId, seats, nextSeat)).map((s) => s.key);
  nextSeat += seats;
  expect((await b.holdSeats(eventId, keys)).status).toBe(200);
  const res = await b.checkout(
    checkoutBody(await b.token('4242 4242 4242 4242'), {
      Email: who.email,
      LastName: who.lastName,
      Phone: who.phone,
    }),
  );
  expect(res.status, res.raw).toBe(200);
  return soldOrder(CheckoutAnswer.parse(res.body).Order.ID);
};

/** A counter order paid in cash by the demo box office manager (a staff basket may mix events). */
const cashOrder = async (seats: number, alsoOf?: { eventId: number; seats: number }) => {
  const clerk = await signedIn(api.server, 'boxoffice@foyer.local');
  const keys = (await plainOpenSeats(db, eventId, seats, nextSeat)).map((s) => s.key);
  nextSeat += seats;
  let held = await clerk.call('POST', '/api/baskets/additems', {
    eventId,
    salesChannel: 'BoxOffice',
    basketItems: keys.map((Key) => ({ Key })),
  });
  expect(held.status, held.raw).toBe(200);
  if (alsoOf) {
    const more = (await plainOpenSeats(db, alsoOf.eventId, alsoOf.seats)).map((s) => s.key);
    held = await clerk.call('POST', '/api/baskets/additems', {
      eventId: alsoOf.eventId,
      salesChannel: 'BoxOffice',
      basketItems: more.map((Key) => ({ Key })),
    });
    expect(held.status, held.raw).toBe(200);
  }
  const res = await clerk.call(
    'POST',
    '/api/checkout/pos',
    checkoutBody(null, { PaymentType: 'Cash', AmountTendered: held.body.Total as number }),
  );
  expect(res.status, res.raw).toBe(200);
  return soldOrder(CounterCheckoutAnswer.parse(res.body).Order.ID);
};

const soldOrder = async (id: number) => {
  const order = await db('orders').where({ id }).first('id', 'name', 'total');
  const payment = await db('payments').where({ order_id: id }).first('id', 'amount');
  const tickets: { id: number; barcode: string; seat_id: number; price: number; fee_total: number }[] =
    await db('order_tickets').where({ order_id: id }).orderBy('id');
  return {
    id,
    name: order.name as string,
    total: order.total as number,
    paymentId: payment.id as number,
    tickets,
  };
};

const seatKeyOf = async (seatId: number) =>
  (await db('seats').where({ id: seatId }).first('key')).key as string;
const ticketStatuses = async (orderId: number) =>
  (await db('order_tickets').where({ order_id: orderId }).orderBy('id')).map((t) => t.status as string);
const refundsOf = (orderId: number) => db('refunds').where({ order_id: orderId }).orderBy('id');

beforeAll(async () => {
  api = await createTestApi({ env: { BASKET_HOLD_MINUTES: '10' } });
  db = api.db;
  eventId = await saleEventId(db, 'HAMLET', 4);
  otherEventId = await saleEventId(db, 'HAMLET', 5);
}, 120_000);
afterAll(async () => {
  await api?.close();
});

describe('reading the arguments', () => {
  it('takes an order by number or id, money in major units, and ticket lists', () => {
    expect(parseOrderRef('F0000123')).toBe(123);
    expect(parseOrderRef('f123')).toBe(123);
    expect(parseOrderRef('123')).toBe(123);
    expect(parseMajorAmount('12.50', '--amount', { zero: false })).toBe(1250);
    expect(parseMajorAmount('12.5', '--amount', { zero: false })).toBe(1250);
    expect(parseMajorAmount('0', '--fee', { zero: true })).toBe(0);
    expect(parseMajorAmount('12,50', '--amount', { zero: false })).toBe(1250);
    expect(parseTicketIds('4,5')).toEqual([4, 5]);
    for (const bad of ['F', 'X123', '0', '12.5', '-3', '99999999999'])
      expect(() => parseOrderRef(bad), bad).toThrow(/order:/);
    for (const bad of ['1.234', '-1', '1e3', '12.505', '', '0'])
      expect(() => parseMajorAmount(bad, '--amount', { zero: false }), bad).toThrow(/--amount/);
    expect(() => parseTicketIds('4,4')).toThrow(/twice/);
    expect(() => parseTicketIds('4,x')).toThrow(/--tickets/);
  });

  it('reads every amount with two decimals back to the same minor units', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (minor) => {
        const text = `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
        expect(parseMajorAmount(text, '--fee', { zero: true })).toBe(minor);
      }),
    );
  });
});

describe('foyer orders find and show', { timeout: 180_000 }, () => {
  it('finds an order by e-mail, number, barcode and phone, as a table or as the API JSON', async () => {
    const email = `ada-${tag}@example.com`;
    const order = await cardOrder(2, { email, lastName: `Lovelace${tag}`, phone: '+1 212 555 0199' });
    const [byEmail, byName, byBarcode, none, byPhone] = await Promise.all([
      foyer(['orders', 'find', email, '--json']),
      foyer(['orders', 'find', order.name]),
      foyer(['orders', 'find', order.tickets[0]!.barcode, '--json', '--event', String(eventId)]),
      foyer(['orders', 'find', `nobody-${tag}@example.com`]),
      foyer(['orders', 'find', '(212) 555-0199', '--json', '--limit', '5']),
    ]);
    expect(byEmail).toMatchObject({ code: 0, stderr: '' });
    const found = (JSON.parse(byEmail.stdout) as { Orders: unknown[] }).Orders.map((o) =>
      OrderSummary.parse(o),
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      Id: order.id,
      Name: order.name,
      TicketCount: 2,
      Total: order.total,
      BalanceDue: 0,
    });
    expect(byName.code).toBe(0);
    expect(byName.stdout).toMatch(new RegExp(`^${order.name}\\s.*Complete.*Lovelace${tag}.*${email}`, 'm'));
    expect(byName.stdout).toMatch(/Order\s+Created\s+Status/);
    // Money as the venue's currency locale writes it; times on the venue's clock, its zone in words.
    const row = byName.stdout.split('\n').find((l) => l.startsWith(order.name))!;
    expect(row).toMatch(/\s\d{4}-\d\d-\d\d (1[0-2]|[1-9]):\d\d [AP]M New York time\s+Complete\s/);
    expect(row).toMatch(/\s\$\d[\d,]*\.\d\d\s+\$0\.00$/);
    expect(row).not.toContain('USD');
    expect(JSON.parse(byBarcode.stdout).Orders.map((o: { Id: number }) => o.Id)).toEqual([order.id]);
    expect(JSON.parse(byPhone.stdout).Orders.map((o: { Id: number }) => o.Id)).toEqual([order.id]);
    expect(none).toMatchObject({ code: 0, stdout: `No orders match "nobody-${tag}@example.com".\n` });
  });

  it('finds a phone whatever the spaces, punctuation and country code', async () => {
    const order = await cardOrder(1, {
      email: `phone-${tag}@example.com`,
      lastName: 'Phoned',
      phone: '+1 212 555 0100',
    });
    const answers = await Promise.all(
      ['212555', '212-555-0100', '(212) 555 01', '+1 212 555 0100', '1 212 555 0100', '5550100'].map((q) =>
        foyer(['orders', 'find', q, '--json', '--limit', '200']),
      ),
    );
    for (const res of answers) {
      expect(res).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(res.stdout).Orders.map((o: { Id: number }) => o.Id)).toContain(order.id);
    }
  });

  it('lists the orders of a local day with --date alone, and wants text, --date or --event', async () => {
    const order = await cashOrder(1);
    const day = (
      await db('events as e')
        .join('venue_configurations as vc', 'vc.id', 'e.venue_configuration_id')
        .join('venues as v', 'v.id', 'vc.venue_id')
        .where('e.id', eventId)
        .first(db.raw(`to_char(e.starts_at at time zone v.time_zone, 'YYYY-MM-DD') as day`))
    ).day as string;
    const [json, text, none, nothing] = await Promise.all([
      foyer(['orders', 'find', '--date', day, '--json', '--limit', '200']),
      foyer(['orders', 'find', '--date', day, '--limit', '200']),
      foyer(['orders', 'find', '--date', '2020-01-01']),
      foyer(['orders', 'find']),
    ]);
    expect(json).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(json.stdout).Orders.map((o: { Id: number }) => o.Id)).toContain(order.id);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`^${order.name}\\s`, 'm'));
    expect(none).toMatchObject({ code: 0, stdout: 'No orders for events on 2020-01-01.\n' });
    expect(nothing).toMatchObject({ code: 2, stdout: '' });
    expect(nothing.stderr).toContain('text: give a text to search for, or --date or --event.');
  });

  it("names each of an order's events once", async () => {
    const order = await cashOrder(1, { eventId: otherEventId, seats: 1 });
    const [text, json] = await Promise.all([
      foyer(['orders', 'find', order.name]),
      foyer(['orders', 'find', order.name, '--json']),
    ]);
    expect(text.code).toBe(0);
    const row = text.stdout.split('\n').find((l) => l.startsWith(order.name))!;
    expect(row).toMatch(/\sHamlet\s+2\s/);
    expect(row).not.toContain('Hamlet, Hamlet');
    expect(OrderSummary.parse(JSON.parse(json.stdout).Orders[0]).EventNames).toEqual(['Hamlet']);
  });

  it('shows an order: tickets, payments, balance; JSON as the admin API answers it', async () => {
    const order = await cardOrder(1, {
      email: `show-${tag}@example.com`,
      lastName: 'Shown',
      phone: '+1 212 555 0111',
    });
    const [text, json] = await Promise.all([
      foyer(['orders', 'show', String(order.id)]),
      foyer(['orders', 'show', order.name.toLowerCase(), '--json']),
    ]);
    expect(text).toMatchObject({ code: 0, stderr: '' });
    expect(text.stdout).toContain(`Order ${order.name} (id ${order.id})  Complete`);
    expect(text.stdout).toContain(`<show-${tag}@example.com>`);
    expect(text.stdout).toMatch(
      new RegExp(`^${order.tickets[0]!.id}\\s+Hamlet\\s.*Active\\s+${order.tickets[0]!.barcode}$`, 'm'),
    );
    expect(text.stdout).toMatch(
      new RegExp(`^${order.paymentId}\\s+CreditCard\\s.*succeeded.*Visa 4242`, 'm'),
    );
    expect(text.stdout).toContain('Balance due');
    // Times on the venue's clock with its zone in words; money as its currency locale writes it.
    const time = '\\d{4}-\\d\\d-\\d\\d (1[0-2]|[1-9]):\\d\\d [AP]M New York time';
    expect(text.stdout).toMatch(new RegExp(`\\(id ${order.id}\\)  Complete  created ${time}$`, 'm'));
    expect(text.stdout).toMatch(new RegExp(`^${order.tickets[0]!.id}\\s+Hamlet\\s+${time}\\s`, 'm'));
    expect(text.stdout).toMatch(
      new RegExp(`^${order.paymentId}\\s+CreditCard\\s.*\\$[\\d,]+\\.\\d\\d\\s.*${time}$`, 'm'),
    );
    expect(text.stdout).not.toContain('UTC');
    const detail = StaffOrderDetail.parse(JSON.parse(json.stdout));
    expect(detail.Order).toMatchObject({ Id: order.id, Name: order.name, Email: `show-${tag}@example.com` });
    expect(detail.Tickets.map((t) => [t.Id, t.Status])).toEqual([[order.tickets[0]!.id, 'Active']]);
    expect(detail.Payments).toMatchObject([
      { Id: order.paymentId, Amount: order.total, Refundable: order.total },
    ]);
    expect(detail.Balance).toMatchObject({ Total: order.total, Paid: order.total, BalanceDue: 0 });
  });

  it('exits 4 for an order that does not exist and 2 for text that is no order number', async () => {
    const [missing, bad] = await Promise.all([
      foyer(['orders', 'show', 'F9999999']),
      foyer(['orders', 'show', 'X12']),
    ]);
    expect(missing).toMatchObject({ code: 4, stdout: '' });
    expect(missing.stderr).toBe('No order F9999999 (id 9999999).\n');
    expect(bad).toMatchObject({ code: 2, stdout: '' });
    expect(bad.stderr).toContain('order: "X12" is not an order number');
  });
});

describe('foyer orders cancel and refund', { timeout: 300_000 }, () => {
  it('cancels one ticket keeping a fee, then refunds the credit to the card once', async () => {
    const order = await cardOrder(2, {
      email: `cancel-${tag}@example.com`,
      lastName: 'Cancel',
      phone: '+1 212 555 0122',
    });
    const other = await cardOrder(1, {
      email: `other-${tag}@example.com`,
      lastName: 'Other',
      phone: '+1 212 555 0133',
    });
    const [first] = order.tickets;

    // A script that forgot --yes: nothing happens.
    const unconfirmed = await foyer(['orders', 'cancel', order.name, '--tickets', String(first!.id)]);
    expect(unconfirmed).toMatchObject({ code: 3, stdout: '' });
    expect(unconfirmed.stderr).toContain('Pass --yes');
    const foreign = await foyer([
      'orders',
      'cancel',
      order.name,
      '--tickets',
      String(other.tickets[0]!.id),
      '--yes',
    ]);
    expect(foreign).toMatchObject({ code: 1, stdout: '' });
    expect(foreign.stderr).toBe(
      `Ticket ${other.tickets[0]!.id} is not a ticket of this order. Nothing changed.\n`,
    );
    const tooHigh = await foyer([
      'orders',
      'cancel',
      order.name,
      '--tickets',
      String(first!.id),
      '--fee',
      '100000',
      '--yes',
    ]);
    expect(tooHigh.code).toBe(1);
    expect(tooHigh.stderr).toMatch(
      /^The cancellation fee \(\$100,000\.00\) cannot be more than the cancelled tickets cost/,
    );
    expect(await ticketStatuses(order.id)).toEqual(['Active', 'Active']);
    expect(await db('order_adjustments').where({ order_id: order.id })).toEqual([]);

    const res = await foyer([
      'orders',
      'cancel',
      order.name,
      '--tickets',
      String(first!.id),
      '--fee',
      '2.50',
      '--reason',
      'cannot come',
      '--yes',
      '--json',
    ]);
    expect(res).toMatchObject({ code: 0, stderr: '' });
    const value = first!.price + first!.fee_total;
    expect(CancelTicketsAnswer.parse(JSON.parse(res.stdout))).toEqual({
      CancelledTicketIds: [first!.id],
      OrderStatus: 'Complete',
      BalanceDue: -(value - 250),
      Refunds: [],
      RefundError: null,
    });
    expect(await ticketStatuses(order.id)).toEqual(['Cancelled', 'Active']);
    const seat = await db('event_seats').where({ event_id: eventId, seat_id: first!.seat_id }).first();
    expect(seat).toMatchObject({ status: 'Open', order_id: null });
    const adjustments = await db('order_adjustments').where({ order_id: order.id }).orderBy('id');
    expect(adjustments.map((a) => [a.kind, a.amount, a.reason])).toEqual([
      ['cancellation', -value, 'cannot come'],
      ['cancellation_fee', 250, 'cannot come'],
    ]);
    expect(adjustments[0].staff_name).toMatch(/^cli:/);

    const tooMuch = await foyer(['orders', 'refund', order.name, '--amount', '1000', '--yes']);
    expect(tooMuch).toMatchObject({ code: 1, stdout: '' });
    expect(tooMuch.stderr).toContain('cannot be more than the credit owed');
    expect(await refundsOf(order.id)).toEqual([]);

    const refund = await foyer(['orders', 'refund', order.name, '--amount', 'credit', '--yes', '--json']);
    expect(refund).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(refund.stdout)).toEqual({
      Order: { ID: order.id },
      Refunds: [
        {
          RefundId: expect.any(Number),
          PaymentId: order.paymentId,
          Amount: value - 250,
          RefundType: 'CreditCard',
          Status: 'succeeded',
        },
      ],
      BalanceDue: 0,
    });
    // Run again (a script retried): nothing more goes back.
    const again = await foyer(['orders', 'refund', order.name, '--amount', 'credit', '--yes']);
    expect(again).toMatchObject({
      code: 0,
      stdout: `${order.name} owes the customer nothing. Nothing changed.\n`,
    });
    const refunds = await refundsOf(order.id);
    expect(refunds.map((r) => [r.payment_id, r.amount, r.status])).toEqual([
      [order.paymentId, value - 250, 'succeeded'],
    ]);
    expect(refunds[0].staff_name).toMatch(/^cli:/);
    // The order page's audit names the operator beside the API's entries.
    const audit = await db('audit_log').where({ order_id: order.id }).orderBy('id');
    expect(audit.map((a) => [a.action, a.actor.startsWith('cli:')])).toEqual([
      ['orders.cancel', true],
      ['orders.refund', true],
    ]);
    expect(audit[0].details).toEqual({ ticketIds: [first!.id], fee: 250, reason: 'cannot come' });
    const shown = await foyer(['orders', 'show', order.name]);
    expect(shown.stdout).toMatch(/^Audit\n.* cli:\S+: orders\.cancel\n.* cli:\S+: orders\.refund$/m);
  });

  it('cancels a whole cash order with --refund, and a second run has nothing left to do', async () => {
    const order = await cashOrder(2);
    const res = await foyer(['orders', 'cancel', String(order.id), '--refund', '--yes']);
    expect(res).toMatchObject({ code: 0, stderr: '' });
    const ids = order.tickets.map((t) => t.id).join(', ');
    expect(res.stdout).toContain(
      `Cancelled tickets ${ids} of ${order.name}; the seats are on sale again. The order is cancelled.`,
    );
    expect(res.stdout).toMatch(
      new RegExp(`^Refund \\d+: \\$[\\d,.]+ from payment ${order.paymentId} as Cash: succeeded\\.$`, 'm'),
    );
    expect(res.stdout).toContain('Nothing owed either way.');
    expect(await ticketStatuses(order.id)).toEqual(['Cancelled', 'Cancelled']);
    expect((await db('orders').where({ id: order.id }).first()).status).toBe('Cancelled');
    expect((await db('order_balances').where({ order_id: order.id }).first()).balance_due).toBe(0);
    // All the credit the cancellation left owed (what it took off the total) went back in cash.
    const takenOff = (await db('order_adjustments').where({ order_id: order.id })).reduce(
      (sum, a) => sum - (a.amount as number),
      0,
    );
    expect(takenOff).toBeGreaterThan(0);
    expect((await refundsOf(order.id)).map((r) => [r.amount, r.refund_type, r.status])).toEqual([
      [takenOff, 'Cash', 'succeeded'],
    ]);

    const again = await foyer(['orders', 'cancel', order.name, '--refund', '--yes', '--json']);
    expect(again).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(again.stdout)).toMatchObject({
      CancelledTicketIds: [],
      OrderStatus: 'Cancelled',
      BalanceDue: 0,
      Refunds: [],
    });
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  it('refunds part of one card payment in cash from the till with --payment --cash, then the rest of the credit in cash', async () => {
    const order = await cardOrder(2, {
      email: `cash-${tag}@example.com`,
      lastName: 'Till',
      phone: '+1 212 555 0144',
    });
    const [, second] = order.tickets;
    const cancel = await foyer(['orders', 'cancel', order.name, '--tickets', String(second!.id), '--yes']);
    expect(cancel.code, cancel.stderr).toBe(0);
    const credit = second!.price + second!.fee_total;
    expect(cancel.stdout).toContain('Credit owed to the customer');

    const res = await foyer([
      'orders',
      'refund',
      order.name,
      '--payment',
      String(order.paymentId),
      '--amount',
      '5',
      '--cash',
      '--yes',
      '--json',
    ]);
    expect(res).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(res.stdout)).toMatchObject({
      Refunds: [{ PaymentId: order.paymentId, Amount: 500, RefundType: 'Cash', Status: 'succeeded' }],
      BalanceDue: -(credit - 500),
    });
    const [row] = await refundsOf(order.id);
    expect(row).toMatchObject({ refund_type: 'Cash', gateway: null, amount: 500 });

    const rest = await foyer([
      'orders',
      'refund',
      order.name,
      '--amount',
      'credit',
      '--cash',
      '--yes',
      '--json',
    ]);
    expect(rest).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(rest.stdout)).toMatchObject({
      Refunds: [
        { PaymentId: order.paymentId, Amount: credit - 500, RefundType: 'Cash', Status: 'succeeded' },
      ],
      BalanceDue: 0,
    });
    expect(await refundsOf(order.id)).toEqual([
      expect.objectContaining({ refund_type: 'Cash', amount: 500 }),
      expect.objectContaining({ refund_type: 'Cash', gateway: null, amount: credit - 500 }),
    ]);
  });

  it('leaves a refund pending while the card processor is down; the same command again finishes it, once', async () => {
    const standIn = await startStripeStandIn();
    try {
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
      const down = await foyer(
        ['orders', 'refund', sale.orderName, '--amount', 'credit', '--yes', '--json'],
        standIn.env,
      );
      expect(down.code).toBe(1);
      expect(down.stderr).toBe('Not every refund went through yet (see above).\n');
      // Promised back already: counted in the balance, so nothing more can take the same credit.
      expect(JSON.parse(down.stdout)).toMatchObject({
        Refunds: [{ PaymentId: sale.paymentIds[0], Amount: 2_000, Status: 'pending' }],
        BalanceDue: 0,
      });

      standIn.outage(false);
      const again = await foyer(
        ['orders', 'refund', sale.orderName, '--amount', 'credit', '--yes'],
        standIn.env,
      );
      expect(again).toMatchObject({ code: 0, stderr: '' });
      expect(again.stdout).toMatch(/^Refund \d+: \$20\.00 from payment \d+ as CreditCard: succeeded\.$/m);
      const rows = await refundsOf(sale.orderId);
      expect(rows.map((r) => [r.amount, r.status])).toEqual([[2_000, 'succeeded']]);
      const made = standIn.calls('POST', '/v1/refunds').filter((r) => r.status === 200);
      expect(made.map((r) => r.idempotencyKey)).toEqual([rows[0].idempotency_key]);
    } finally {
      await standIn.close();
    }
  });

  it('asks on a terminal before it cancels: no changes nothing, yes cancels', async () => {
    const order = await cashOrder(1);
    const [ticket] = order.tickets;
    const no = await onTerminal(['orders', 'cancel', order.name], 'n');
    expect(no.code).toBe(3);
    expect(no.output).toMatch(
      new RegExp(`Cancel ticket ${ticket!.id} of ${order.name} \\(\\$[\\d,.]+\\)\\? \\[y/N\\]`),
    );
    expect(no.output).toContain('Nothing changed.');
    expect(await ticketStatuses(order.id)).toEqual(['Active']);
    const yes = await onTerminal(['orders', 'cancel', order.name], 'y');
    expect(yes.code, yes.output).toBe(0);
    expect(yes.output).toContain(`Cancelled ticket ${ticket!.id} of ${order.name}`);
    expect(await ticketStatuses(order.id)).toEqual(['Cancelled']);
  });

  it('refuses bad arguments with exit 2 before opening the database', async () => {
    const cases = [
      [['cancel', 'F1', '--fee', '2.505'], '--fee'],
      [['cancel', 'F1', '--tickets', '3,x'], '--tickets'],
      [['refund', 'F1', '--amount', '0'], '--amount: must be more than 0'],
      [['refund', 'F1', '--amount', 'credit', '--payment', '3'], '--amount'],
      [['refund', 'F1'], "required option '--amount <amount>'"],
      [['find', 'x', '--limit', '0'], '--limit'],
      [['find', 'x', '--date', '2026-02-30'], '--date'],
      [
        ['find', 'x', '--date', '12-05-2026'],
        '--date: must be a real day as YYYY-MM-DD, not "12-05-2026" (did you mean 2026-12-05?).',
      ],
    ] as const;
    const answers = await Promise.all(cases.map(([args]) => foyer(['orders', ...args])));
    for (const [i, [args, words]] of cases.entries()) {
      expect(answers[i]!.code, args.join(' ')).toBe(2);
      expect(answers[i]!.stderr).toContain(words);
      expect(answers[i]!.stdout).toBe('');
    }
  });
});

describe('foyer orders exchange', { timeout: 240_000 }, () => {
  it('swaps a ticket for another seat: the old seat on sale again, the new one sold into the same order', async () => {
    const order = await cashOrder(1);
    const [old] = order.tickets;
    const [seat] = await plainOpenSeats(db, eventId, 1, nextSeat++);
    const res = await foyer([
      'orders',
      'exchange',
      order.name,
      '--event',
      String(eventId),
      '--seats',
      seat!.key,
      '--yes',
      '--json',
    ]);
    expect(res).toMatchObject({ code: 0, stderr: '' });
    const answer = JSON.parse(res.stdout);
    expect(answer).toMatchObject({
      OrderId: order.id,
      ExchangedTicketIds: [old!.id],
      Refunds: [],
      RefundError: null,
    });
    expect(answer.NewTicketIds).toHaveLength(1);
    const tickets = await db('order_tickets').where({ order_id: order.id }).orderBy('id');
    expect(tickets.map((t) => [t.id, t.status])).toEqual([
      [old!.id, 'Exchanged'],
      [answer.NewTicketIds[0], 'Active'],
    ]);
    expect(await db('event_seats').where({ event_id: eventId, seat_id: old!.seat_id }).first()).toMatchObject(
      { status: 'Open', order_id: null },
    );
    expect(
      await db('event_seats').where({ event_id: eventId, seat_id: seat!.seat_id }).first(),
    ).toMatchObject({ status: 'Sold', order_id: order.id });
    expect((await db('order_balances').where({ order_id: order.id }).first()).balance_due).toBe(
      answer.BalanceDue,
    );
  });

  it('gives two tickets for one and refunds the credit with --refund; a seat someone holds changes nothing', async () => {
    const order = await cashOrder(2);
    const taken = await cashOrder(1);
    const refused = await foyer([
      'orders',
      'exchange',
      order.name,
      '--event',
      String(eventId),
      '--seats',
      await seatKeyOf(taken.tickets[0]!.seat_id),
      '--yes',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /has just been taken by someone else\. Please choose again\. The order is unchanged\.\n$/,
    );
    expect(await ticketStatuses(order.id)).toEqual(['Active', 'Active']);

    const [seat] = await plainOpenSeats(db, eventId, 1, nextSeat++);
    const res = await foyer([
      'orders',
      'exchange',
      order.name,
      '--event',
      String(eventId),
      '--seats',
      seat!.key,
      '--refund',
      '--yes',
    ]);
    expect(res).toMatchObject({ code: 0, stderr: '' });
    expect(res.stdout).toMatch(
      new RegExp(
        `^Exchanged tickets ${order.tickets.map((t) => t.id).join(', ')} of ${order.name} for tickets \\d+; the difference is -\\$`,
        'm',
      ),
    );
    expect(res.stdout).toMatch(/^Refund \d+: .* as Cash: succeeded\.$/m);
    expect(await ticketStatuses(order.id)).toEqual(['Exchanged', 'Exchanged', 'Active']);
    expect((await db('order_balances').where({ order_id: order.id }).first()).balance_due).toBe(0);
    expect(await refundsOf(order.id)).toHaveLength(1);
  });
});
