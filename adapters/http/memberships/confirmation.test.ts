import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Confirmation } from '../contract/checkout.ts';
import { browser, checkoutBody } from '../checkout/test-browser.ts';
import { addGift, giftWorld, type GiftWorld } from '../gift-certificates/test-gifts.ts';
import { addMembership, demoMembership, type DemoMembership } from './test-memberships.ts';

// The confirmation page's answer names the memberships and gift certificates the order sold
// (ExtraItems, read from the order's basket lines), not only their sum in ProductTotal.

let world: GiftWorld;
let db: Knex;
let demo: DemoMembership;

beforeAll(async () => {
  world = await giftWorld();
  db = world.db;
  demo = await demoMembership(db);
});

afterAll(async () => {
  await world?.close();
});

describe('GET /api/confirmation/{id} with memberships and gift certificates', () => {
  test('lists each with its level, recipient and amount', async () => {
    const b = await browser(world.server);
    expect((await addMembership(b, { priceLevelID: demo.patron })).status).toBe(200);
    const gift = await addGift(b, {
      Amount: 2500,
      RecipientName: 'Ann Lee',
      RecipientEmail: 'ann@example.com',
    });
    expect(gift.status, gift.raw).toBe(200);
    const paid = await b.checkout(
      checkoutBody(await b.token('4242424242424242'), {
        Email: 'confirm-extras@example.com',
        FirstName: 'Cora',
        LastName: 'Confirm',
      }),
    );
    expect(paid.status, paid.raw).toBe(200);
    const res = await b.call('GET', `/api/confirmation/${paid.body.Order.ID}`);
    expect(res.status, res.raw).toBe(200);
    const order = Confirmation.parse(res.body).Order;
    expect(order.ExtraItems).toEqual([
      {
        Kind: 'Membership',
        Name: 'Friends of Foyer',
        LevelName: 'Patron',
        Amount: 15000,
        RecipientName: null,
      },
      {
        Kind: 'GiftCertificate',
        Name: 'Gift certificate',
        LevelName: null,
        Amount: 2500,
        RecipientName: 'Ann Lee',
      },
    ]);
    expect(order.ProductTotal).toBe(17500);
    expect(order.TicketItems).toEqual([]);
  });
});
