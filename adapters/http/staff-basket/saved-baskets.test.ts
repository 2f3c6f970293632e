import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { adultPriceTypeId, freshGaSection, plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import { releaseExpired } from '../../postgres/basket/release.ts';
import { checkoutBody, type Browser } from '../checkout/test-browser.ts';
import { signedIn, staffOfRole } from '../checkout/test-people.ts';
import { AdminBasket, ExistingBasket, SavedBasket, SavedBasketList } from '../contract/staff-basket.ts';
import { Basket, BasketViewModel } from '../contract/basket.ts';

// Saved baskets at the box office: a clerk saves a phone customer's basket, it keeps its seats
// past the ordinary hold (the sweep leaves it alone), any clerk finds it and resumes it, and it
// sells with nothing lost; ending one puts its seats back on the map.

let api: TestApi;
let db: Knex;
let clerk: Browser;

beforeAll(async () => {
  api = await createTestApi({ env: { BASKET_HOLD_MINUTES: '10' } });
  db = api.db;
  clerk = await signedIn(api.server, 'boxoffice@foyer.local');
});
afterAll(async () => {
  await api?.close();
});

const holdSeats = (b: Browser, eventId: number, keys: string[], salesChannel = 'BoxOffice') =>
  b.call('POST', '/api/baskets/additems', {
    eventId,
    salesChannel,
    basketItems: keys.map((Key) => ({ Key })),
  });

const seatRows = (eventId: number, keys: string[]) =>
  db('event_seats as es')
    .join('seats as s', 's.id', 'es.seat_id')
    .where('es.event_id', eventId)
    .whereIn('s.key', keys)
    .orderBy('s.key')
    .select('s.key', 'es.status', 'es.basket_id', 'es.held_until', 'es.order_id');

/** What the public seat map shows (its snapshot may be served for a second: wait that out). */
const mapStatus = async (eventId: number, keys: string[]) => {
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const res = await api.server.inject(`/api/eventinventory/${eventId}`);
  const seats = (JSON.parse(res.payload) as { MapSeats: { Key: string; seatStatus: string }[] }).MapSeats;
  return keys.map((k) => seats.find((s) => s.Key === k)?.seatStatus);
};

describe('save, list, resume, sell', () => {
  test('another clerk resumes a saved basket and sells it: nothing is lost', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 0);
    const keys = (await plainOpenSeats(db, eventId, 2, 40)).map((s) => s.key);
    const gaEvent = await saleEventId(db, 'COMEDY', 2);
    const section = await freshGaSection(db, gaEvent, 10);
    const adult = await adultPriceTypeId(db);
    const phone = await signedIn(api.server, 'boxoffice@foyer.local');
    expect((await holdSeats(phone, eventId, keys)).status).toBe(200);
    const withGa = await phone.call('POST', '/api/baskets/generaladmission', {
      eventId: gaEvent,
      ticketRequest: { [`${section.price_level_id}-${adult}`]: 2 },
      salesChannel: 'BoxOffice',
    });
    expect(withGa.status, withGa.raw).toBe(200);
    const before = Basket.parse(withGa.body);
    expect(before.CanSaveBasket).toBe(true);
    const basketId = phone.basketId()!;

    const saved = await phone.call('PUT', '/api/admin/baskets/save', { Name: '  Mrs Lee (phone)  ' });
    expect(saved.status, saved.raw).toBe(200);
    const answer = SavedBasket.parse(saved.body);
    expect(answer.BasketId).toBe(basketId);
    // Held well past the 10-minute hold: 48 hours, or the first event's start if sooner.
    const firstStart: { starts_at: Date } = await db('events')
      .whereIn('id', [eventId, gaEvent])
      .orderBy('starts_at')
      .first('starts_at');
    const expected = Math.min(Date.now() + 48 * 3_600_000, firstStart.starts_at.getTime());
    expect(Math.abs(Date.parse(answer.ExpiresAt) - expected)).toBeLessThan(60_000);
    // The holds moved with the basket: the seats' and the GA places'.
    const row = await db('baskets').where({ id: basketId }).first();
    expect(row).toMatchObject({ saved_name: 'Mrs Lee (phone)', status: 'Active' });
    expect(row.expires_at.toISOString()).toBe(answer.ExpiresAt);
    for (const seat of await seatRows(eventId, keys))
      expect({ basket: seat.basket_id, until: seat.held_until.toISOString() }).toEqual({
        basket: basketId,
        until: answer.ExpiresAt,
      });
    const gaHolds = await db('event_ga_holds').where({ basket_id: basketId });
    expect(gaHolds.map((h) => [h.quantity, h.held_until.toISOString()])).toEqual([[2, answer.ExpiresAt]]);
    // The expiry sweep leaves a saved basket alone.
    await releaseExpired(db);
    expect((await seatRows(eventId, keys)).every((s) => s.basket_id === basketId)).toBe(true);
    expect(await mapStatus(eventId, keys)).toEqual(['Unavailable', 'Unavailable']);

    // Another clerk finds it in the list.
    const seller = await staffOfRole(api.server, db, 'Seller');
    const list = SavedBasketList.parse(
      (await seller.call('POST', '/api/admin/baskets/list', { SearchText: 'lee' })).body,
    );
    const item = list.Items.find((i) => i.BasketId === basketId);
    expect(item).toMatchObject({
      Name: 'Mrs Lee (phone)',
      SavedBy: 'Bo Boxoffice',
      TicketCount: 4,
      Total: before.Total,
      ExpiresAt: answer.ExpiresAt,
      IsCurrent: false,
    });
    expect(item!.EventNames).toHaveLength(2);
    const mine = SavedBasketList.parse((await phone.call('POST', '/api/admin/baskets/list', {})).body);
    expect(mine.Items.find((i) => i.BasketId === basketId)?.IsCurrent).toBe(true);
    // By who saved it, a page at a time.
    const bo: { id: number } = await db('staff_users').where({ email: 'boxoffice@foyer.local' }).first('id');
    const sellerRow: { id: number } = await db('staff_users').where('email', 'like', 'seller-%').first('id');
    const bySaver = SavedBasketList.parse(
      (await seller.call('POST', '/api/admin/baskets/list', { SellerId: bo.id, PageSize: 1 })).body,
    );
    expect(bySaver.Items).toHaveLength(1);
    expect(bySaver.TotalCount).toBeGreaterThanOrEqual(1);
    const bySeller = SavedBasketList.parse(
      (await seller.call('POST', '/api/admin/baskets/list', { SellerId: sellerRow.id })).body,
    );
    expect(bySeller).toEqual({ Items: [], TotalCount: 0 });
    const badPage = await seller.call('POST', '/api/admin/baskets/list', { PageSize: 101 });
    expect(badPage.status).toBe(400);
    expect(badPage.body.Message).toContain('PageSize');
    expect(
      SavedBasketList.parse(
        (await seller.call('POST', '/api/admin/baskets/list', { SearchText: 'nobody-xyz' })).body,
      ).Items,
    ).toEqual([]);

    // Resumes it: nothing left behind, then the basket becomes theirs.
    expect(
      ExistingBasket.parse((await seller.call('GET', `/api/admin/baskets/existingBasket/${basketId}`)).body),
    ).toEqual({ HasExistingBasket: false, ExistingBasketId: null, TicketCount: 0, IsSaved: false });
    const activated = await seller.call('PUT', `/api/admin/baskets/${basketId}/activate`);
    expect(activated.status, activated.raw).toBe(200);
    expect(seller.basketId()).toBe(basketId);
    const resumed = AdminBasket.parse(activated.body);
    expect(resumed.TicketItems.map((t) => [t.Key, t.Quantity, t.Price])).toEqual(
      before.TicketItems.map((t) => [t.Key, t.Quantity, t.Price]),
    );
    const page = BasketViewModel.parse((await seller.call('GET', '/api/baskets/viewmodel')).body);
    expect(page.Basket.Total).toBe(before.Total);
    const audit = await db('audit_log').where({ basket_id: basketId, action: 'basket.activate' });
    expect(audit.map((a) => a.actor)).toEqual([expect.stringMatching(/^seller-/)]);

    const sold = await seller.checkout(checkoutBody(null, { PaymentType: 'Cash' }));
    expect(sold.status, sold.raw).toBe(200);
    const orderId: number = sold.body.Order.ID;
    expect((await seatRows(eventId, keys)).map((s) => [s.status, s.order_id])).toEqual([
      ['Sold', orderId],
      ['Sold', orderId],
    ]);
    const ga = await db('event_ga_sections')
      .where({ event_id: gaEvent, section_id: section.section_id })
      .first();
    expect(ga.sold).toBe(2);
    // Sold baskets leave the list.
    const after = SavedBasketList.parse((await seller.call('POST', '/api/admin/baskets/list', {})).body);
    expect(after.Items.map((i) => i.BasketId)).not.toContain(basketId);
  });

  test('only a saved, live basket may be activated; a bad id is a 400 naming it', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 0);
    const b = await signedIn(api.server, 'boxoffice@foyer.local');
    expect((await holdSeats(b, eventId, [(await plainOpenSeats(db, eventId, 1, 60))[0]!.key])).status).toBe(
      200,
    );
    const unsaved = b.basketId()!;
    const other = await signedIn(api.server, 'admin@foyer.local');
    expect((await other.call('PUT', `/api/admin/baskets/${unsaved}/activate`)).status).toBe(404);
    expect(other.basketId()).toBeNull();
    const bad = await other.call('PUT', '/api/admin/baskets/not-a-basket/activate');
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toContain('id');
  });
});

describe('the existing unsaved basket', () => {
  test('warns while the clerk holds an unsaved basket with tickets; not once it is saved', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 1);
    const [a, b] = (await plainOpenSeats(db, eventId, 2, 70)).map((s) => s.key);
    const other = await signedIn(api.server, 'boxoffice@foyer.local');
    expect((await holdSeats(other, eventId, [a!])).status).toBe(200);
    expect((await other.call('PUT', '/api/admin/baskets/save', {})).status).toBe(200);
    const target = other.basketId()!;

    const me = await signedIn(api.server, 'boxoffice@foyer.local');
    expect((await holdSeats(me, eventId, [b!])).status).toBe(200);
    const current = me.basketId()!;
    const check = async () =>
      ExistingBasket.parse((await me.call('GET', `/api/admin/baskets/existingBasket/${target}`)).body);
    expect(await check()).toEqual({
      HasExistingBasket: true,
      ExistingBasketId: current,
      TicketCount: 1,
      IsSaved: false,
    });
    expect((await me.call('PUT', '/api/admin/baskets/save', { Name: 'Walk-up' })).status).toBe(200);
    expect(await check()).toEqual({
      HasExistingBasket: false,
      ExistingBasketId: current,
      TicketCount: 1,
      IsSaved: true,
    });
  });
});

describe('saving refused', () => {
  test("a basket on a consumer channel is external purchasing: 409 with the spec's words, nothing saved", async () => {
    const eventId = await saleEventId(db, 'HAMLET', 1);
    const b = await signedIn(api.server, 'boxoffice@foyer.local');
    const held = await holdSeats(b, eventId, [(await plainOpenSeats(db, eventId, 1, 80))[0]!.key], 'Web');
    expect(Basket.parse(held.body).CanSaveBasket).toBe(false);
    const res = await b.call('PUT', '/api/admin/baskets/save', { Name: 'x' });
    expect(res).toMatchObject({
      status: 409,
      body: { Message: 'External purchasing is not supported for this basket.' },
    });
    expect((await db('baskets').where({ id: b.basketId() }).first()).saved_at).toBeNull();
  });

  test('no basket is a 404; a name too long is a 400 naming Name', async () => {
    const b = await signedIn(api.server, 'boxoffice@foyer.local');
    expect((await b.call('PUT', '/api/admin/baskets/save', {})).status).toBe(404);
    const long = await b.call('PUT', '/api/admin/baskets/save', { Name: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body.Message).toContain('Name');
  });
});

describe('expiring a basket', () => {
  test('its seats go back on the map at once; ending it again changes nothing', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 2);
    const keys = (await plainOpenSeats(db, eventId, 2, 90)).map((s) => s.key);
    const b = await signedIn(api.server, 'boxoffice@foyer.local');
    expect((await holdSeats(b, eventId, keys)).status).toBe(200);
    expect((await b.call('PUT', '/api/admin/baskets/save', {})).status).toBe(200);
    const basketId = b.basketId()!;
    expect(await mapStatus(eventId, keys)).toEqual(['Unavailable', 'Unavailable']);

    const res = await clerk.call('DELETE', `/api/admin/baskets/${basketId}/expire`);
    expect(res.status, res.raw).toBe(204);
    expect(await mapStatus(eventId, keys)).toEqual(['Open', 'Open']);
    expect((await seatRows(eventId, keys)).every((s) => s.basket_id === null)).toBe(true);
    expect((await db('baskets').where({ id: basketId }).first()).status).toBe('Expired');
    const audit = await db('audit_log').where({ basket_id: basketId, action: 'basket.expire' });
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toMatchObject({ released: 2, ticketCount: 2 });

    expect((await clerk.call('DELETE', `/api/admin/baskets/${basketId}/expire`)).status).toBe(204);
    expect(await db('audit_log').where({ basket_id: basketId, action: 'basket.expire' })).toHaveLength(1);
    expect(
      (await clerk.call('DELETE', '/api/admin/baskets/00000000-0000-4000-8000-000000000000/expire')).status,
    ).toBe(404);
  });
});
