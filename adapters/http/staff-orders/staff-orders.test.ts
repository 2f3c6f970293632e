import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { adultPriceTypeId, freshGaSection, plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import { checkoutBody, type Browser } from '../checkout/test-browser.ts';
import { signedIn } from '../checkout/test-people.ts';
import {
  CancelTicketsAnswer,
  OrderNote,
  OrderSearchAnswer,
  ResendAnswer,
  StaffOrderDetail,
} from '../contract/staff-orders.ts';
import { CounterCheckoutAnswer } from '../contract/counter.ts';

// Orders for staff after the sale through the HTTP API on a real database: orders found by what
// a customer says, read whole, noted, their tickets e-mailed again, and tickets cancelled with
// their seats and GA places back on sale for anyone, a fee kept, and the credit given back when
// asked. Bad input changes nothing.

let api: TestApi;
let db: Knex;
let eventId: number;
let gaEvent: number;
let nextSeat = 0;
let supervisor: Browser;
let seller: Browser;

beforeAll(async () => {
  api = await createTestApi({ env: { BASKET_HOLD_MINUTES: '10' } });
  db = api.db;
  eventId = await saleEventId(db, 'HAMLET', 2);
  gaEvent = await saleEventId(db, 'COMEDY', 3);
  supervisor = await signedIn(api.server, 'supervisor@foyer.local');
  seller = await signedIn(api.server, 'seller@foyer.local');
});
afterAll(async () => {
  await api?.close();
});

interface Sold {
  orderId: number;
  orderName: string;
  total: number;
  email: string;
  tickets: { id: number; seat_id: number | null; price: number; fee_total: number; barcode: string }[];
  keys: string[];
}

/** Cash at the counter for the held basket; the order and its tickets. */
const payCash = async (b: Browser, total: number, keys: string[], extra: Record<string, unknown> = {}) => {
  const email = `after-${randomUUID().slice(0, 8)}@example.com`;
  const res = await b.call(
    'POST',
    '/api/checkout/pos',
    checkoutBody(null, { PaymentType: 'Cash', AmountTendered: total, Email: email, ...extra }),
  );
  expect(res.status, res.raw).toBe(200);
  const answer = CounterCheckoutAnswer.parse(res.body);
  const tickets = await db('order_tickets')
    .where({ order_id: answer.Order.ID })
    .orderBy('id')
    .select('id', 'seat_id', 'price', 'fee_total', 'barcode');
  return { orderId: answer.Order.ID, orderName: answer.Order.Name, total, email, tickets, keys } as Sold;
};

/** A paid order of `count` fresh seats, sold by `b` at the counter. */
const seatedOrder = async (count = 2, b: Browser = supervisor, extra: Record<string, unknown> = {}) => {
  const seats = await plainOpenSeats(db, eventId, count, nextSeat);
  nextSeat += count;
  const keys = seats.map((s) => s.key);
  const held = await b.call('POST', '/api/baskets/additems', {
    eventId,
    salesChannel: 'BoxOffice',
    basketItems: keys.map((Key) => ({ Key })),
  });
  expect(held.status, held.raw).toBe(200);
  return payCash(b, held.body.Total as number, keys, extra);
};

const detailOf = async (orderId: number, b: Browser = supervisor) => {
  const res = await b.call('GET', `/api/admin/orders/${orderId}`);
  expect(res.status, res.raw).toBe(200);
  return StaffOrderDetail.parse(res.body);
};

const cancel = (orderId: number, body: Record<string, unknown>, b: Browser = supervisor) =>
  b.call('POST', `/api/admin/orders/${orderId}/cancel`, body);

/** What a refused call must leave as it was. */
const snapshot = async (orderId: number) => ({
  order: await db('orders').where({ id: orderId }).first('status'),
  tickets: await db('order_tickets')
    .where({ order_id: orderId })
    .orderBy('id')
    .select('id', 'status', 'cancelled_at'),
  adjustments: await db('order_adjustments').where({ order_id: orderId }).select('id'),
  seats: await db('event_seats').where({ order_id: orderId }).orderBy('seat_id').select('seat_id', 'status'),
  balance: await db('order_balances').where({ order_id: orderId }).first(),
});

const seatStatus = (seatId: number) =>
  db('event_seats').where({ event_id: eventId, seat_id: seatId }).first('status', 'order_id');

describe('finding an order', () => {
  let sold: Sold;
  beforeAll(async () => {
    sold = await seatedOrder(1, supervisor, {
      FirstName: 'Grace',
      LastName: 'Hopperton',
      Phone: '+1 (212) 555-0199',
    });
  });

  const search = async (query: string, b: Browser = seller) => {
    const res = await b.call('GET', `/api/admin/orders/search?${query}`);
    expect(res.status, res.raw).toBe(200);
    return OrderSearchAnswer.parse(res.body);
  };
  const ids = (answer: OrderSearchAnswer) => answer.Orders.map((o) => o.Id);

  test('by order number (F0000123 or 123), barcode, e-mail, phone and name', async () => {
    for (const q of [
      sold.orderName,
      String(sold.orderId),
      sold.tickets[0]!.barcode.toLowerCase(),
      sold.email.toUpperCase(),
      sold.email.slice(0, 12),
      '555-0199',
      '2125550199',
      'hopperton',
      'Grace Hop',
    ])
      expect(ids(await search(`q=${encodeURIComponent(q)}`)), q).toContain(sold.orderId);
  });

  test('a row says who, what it costs now, what is due and for which events', async () => {
    const answer = await search(`q=${sold.orderName}`);
    expect(answer.Orders.find((o) => o.Id === sold.orderId)).toMatchObject({
      Name: sold.orderName,
      Status: 'Complete',
      CustomerName: 'Grace Hopperton',
      Email: sold.email,
      Total: sold.total,
      BalanceDue: 0,
      TicketCount: 1,
      EventNames: [expect.any(String)],
    });
  });

  test("by event and by the event's local date; a text matching nothing finds nothing", async () => {
    const event = await db('events as e')
      .join('venue_configurations as vc', 'vc.id', 'e.venue_configuration_id')
      .join('venues as v', 'v.id', 'vc.venue_id')
      .where('e.id', eventId)
      .first(db.raw(`to_char(e.starts_at at time zone v.time_zone, 'YYYY-MM-DD') as day`));
    expect(ids(await search(`eventId=${eventId}`))).toContain(sold.orderId);
    expect(ids(await search(`date=${event.day}&q=${encodeURIComponent(sold.email)}`))).toEqual([
      sold.orderId,
    ]);
    expect(ids(await search(`eventId=${gaEvent}&q=${encodeURIComponent(sold.email)}`))).toEqual([]);
    const pastTheEnd = await search(`eventId=${eventId}&page=999`);
    expect(pastTheEnd.Orders).toEqual([]);
    expect(pastTheEnd.Total).toBeGreaterThan(0);
    expect(await search(`q=${encodeURIComponent('nobody-at-all@nowhere.example')}`)).toMatchObject({
      Orders: [],
      Total: 0,
    });
  });

  test('a bad date or event is refused naming the field', async () => {
    const res = await seller.call('GET', '/api/admin/orders/search?date=12/01/2026');
    expect(res.status).toBe(400);
    expect(res.body.Message).toMatch(/date/);
  });

  test('only staff may search', async () => {
    const anonymous = await signedIn(api.server, null);
    expect((await anonymous.call('GET', `/api/admin/orders/search?q=${sold.orderId}`)).status).toBe(401);
  });
});

describe("an order's whole story", () => {
  test('tickets, the payment and what it may give back, balance, delivery; 404 for no order', async () => {
    const sold = await seatedOrder(2);
    const detail = await detailOf(sold.orderId, seller);
    expect(detail.Order).toMatchObject({
      Id: sold.orderId,
      Name: sold.orderName,
      Status: 'Complete',
      Email: sold.email,
    });
    expect(detail.Tickets.map((t) => [t.Id, t.Status, t.Barcode])).toEqual(
      sold.tickets.map((t) => [t.id, 'Active', t.barcode]),
    );
    expect(detail.Payments).toMatchObject([
      {
        PaymentType: 'Cash',
        Amount: sold.total,
        Refunded: 0,
        Refundable: sold.total,
        SellerName: 'Sam Supervisor',
      },
    ]);
    expect(detail.Balance).toEqual({
      Total: sold.total,
      Paid: sold.total,
      Refunded: 0,
      BalanceDue: 0,
      OriginalTotal: sold.total,
    });
    expect((await seller.call('GET', '/api/admin/orders/99999999')).status).toBe(404);
  });

  test('a note keeps who wrote it, shows on the order, and its call is audited with the order', async () => {
    const sold = await seatedOrder(1);
    const res = await seller.call('POST', `/api/admin/orders/${sold.orderId}/notes`, {
      Text: '  Customer phoned about parking.  ',
    });
    expect(res.status, res.raw).toBe(200);
    expect(OrderNote.parse(res.body)).toMatchObject({
      Author: 'Sid Seller',
      Text: 'Customer phoned about parking.',
    });
    const detail = await detailOf(sold.orderId);
    expect(detail.Notes.map((n) => n.Text)).toEqual(['Customer phoned about parking.']);
    expect(detail.Audit.map((a) => a.Action)).toContain('POST /api/admin/orders/{id}/notes');
    expect((await seller.call('POST', `/api/admin/orders/${sold.orderId}/notes`, { Text: '' })).status).toBe(
      400,
    );
    expect((await seller.call('POST', '/api/admin/orders/99999999/notes', { Text: 'x' })).status).toBe(404);
  });

  test("resend e-mails the tickets to the order's address", async () => {
    const sold = await seatedOrder(1);
    const res = await seller.call('POST', `/api/admin/orders/${sold.orderId}/resend`);
    expect(res.status, res.raw).toBe(200);
    expect(ResendAnswer.parse(res.body)).toEqual({ Sent: true, Email: sold.email });
    expect((await seller.call('POST', '/api/admin/orders/99999999/resend')).status).toBe(404);
  });
});

describe('cancelling tickets', () => {
  test('one seat: it goes back on sale for anyone, its price and fees come off less the fee kept', async () => {
    const sold = await seatedOrder(2);
    const [first, second] = sold.tickets;
    const value = first!.price + first!.fee_total;
    const fee = Math.min(100, value);
    const res = await cancel(sold.orderId, { TicketIds: [first!.id], Fee: fee, Reason: 'Cannot come' });
    expect(res.status, res.raw).toBe(200);
    expect(CancelTicketsAnswer.parse(res.body)).toEqual({
      CancelledTicketIds: [first!.id],
      OrderStatus: 'Complete',
      BalanceDue: -(value - fee),
      Refunds: [],
      RefundError: null,
    });
    expect(await seatStatus(first!.seat_id!)).toEqual({ status: 'Open', order_id: null });
    expect(await seatStatus(second!.seat_id!)).toEqual({ status: 'Sold', order_id: sold.orderId });
    const detail = await detailOf(sold.orderId);
    expect(detail.Tickets.map((t) => t.Status)).toEqual(['Cancelled', 'Active']);
    expect(detail.Tickets[0]!.CancelledAt).not.toBeNull();
    expect(detail.Adjustments.map((a) => [a.Kind, a.Amount, a.TicketIds, a.StaffName])).toEqual([
      ['cancellation', -value, [first!.id], 'Sam Supervisor'],
      ...(fee > 0 ? [['cancellation_fee', fee, [first!.id], 'Sam Supervisor']] : []),
    ]);
    expect(detail.Balance).toMatchObject({ Total: sold.total - value + fee, BalanceDue: -(value - fee) });
    expect(detail.Audit.map((a) => [a.Action, a.Status])).toContainEqual([
      'POST /api/admin/orders/{id}/cancel',
      200,
    ]);
    // The consumer's seat map shows it free again (its snapshot lives at most a second unheard),
    // and a consumer on the web can hold it.
    const buyer = await signedIn(api.server, null);
    const onMap = async (key: string) => {
      const res = await buyer.call('GET', `/api/eventinventory/${eventId}`);
      return (res.body.MapSeats as { Key: string; seatStatus: string }[]).find((s) => s.Key === key)
        ?.seatStatus;
    };
    await expect.poll(() => onMap(sold.keys[0]!), { timeout: 5000 }).toBe('Open');
    expect(await onMap(sold.keys[1]!)).not.toBe('Open');
    const held = await buyer.holdSeats(eventId, [sold.keys[0]!]);
    expect(held.status, held.raw).toBe(200);
  });

  test('every Active ticket (TicketIds null) cancels the order; again, nothing is left to cancel', async () => {
    const sold = await seatedOrder(2);
    const res = await cancel(sold.orderId, { TicketIds: null, Fee: 0 });
    expect(res.status, res.raw).toBe(200);
    expect(CancelTicketsAnswer.parse(res.body)).toMatchObject({
      CancelledTicketIds: sold.tickets.map((t) => t.id),
      OrderStatus: 'Cancelled',
      // The last tickets take the order's own charges with them: everything paid is owed back.
      BalanceDue: -sold.total,
    });
    expect(await db('orders').where({ id: sold.orderId }).first('status')).toEqual({ status: 'Cancelled' });
    for (const t of sold.tickets)
      expect(await seatStatus(t.seat_id!)).toEqual({ status: 'Open', order_id: null });
    const again = await cancel(sold.orderId, { TicketIds: null, Fee: 0 });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      CancelledTicketIds: [],
      OrderStatus: 'Cancelled',
      BalanceDue: -sold.total,
    });
    const adjustments = await db('order_adjustments').where({ order_id: sold.orderId }).select('kind');
    expect(adjustments).toEqual([{ kind: 'cancellation' }]);
  });

  test('GA places are given back to their section', async () => {
    const section = await freshGaSection(db, gaEvent, 10);
    const adult = await adultPriceTypeId(db);
    const held = await supervisor.call('POST', '/api/baskets/generaladmission', {
      eventId: gaEvent,
      ticketRequest: { [`${section.price_level_id}-${adult}`]: 3 },
      salesChannel: 'BoxOffice',
    });
    expect(held.status, held.raw).toBe(200);
    const sold = await payCash(supervisor, held.body.Total as number, []);
    const soldNow = () =>
      db('event_ga_sections').where({ event_id: gaEvent, section_id: section.section_id }).first('sold');
    expect(await soldNow()).toEqual({ sold: 3 });
    const res = await cancel(sold.orderId, { TicketIds: sold.tickets.slice(0, 2).map((t) => t.id), Fee: 0 });
    expect(res.status, res.raw).toBe(200);
    expect(await soldNow()).toEqual({ sold: 1 });
    expect(res.body.OrderStatus).toBe('Complete');
  });

  test('a ticket of another order, one already cancelled, or a fee above the cost: refused, nothing changed', async () => {
    const sold = await seatedOrder(2);
    const other = await seatedOrder(1);
    const before = await snapshot(sold.orderId);
    const foreign = await cancel(sold.orderId, {
      TicketIds: [sold.tickets[0]!.id, other.tickets[0]!.id],
      Fee: 0,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ Fields: ['TicketIds'] });
    expect(foreign.body.Message).toContain(String(other.tickets[0]!.id));
    const value = sold.tickets[0]!.price + sold.tickets[0]!.fee_total;
    const tooMuch = await cancel(sold.orderId, { TicketIds: [sold.tickets[0]!.id], Fee: value + 1 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({ Fields: ['Fee'] });
    expect((await cancel(sold.orderId, { TicketIds: [sold.tickets[0]!.id], Fee: -1 })).status).toBe(400);
    expect((await cancel(sold.orderId, { TicketIds: [], Fee: 0 })).status).toBe(400);
    expect(await snapshot(sold.orderId)).toEqual(before);
    expect((await cancel(99999999, { TicketIds: null, Fee: 0 })).status).toBe(404);

    expect((await cancel(sold.orderId, { TicketIds: [sold.tickets[0]!.id], Fee: 0 })).status).toBe(200);
    const cancelledOnce = await snapshot(sold.orderId);
    const twice = await cancel(sold.orderId, { TicketIds: [sold.tickets[0]!.id], Fee: 0 });
    expect(twice.status).toBe(400);
    expect(twice.body.Message).toMatch(/already cancelled/);
    expect(await snapshot(sold.orderId)).toEqual(cancelledOnce);
  });

  test('a seller may not cancel (refund permission); nothing changes', async () => {
    const sold = await seatedOrder(1);
    const before = await snapshot(sold.orderId);
    expect((await cancel(sold.orderId, { TicketIds: null, Fee: 0 }, seller)).status).toBe(403);
    expect(await snapshot(sold.orderId)).toEqual(before);
  });

  test('with Refund, the credit is given back at once (cash by record) and nothing is owed', async () => {
    const sold = await seatedOrder(2);
    const res = await cancel(sold.orderId, { TicketIds: null, Fee: 0, Refund: true });
    expect(res.status, res.raw).toBe(200);
    const answer = CancelTicketsAnswer.parse(res.body);
    expect(answer).toMatchObject({ OrderStatus: 'Cancelled', BalanceDue: 0, RefundError: null });
    expect(answer.Refunds.reduce((s, r) => s + r.Amount, 0)).toBe(sold.total);
    expect(answer.Refunds.every((r) => r.Status === 'succeeded')).toBe(true);
    expect((await detailOf(sold.orderId)).Balance).toMatchObject({
      Total: 0,
      Refunded: sold.total,
      BalanceDue: 0,
    });
  });

  test('with Refund, a refund that cannot be made leaves the tickets cancelled and the credit owed, saying why', async () => {
    const sold = await seatedOrder(1);
    // Paid through a processor this server has no settings for: it cannot give the money back.
    await db('payments')
      .where({ order_id: sold.orderId })
      .update({ gateway: 'Stripe', payment_type: 'CreditCard', payment_ref: 'pi_not_here' });
    const res = await cancel(sold.orderId, { TicketIds: null, Fee: 0, Refund: true });
    expect(res.status, res.raw).toBe(200);
    const answer = CancelTicketsAnswer.parse(res.body);
    expect(answer).toMatchObject({ OrderStatus: 'Cancelled', BalanceDue: -sold.total, Refunds: [] });
    expect(answer.RefundError).toMatch(/not set up here/);
    expect(await db('refunds').where({ order_id: sold.orderId })).toEqual([]);
  });

  test('resend is refused once no ticket is Active, and sends nothing', async () => {
    const sold = await seatedOrder(1);
    expect((await cancel(sold.orderId, { TicketIds: null, Fee: 0 })).status).toBe(200);
    const res = await seller.call('POST', `/api/admin/orders/${sold.orderId}/resend`);
    expect(res.status).toBe(409);
    expect(res.body.Message).toMatch(/no active tickets/);
  });
});
