import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import type { Browser } from '../checkout/test-browser.ts';
import { ExchangeCompleted } from '../contract/exchanges.ts';
import { cashSale, exchangeWorld, holdSeats, startExchange } from './test-exchange.ts';

// A plan ticket exchanged (adapters/postgres/orders/exchanges/plan-slots.ts): moved to another
// performance its plan slot offers, the new ticket still fills the slot; moved to a performance
// the slot does not offer, it is an ordinary ticket. The plan is bought through the plan basket.

let api: TestApi;
let db: Knex;
let nightOne: number;
let nightTwo: number;
let otherShow: number;
let clerk: Browser;
let seller: Browser;
let planId: number;
let slotId: number;

beforeAll(async () => {
  ({ api, db, nightOne, nightTwo, clerk, seller } = await exchangeWorld());
  otherShow = await saleEventId(db, 'HAMLET', 3);
  [{ id: planId }] = await db('event_plans')
    .insert({
      code: 'HAMLETPASS',
      name: 'Hamlet pass',
      display_name: 'Hamlet pass',
      plan_type: 'subscription',
      min_quantity: 1,
      default_seat_qty: 1,
    })
    .returning('id');
  [{ id: slotId }] = await db('event_plan_slots')
    .insert({ event_plan_id: planId, position: 1, name: 'Hamlet', is_required: true })
    .returning('id');
  await db('event_plan_slot_events').insert([
    { event_plan_slot_id: slotId, event_id: nightOne },
    { event_plan_slot_id: slotId, event_id: nightTwo },
  ]);
});
afterAll(async () => {
  await api?.close();
});

/** One seat of night one bought through the plan at the counter; answers the order. */
const planOrder = async () => {
  const [seat] = await plainOpenSeats(db, nightOne, 1);
  const added = await seller.call('POST', '/api/baskets/eventplans/additems', {
    eventPlanId: planId,
    eventPlanSlotId: slotId,
    eventId: nightOne,
    seatQty: 1,
    salesChannel: 'BoxOffice',
    basketItems: [{ Key: seat!.key }],
  });
  expect(added.status, added.raw).toBe(200);
  const order = await cashSale(seller, {
    Email: 'pass-holder@example.com',
    FirstName: 'Pat',
    LastName: 'Pass',
  });
  const [ticket] = await db('order_tickets').where({ order_id: order.ID });
  expect(ticket.event_plan_slot_id).toBe(slotId);
  return order.ID;
};

/** Exchanges the order's one ticket for a seat of `eventId`; answers the new ticket's slot. */
const exchangeTo = async (orderId: number, eventId: number) => {
  const started = await startExchange(clerk, orderId);
  await holdSeats(db, clerk, eventId, 1);
  const done = await clerk.call('POST', `/api/admin/exchanges/${started.ExchangeGlobalID}/complete`);
  expect(done.status, done.raw).toBe(200);
  ExchangeCompleted.parse(done.body);
  const fresh = await db('order_tickets').where({ order_id: orderId, status: 'Active' });
  expect(fresh.map((t) => t.event_id)).toEqual([eventId]);
  return fresh[0].event_plan_slot_id as number | null;
};

describe('exchanging a plan ticket', () => {
  test('for another performance of its slot: the new ticket fills the same slot', async () => {
    expect(await exchangeTo(await planOrder(), nightTwo)).toBe(slotId);
  });

  test('for a performance the slot does not offer: an ordinary ticket', async () => {
    expect(await exchangeTo(await planOrder(), otherShow)).toBeNull();
  });
});
