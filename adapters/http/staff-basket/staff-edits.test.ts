import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import { checkoutBody, type Browser } from '../checkout/test-browser.ts';
import { signedIn, staffOfRole } from '../checkout/test-people.ts';
import { AdminBasket, BasketItemsFromOrder, CustomerList, NewCustomer } from '../contract/staff-basket.ts';
import { Basket } from '../contract/basket.ts';

// The box office's edits of the current basket (override price, remove fees, sales channel), the
// customer at the counter, an order's tickets as basket items; and who may call any of it.

let api: TestApi;
let db: Knex;
let manager: Browser;
let seller: Browser;

beforeAll(async () => {
  api = await createTestApi({ env: { BASKET_HOLD_MINUTES: '10' } });
  db = api.db;
  manager = await signedIn(api.server, 'boxoffice@foyer.local');
  seller = await staffOfRole(api.server, db, 'Seller');
});
afterAll(async () => {
  await api?.close();
});

const hold = async (b: Browser, count: number, offset: number, n = 0) => {
  const eventId = await saleEventId(db, 'HAMLET', n);
  const keys = (await plainOpenSeats(db, eventId, count, offset)).map((s) => s.key);
  const res = await b.call('POST', '/api/baskets/additems', {
    eventId,
    salesChannel: 'BoxOffice',
    basketItems: keys.map((Key) => ({ Key })),
  });
  expect(res.status, res.raw).toBe(200);
  return Basket.parse(res.body);
};

const sumOfParts = (b: Basket) =>
  b.TicketAndFeeTotal + b.ProductTotal + b.DeliveryTotal + b.OrderLevelFeeTotal;

const itemRows = (basketId: string) => db('basket_items').where({ basket_id: basketId }).orderBy('id');

describe('override price', () => {
  test('sets the per-ticket price, keeps and shows the original, totals stay the sum of their parts', async () => {
    const b = await signedIn(api.server, 'boxoffice@foyer.local');
    const before = await hold(b, 2, 0);
    const [first, second] = before.TicketItems;
    const res = await b.call('PUT', '/api/admin/baskets/overrideprice', {
      BasketItemIds: [first!.ID],
      Price: 1234,
    });
    expect(res.status, res.raw).toBe(200);
    const after = AdminBasket.parse(res.body);
    const changed = after.TicketItems.find((t) => t.ID === first!.ID)!;
    expect(changed).toMatchObject({ Price: 1234, OriginalPrice: first!.Price, FeeTotal: first!.FeeTotal });
    expect(after.TicketItems.find((t) => t.ID === second!.ID)).toMatchObject({
      Price: second!.Price,
      OriginalPrice: null,
    });
    expect(after.TicketTotal).toBe(before.TicketTotal - first!.Price + 1234);
    expect(after.Total).toBe(sumOfParts(after));
    // Overriding again keeps the first original; 0 is allowed and nothing goes negative.
    const free = AdminBasket.parse(
      (await b.call('PUT', '/api/admin/baskets/overrideprice', { BasketItemIds: [first!.ID], Price: 0 }))
        .body,
    );
    expect(free.TicketItems.find((t) => t.ID === first!.ID)).toMatchObject({
      Price: 0,
      OriginalPrice: first!.Price,
    });
    expect(free.Total).toBe(sumOfParts(free));
    expect(free.Total).toBeGreaterThanOrEqual(0);
    // Written down with the amounts.
    const audit = await db('audit_log')
      .where({ basket_id: before.ID, action: 'basket.overridePrice' })
      .orderBy('id');
    expect(audit.map((a) => [a.actor, a.details.price, a.details.items])).toEqual([
      ['boxoffice@foyer.local', 1234, [{ id: first!.ID, price: first!.Price }]],
      ['boxoffice@foyer.local', 0, [{ id: first!.ID, price: 1234 }]],
    ]);
  });

  test('a seller may not (403); bad input is a 400 naming the field; neither changes anything', async () => {
    const mine = await hold(seller, 1, 10);
    const id = mine.TicketItems[0]!.ID;
    const rows = await itemRows(mine.ID);
    const refused = await seller.call('PUT', '/api/admin/baskets/overrideprice', {
      BasketItemIds: [id],
      Price: 1,
    });
    expect(refused).toMatchObject({ status: 403, body: { Message: 'A seller may not do this.' } });

    const b = await signedIn(api.server, 'boxoffice@foyer.local');
    const basket = await hold(b, 1, 12);
    const own = basket.TicketItems[0]!.ID;
    const ownRows = await itemRows(basket.ID);
    for (const [body, field] of [
      [{ BasketItemIds: [own], Price: -1 }, 'Price'],
      [{ BasketItemIds: [own], Price: 10.5 }, 'Price'],
      [{ BasketItemIds: [own] }, 'Price'],
      [{ BasketItemIds: [], Price: 5 }, 'BasketItemIds'],
      [{ BasketItemIds: [id], Price: 5 }, 'BasketItemIds'],
    ] as const) {
      const res = await b.call('PUT', '/api/admin/baskets/overrideprice', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.Message).toContain(field);
    }
    expect(await itemRows(basket.ID)).toEqual(ownRows);
    expect(await itemRows(mine.ID)).toEqual(rows);
  });

  test('no consumer call honours a price from the caller', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 1);
    const [seat] = await plainOpenSeats(db, eventId, 1, 0);
    const consumer = await signedIn(api.server, 'customer@foyer.local');
    const res = await consumer.call('POST', '/api/baskets/additems', {
      eventId,
      salesChannel: 'Web',
      basketItems: [{ Key: seat!.key, Price: 1, OriginalPrice: 1 }],
    });
    expect(res.status).toBe(200);
    const item = Basket.parse(res.body).TicketItems[0]!;
    expect(item.Price).toBeGreaterThan(1);
    const override = await consumer.call('PUT', '/api/admin/baskets/overrideprice', {
      BasketItemIds: [item.ID],
      Price: 1,
    });
    expect(override.status).toBe(403);
    expect((await itemRows(consumer.basketId()!))[0]).toMatchObject({
      price: item.Price,
      original_price: null,
    });
  });
});

describe('remove fees', () => {
  test('the chosen tickets carry no fees; the total drops by exactly those fees', async () => {
    const b = await signedIn(api.server, 'boxoffice@foyer.local');
    const before = await hold(b, 2, 20);
    const [first] = before.TicketItems;
    expect(first!.FeeTotal).toBeGreaterThan(0);
    const res = await b.call('PUT', '/api/admin/baskets/removefees', { BasketItemIds: [first!.ID] });
    expect(res.status, res.raw).toBe(200);
    const after = AdminBasket.parse(res.body);
    expect(after.TicketItems.find((t) => t.ID === first!.ID)).toMatchObject({
      FeeTotal: 0,
      ChildFeeItems: [],
    });
    expect(after.Total).toBe(before.Total - first!.FeeTotal);
    expect(after.Total).toBe(sumOfParts(after));
    const [audit] = await db('audit_log').where({ basket_id: before.ID, action: 'basket.removeFees' });
    expect(audit.details).toMatchObject({ items: [first!.ID], feesRemoved: first!.FeeTotal });
  });

  test('a seller may not (403)', async () => {
    const mine = await hold(seller, 1, 24);
    expect(
      (
        await seller.call('PUT', '/api/admin/baskets/removefees', {
          BasketItemIds: [mine.TicketItems[0]!.ID],
        })
      ).status,
    ).toBe(403);
  });
});

describe('sales channel', () => {
  test('staff with the permission move the basket to another channel; an unknown one is a 400', async () => {
    const b = await signedIn(api.server, 'boxoffice@foyer.local');
    const before = await hold(b, 1, 30);
    const res = await b.call('PUT', '/api/admin/baskets/saleschannel', { SalesChannel: 'phone' });
    expect(res.status, res.raw).toBe(200);
    expect(AdminBasket.parse(res.body)).toMatchObject({ SalesChannel: 'Phone', CanSaveBasket: true });
    const unknown = await b.call('PUT', '/api/admin/baskets/saleschannel', { SalesChannel: 'Nowhere' });
    expect(unknown).toMatchObject({
      status: 400,
      body: { Message: 'SalesChannel: there is no sales channel Nowhere.' },
    });
    const blank = await b.call('PUT', '/api/admin/baskets/saleschannel', {});
    expect(blank.status).toBe(400);
    expect(blank.body.Message).toContain('SalesChannel');
    const channel = await db('baskets as b')
      .join('sales_channels as sc', 'sc.id', 'b.sales_channel_id')
      .where('b.id', before.ID)
      .first('sc.code');
    expect(channel.code).toBe('Phone');
    const [audit] = await db('audit_log').where({ basket_id: before.ID, action: 'basket.salesChannel' });
    expect(audit.details).toMatchObject({ from: 'BoxOffice', to: 'Phone' });
    expect(
      (await seller.call('PUT', '/api/admin/baskets/saleschannel', { SalesChannel: 'Phone' })).status,
    ).toBe(403);
  });
});

describe('the customer at the counter', () => {
  test('find by name, e-mail or phone; make one; assign and remove them', async () => {
    const made = await seller.call('POST', '/api/admin/customers', {
      FirstName: 'Petra',
      LastName: 'Phonebooking',
      Phone: '+44 20 7946 0123',
    });
    expect(made.status, made.raw).toBe(200);
    const { CustomerId } = NewCustomer.parse(made.body);
    const search = async (text: string) =>
      CustomerList.parse(
        (await seller.call('GET', `/api/admin/customers?search=${encodeURIComponent(text)}`)).body,
      ).Items;
    expect((await search('phonebook')).map((c) => c.CustomerId)).toEqual([CustomerId]);
    expect((await search('7946 0123')).map((c) => c.CustomerId)).toEqual([CustomerId]);
    expect((await search('petra phonebooking'))[0]).toEqual({
      CustomerId,
      FirstName: 'Petra',
      LastName: 'Phonebooking',
      Email: null,
      Phone: '+44 20 7946 0123',
    });
    expect((await search('customer@foyer.local'))[0]?.Email).toBe('customer@foyer.local');
    expect(await search('p')).toEqual([]);

    const basket = await hold(seller, 1, 40);
    const assigned = await seller.call('PUT', `/api/admin/baskets/updatecustomer/${CustomerId}`);
    expect(assigned.status, assigned.raw).toBe(200);
    expect(AdminBasket.parse(assigned.body)).toMatchObject({
      UserID: CustomerId,
      FirstName: 'Petra',
      LastName: 'Phonebooking',
      Phone: '+44 20 7946 0123',
    });
    const removed = AdminBasket.parse((await seller.call('PUT', '/api/admin/baskets/customer/remove')).body);
    expect(removed).toMatchObject({ UserID: null, FirstName: null, Phone: null });
    const audit = await db('audit_log')
      .where({ basket_id: basket.ID })
      .whereIn('action', ['basket.customer.assign', 'basket.customer.remove'])
      .orderBy('id');
    expect(audit.map((a) => [a.action, a.details.to])).toEqual([
      ['basket.customer.assign', CustomerId],
      ['basket.customer.remove', null],
    ]);
    expect((await seller.call('PUT', '/api/admin/baskets/updatecustomer/99999999')).status).toBe(404);
  });

  test('a new customer needs names and a way to reach them; bad input is a 400 naming the field and makes nobody', async () => {
    const count = async () => Number((await db('customers').count({ n: '*' }))[0]!.n);
    const start = await count();
    for (const [body, field] of [
      [{ LastName: 'Lee', Email: 'lee@example.com' }, 'FirstName'],
      [{ FirstName: 'Ann', LastName: 'Lee' }, 'Email'],
      [{ FirstName: 'Ann', LastName: 'Lee', Email: 'not an address' }, 'Email'],
      [{ FirstName: 'Ann', LastName: 'Lee', Phone: 'ring me' }, 'Phone'],
      [{ FirstName: 'Ann', LastName: '  ', Phone: '0123456' }, 'LastName'],
    ] as const) {
      const res = await manager.call('POST', '/api/admin/customers', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.Message).toContain(field);
    }
    const taken = await manager.call('POST', '/api/admin/customers', {
      FirstName: 'Again',
      LastName: 'Customer',
      Email: 'Customer@Foyer.local',
    });
    expect(taken).toMatchObject({
      status: 409,
      body: { Message: 'A customer already uses that e-mail address.' },
    });
    expect(await count()).toBe(start);
  });
});

describe('basket items from an order', () => {
  test("an order's tickets as basket items; an unknown order is a 404", async () => {
    const b = await signedIn(api.server, 'boxoffice@foyer.local');
    const basket = await hold(b, 2, 50, 2);
    const sold = await b.checkout(checkoutBody(null, { PaymentType: 'Cash' }));
    expect(sold.status, sold.raw).toBe(200);
    const res = await seller.call('GET', `/api/admin/baskets/basketItemsFromOrder/${sold.body.Order.ID}`);
    expect(res.status, res.raw).toBe(200);
    const items = BasketItemsFromOrder.parse(res.body);
    expect(items.OrderId).toBe(sold.body.Order.ID);
    expect(items.Items.map((i) => [i.Key, i.Price, i.FeeTotal, i.PriceTypeID, i.IsGA])).toEqual(
      basket.TicketItems.map((t) => [t.Key, t.Price, t.FeeTotal, t.PriceTypeID, false]),
    );
    expect((await seller.call('GET', '/api/admin/baskets/basketItemsFromOrder/99999999')).status).toBe(404);
    expect((await seller.call('GET', '/api/admin/baskets/basketItemsFromOrder/abc')).status).toBe(400);
  });
});

describe('who may call', () => {
  const uuid = '00000000-0000-4000-8000-000000000001';
  const calls: [string, string, unknown?][] = [
    ['POST', '/api/admin/baskets/list', {}],
    ['PUT', '/api/admin/baskets/save', {}],
    ['PUT', `/api/admin/baskets/${uuid}/activate`],
    ['GET', `/api/admin/baskets/existingBasket/${uuid}`],
    ['DELETE', `/api/admin/baskets/${uuid}/expire`],
    ['PUT', '/api/admin/baskets/updatecustomer/1'],
    ['PUT', '/api/admin/baskets/customer/remove'],
    ['GET', '/api/admin/baskets/basketItemsFromOrder/1'],
    ['PUT', '/api/admin/baskets/overrideprice', { BasketItemIds: [1], Price: 0 }],
    ['PUT', '/api/admin/baskets/removefees', { BasketItemIds: [1] }],
    ['PUT', '/api/admin/baskets/saleschannel', { SalesChannel: 'Phone' }],
    ['GET', '/api/admin/customers?search=lee'],
    ['POST', '/api/admin/customers', { FirstName: 'A', LastName: 'B', Email: 'ab@example.com' }],
  ];

  test('signed out is 401 and a customer 403 on every call; nothing is audited or changed', async () => {
    const anonymous = await signedIn(api.server, null);
    const customer = await signedIn(api.server, 'customer@foyer.local');
    const customers = Number((await db('customers').count({ n: '*' }))[0]!.n);
    for (const [method, url, body] of calls) {
      expect((await anonymous.call(method, url, body)).status, `${method} ${url}`).toBe(401);
      const res = await customer.call(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.Message).toBe('This needs a staff account.');
    }
    expect(Number((await db('customers').count({ n: '*' }))[0]!.n)).toBe(customers);
    expect(
      await db('audit_log').where('action', 'like', 'basket.%').where({ actor: 'customer@foyer.local' }),
    ).toEqual([]);
  });

  test('a role without the permission is 403 (the point-of-sale device sells nothing)', async () => {
    const device = await staffOfRole(api.server, db, 'PointOfSale');
    for (const [method, url, body] of calls)
      expect((await device.call(method, url, body)).status, url).toBe(403);
  });
});
