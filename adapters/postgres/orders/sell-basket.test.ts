import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Basket } from '../../../core/basket/basket.ts';
import type { OrderPlan } from '../../../core/orders/order.ts';
import { checkoutDetailsFactory } from '../../../core/orders/test-factories.ts';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import { browser } from '../../http/checkout/test-browser.ts';
import { basketOf, findBasketRows } from '../sql/basket-rows.ts';
import { completeOrder } from './complete-order.ts';
import { sellUnchangedBasket } from './sell-basket.ts';

// The one-round-trip sale sells the basket the checkout read only while it is unchanged; any
// change while paying leaves it to the two-trip path, which reads the basket again.

let api: TestApi;
let db: Knex;
let eventId: number;
let nextSeat = 0;

beforeAll(async () => {
  api = await createTestApi();
  db = api.db;
  eventId = await saleEventId(db, 'HAMLET', 3);
});
afterAll(async () => {
  await api?.close();
});

const checkout = checkoutDetailsFactory('GB');

/** A held seat, its basket as the checkout reads it, and a succeeded payment for it. */
const paidBasket = async (withProduct = false, status = 'succeeded') => {
  const b = await browser(api.server);
  const [seat] = await plainOpenSeats(db, eventId, 1, nextSeat++);
  expect((await b.holdSeats(eventId, [seat!.key])).status).toBe(200);
  if (withProduct) {
    const variant = await db('product_variants').orderBy('id').first('id', 'product_id');
    await db('basket_items').insert({
      basket_id: b.basketId(),
      item_type: 'Product',
      product_id: variant.product_id,
      product_variant_id: variant.id,
      product_name: 'Programme',
      quantity: 2,
      price: 500,
    });
  }
  const rows = (await findBasketRows(db, b.basketId()!))!;
  const basket = basketOf(rows.row, rows.items);
  const [pay] = await db('payments')
    .insert({
      idempotency_key: randomUUID(),
      basket_id: basket.id,
      gateway: 'Offline',
      payment_type: 'CreditCard',
      amount: 1,
      currency: 'USD',
      status,
      card_brand: 'Visa',
      card_bin: '424242',
      card_last4: '0000',
      checkout: JSON.stringify(checkout),
    })
    .returning('id');
  return { basket, seatId: seat!.seat_id, attemptId: (pay as { id: number }).id };
};

/** An order plan that remembers the basket it was given. */
const recordingPlan = () => {
  const seen: Basket[] = [];
  const plan: OrderPlan = (basket) => {
    seen.push(basket);
    return {
      totals: {
        Total: 1,
        TicketAndFeeTotal: 1,
        TicketTotal: 1,
        TicketFeeTotal: 0,
        ProductTotal: 0,
        DeliveryTotal: 0,
        OrderLevelFeeTotal: 0,
        OrderLevelFees: [],
      },
      currency: 'USD',
      currencyLocale: 'en-us',
      deliveryMethod: null,
    };
  };
  return { plan, seen };
};

const orderOf = (basketId: string) => db('orders').where({ basket_id: basketId }).first();

describe('selling the basket the checkout read', () => {
  it('sells it in one step when nothing changed: seat sold, payment linked, basket completed', async () => {
    const { basket, seatId, attemptId } = await paidBasket(true);
    expect(basket.version).toMatch(/^[0-9a-f]{32}$/);
    const sold = await sellUnchangedBasket(db, attemptId, recordingPlan().plan, { basket, checkout });
    expect(sold?.completion).toMatchObject({ kind: 'order', created: true });
    const order = await orderOf(basket.id);
    expect(order).toMatchObject({
      first_name: 'Ada',
      total: 1,
      bill_to: { CountryCode: 'GB' },
      order_level_fees: [],
    });
    expect(await db('order_tickets').where({ order_id: order.id })).toEqual([
      expect.objectContaining({ seat_id: seatId, fees: basket.tickets[0]!.fees, is_ga: false }),
    ]);
    expect(await db('order_products').where({ order_id: order.id })).toEqual([
      expect.objectContaining({ name: 'Programme', quantity: 2, unit_price: 500 }),
    ]);
    expect(await db('order_mail_outbox').where({ order_id: order.id })).toHaveLength(1);
    expect(await db('event_seats').where({ event_id: eventId, seat_id: seatId }).first()).toMatchObject({
      status: 'Sold',
      order_id: order.id,
    });
    expect(await db('payments').where({ id: attemptId }).first()).toMatchObject({ order_id: order.id });
    expect(await db('baskets').where({ id: basket.id }).first()).toMatchObject({ status: 'Completed' });
  });

  it("records the gateway's success in the same step, keeping a BIN the gateway did not give", async () => {
    const { basket, attemptId } = await paidBasket(false, 'pending');
    const success = {
      status: 'succeeded',
      paymentRef: 'pi_123',
      card: { brand: 'MasterCard', bin: '', last4: '4444' },
    } as const;
    const sold = await sellUnchangedBasket(
      db,
      attemptId,
      recordingPlan().plan,
      { basket, checkout },
      success,
    );
    expect(sold?.completion).toMatchObject({ kind: 'order', created: true });
    expect(await db('payments').where({ id: attemptId }).first()).toMatchObject({
      status: 'succeeded',
      payment_ref: 'pi_123',
      card_brand: 'MasterCard',
      card_bin: '424242',
      card_last4: '4444',
      order_id: (await orderOf(basket.id)).id,
    });

    // A sale that cannot be made in one step records nothing either: the caller records the
    // success on its own way (completeOrder).
    const changed = await paidBasket(false, 'pending');
    await db('baskets').where({ id: changed.basket.id }).update({ basket_note: 'a note' });
    const known = { basket: changed.basket, checkout };
    expect(await sellUnchangedBasket(db, changed.attemptId, recordingPlan().plan, known, success)).toBeNull();
    expect(await db('payments').where({ id: changed.attemptId }).first()).toMatchObject({
      status: 'pending',
      payment_ref: null,
      card_last4: '0000',
    });
    const done = await completeOrder(db, changed.attemptId, recordingPlan().plan, success, known);
    expect(done.completion).toMatchObject({ kind: 'order', created: true });
    expect(await db('payments').where({ id: changed.attemptId }).first()).toMatchObject({
      status: 'succeeded',
      payment_ref: 'pi_123',
      card_bin: '424242',
    });
  });

  it('writes nothing when an item changed after the read; the order is then made from the basket as it is', async () => {
    const { basket, seatId, attemptId } = await paidBasket();
    await db('basket_items').where({ basket_id: basket.id }).update({ price_type_name: 'Changed meanwhile' });
    const first = recordingPlan();
    expect(await sellUnchangedBasket(db, attemptId, first.plan, { basket, checkout })).toBeNull();
    expect(await orderOf(basket.id)).toBeUndefined();
    expect(await db('event_seats').where({ event_id: eventId, seat_id: seatId }).first()).toMatchObject({
      basket_id: basket.id,
      order_id: null,
    });
    expect(await db('payments').where({ id: attemptId }).first()).toMatchObject({ order_id: null });

    const second = recordingPlan();
    const done = await completeOrder(db, attemptId, second.plan, undefined, { basket, checkout });
    expect(done.completion).toMatchObject({ kind: 'order', created: true });
    expect(second.seen.at(-1)!.tickets[0]!.priceTypeName).toBe('Changed meanwhile');
    const order = await orderOf(basket.id);
    expect(await db('order_tickets').where({ order_id: order.id }).first()).toMatchObject({
      price_type_name: 'Changed meanwhile',
    });
  });

  it('writes nothing when the basket itself changed, ran out, or the payment already has its order', async () => {
    const changed = await paidBasket();
    await db('baskets').where({ id: changed.basket.id }).update({ basket_note: 'a note' });
    expect(
      await sellUnchangedBasket(db, changed.attemptId, recordingPlan().plan, {
        basket: changed.basket,
        checkout,
      }),
    ).toBeNull();

    const expired = await paidBasket();
    await db('baskets')
      .where({ id: expired.basket.id })
      .update({ expires_at: db.raw(`now() - interval '1 second'`) });
    expect(
      await sellUnchangedBasket(db, expired.attemptId, recordingPlan().plan, {
        basket: expired.basket,
        checkout,
      }),
    ).toBeNull();

    const twice = await paidBasket();
    const known = { basket: twice.basket, checkout };
    expect(await sellUnchangedBasket(db, twice.attemptId, recordingPlan().plan, known)).not.toBeNull();
    expect(await sellUnchangedBasket(db, twice.attemptId, recordingPlan().plan, known)).toBeNull();
    expect(await db('orders').where({ basket_id: twice.basket.id }).count({ n: '*' })).toEqual([{ n: 1 }]);
    for (const { basket } of [changed, expired]) expect(await orderOf(basket.id)).toBeUndefined();
  });
});
