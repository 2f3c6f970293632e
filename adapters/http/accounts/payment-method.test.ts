import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../test/stand-ins/stripe/server.ts';
import { checkoutBody, type Browser } from '../checkout/test-browser.ts';
import { newCustomer, signedIn } from '../checkout/test-people.ts';
import { SavedCard } from '../contract/account.ts';

// The saved card (spec: GET and DELETE /api/account/paymentmethod; checkout's SaveCreditCard and
// SavedCard) through the real `stripe` SDK against the local stand-in: a signed-in customer who
// saves a card at checkout finds it in their account, pays with it again, and removes it; nobody
// else can pay with it. The offline processor keeps no cards.

let standIn: StripeStandIn;
let api: TestApi;
let db: Knex;
let eventId: number;
let nextSeat = 0;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  api = await createTestApi({ env: { ...standIn.env, BASKET_HOLD_MINUTES: '10' } });
  db = api.db;
  eventId = await saleEventId(db, 'HAMLET', 3);
});
afterAll(async () => {
  await api?.close();
  await standIn?.close();
});

const holdOne = async (b: Browser) => {
  const [seat] = await plainOpenSeats(db, eventId, 1, nextSeat++);
  const held = await b.holdSeats(eventId, [seat!.key]);
  expect(held.status).toBe(200);
  return held.body.Total as number;
};

/** A Stripe.js payment method, as the card form hands it over. */
const stripeCard = (Token: string, extra: Record<string, unknown> = {}) =>
  checkoutBody(null, { Token, CardBrand: 'Visa', CCLast4: '4242', ...extra });

const savedCardOf = async (b: Browser) => {
  const res = await b.call('GET', '/api/account/paymentmethod');
  expect(res.status).toBe(200);
  return SavedCard.nullable().parse(res.body);
};

const cardRefOf = async (email: string) =>
  (await db('customers').whereRaw('lower(email) = ?', [email]).first('card_customer_ref'))
    .card_customer_ref as string | null;

const intentsCreated = () =>
  standIn.calls('POST', '/v1/payment_intents').filter((c) => c.status === 200).length;

describe('saving a card at checkout', () => {
  test('kept for the signed-in customer, shown in their account, paid with again, then removed', async () => {
    const customer = await signedIn(api.server, 'customer@foyer.local');
    expect(await savedCardOf(customer)).toBeNull();

    await holdOne(customer);
    const saved = await customer.checkout(stripeCard('pm_card_visa', { SaveCreditCard: true }));
    expect(saved.status).toBe(200);
    const ref = await cardRefOf('customer@foyer.local');
    expect(ref).toMatch(/^cus_/);
    const card = await savedCardOf(customer);
    expect(card).toEqual({ CCStripeID: expect.stringMatching(/^pm_/), CCLast4: '4242', CardBrand: 'Visa' });

    // Paying with the saved card: no new card, the same gateway customer.
    await holdOne(customer);
    const again = await customer.checkout(
      checkoutBody(null, { PaymentType: 'SavedCard', SavedCard: card!.CCStripeID }),
    );
    expect(again.status).toBe(200);
    const pi = standIn.model.intents.get(
      (await db('payments').where({ order_id: again.body.Order.ID }).first('payment_ref')).payment_ref,
    )!;
    expect(pi).toMatchObject({ customer: ref, payment_method: card!.CCStripeID, status: 'succeeded' });

    // A second save reuses the customer's gateway customer.
    const customersMade = standIn.calls('POST', '/v1/customers').filter((c) => c.status === 200).length;
    await holdOne(customer);
    expect((await customer.checkout(stripeCard('pm_card_mastercard', { SaveCreditCard: true }))).status).toBe(
      200,
    );
    expect(standIn.calls('POST', '/v1/customers').filter((c) => c.status === 200)).toHaveLength(
      customersMade,
    );
    expect(await cardRefOf('customer@foyer.local')).toBe(ref);

    const removed = await customer.call('DELETE', '/api/account/paymentmethod');
    expect(removed).toMatchObject({ status: 200, body: { Message: 'Your saved card has been removed.' } });
    expect(standIn.model.methods.get(card!.CCStripeID)!.customer).toBeNull();
    // The other saved card (the Mastercard) is next; removing it leaves none.
    expect(await savedCardOf(customer)).toMatchObject({ CCLast4: '4444', CardBrand: 'MasterCard' });
    await customer.call('DELETE', '/api/account/paymentmethod');
    expect(await savedCardOf(customer)).toBeNull();
    expect(await customer.call('DELETE', '/api/account/paymentmethod')).toMatchObject({
      status: 200,
      body: { Message: 'No card is saved on your account.' },
    });
    // A removed card pays no more.
    await holdOne(customer);
    const gone = await customer.checkout(
      checkoutBody(null, { PaymentType: 'SavedCard', SavedCard: card!.CCStripeID }),
    );
    expect(gone).toMatchObject({ status: 400, body: { Fields: ['SavedCard'] } });
  });

  test('nobody pays with a card saved for someone else: guests, other customers, staff', async () => {
    const owner = await newCustomer(api.server, 'owner.of.card@example.com');
    await holdOne(owner);
    expect((await owner.checkout(stripeCard('pm_card_visa', { SaveCreditCard: true }))).status).toBe(200);
    const card = (await savedCardOf(owner))!;
    const before = intentsCreated();
    for (const stranger of [
      await signedIn(api.server, null),
      await newCustomer(api.server, 'stranger@example.com'),
      await signedIn(api.server, 'customer@foyer.local'),
    ]) {
      await holdOne(stranger);
      const res = await stranger.checkout(
        checkoutBody(null, {
          PaymentType: 'SavedCard',
          SavedCard: card.CCStripeID,
          IdempotencyKey: randomUUID(),
        }),
      );
      expect(res).toMatchObject({ status: 400, body: { Fields: ['SavedCard'] } });
    }
    const staff = await signedIn(api.server, 'boxoffice@foyer.local');
    const [seat] = await plainOpenSeats(db, eventId, 1, nextSeat++);
    await staff.call('POST', '/api/baskets/additems', {
      eventId,
      salesChannel: 'BoxOffice',
      basketItems: [{ Key: seat!.key }],
    });
    expect(
      (await staff.checkout(checkoutBody(null, { PaymentType: 'SavedCard', SavedCard: card.CCStripeID })))
        .status,
    ).toBe(400);
    expect(intentsCreated()).toBe(before);
  });

  test('a guest asking to save a card pays, and nothing is saved for anyone', async () => {
    const guest = await signedIn(api.server, null);
    await holdOne(guest);
    const customersMade = standIn.calls('POST', '/v1/customers').length;
    const res = await guest.checkout(stripeCard('pm_card_visa', { SaveCreditCard: true }));
    expect(res.status).toBe(200);
    expect(standIn.calls('POST', '/v1/customers')).toHaveLength(customersMade);
  });

  test('a card saved through 3-D Secure is the customer’s once the resubmission succeeds', async () => {
    const customer = await newCustomer(api.server, 'three.d@example.com');
    await holdOne(customer);
    const body = stripeCard('pm_card_authenticationRequired', { SaveCreditCard: true, CCLast4: '3184' });
    const first = await customer.checkout(body);
    expect(first.status).toBe(422);
    standIn.authenticate(first.body.PaymentIntentId);
    const done = await customer.checkout({ ...body, PaymentIntentId: first.body.PaymentIntentId });
    expect(done.status).toBe(200);
    expect(await cardRefOf('three.d@example.com')).toMatch(/^cus_/);
    expect(await savedCardOf(customer)).toMatchObject({ CCLast4: '3184' });
  });

  test('only a signed-in customer has a saved card to read or remove', async () => {
    expect((await (await signedIn(api.server, null)).call('GET', '/api/account/paymentmethod')).status).toBe(
      401,
    );
    const staff = await signedIn(api.server, 'boxoffice@foyer.local');
    expect((await staff.call('GET', '/api/account/paymentmethod')).status).toBe(401);
    expect((await staff.call('DELETE', '/api/account/paymentmethod')).status).toBe(401);
  });
});

describe('with the offline test processor', () => {
  test('no card is kept: the answer is null', async () => {
    const offline = await createTestApi();
    try {
      const customer = await signedIn(offline.server, 'customer@foyer.local');
      const offlineEvent = await saleEventId(offline.db, 'HAMLET', 3);
      const [seat] = await plainOpenSeats(offline.db, offlineEvent, 1, 0);
      expect((await customer.holdSeats(offlineEvent, [seat!.key])).status).toBe(200);
      const res = await customer.checkout(
        checkoutBody(await customer.token('4242424242424242'), { SaveCreditCard: true }),
      );
      expect(res.status).toBe(200);
      expect(await customer.call('GET', '/api/account/paymentmethod')).toMatchObject({
        status: 200,
        body: null,
      });
    } finally {
      await offline.close();
    }
  });
});
