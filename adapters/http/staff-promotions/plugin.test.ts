import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import type { Browser } from '../checkout/test-browser.ts';
import { signedIn, staffOfRole } from '../checkout/test-people.ts';
import { AdminPromotionList } from '../contract/staff-promotions.ts';

// Promotions for the box office: the lists by series and event, the house-seat ones, and a clerk
// adding a code the storefront would refuse an anonymous buyer (restricted to members).

let api: TestApi;
let seller: Browser;
let hamletId: number;
let eventId: number;

beforeAll(async () => {
  api = await createTestApi({ env: { BASKET_HOLD_MINUTES: '10' } });
  seller = await staffOfRole(api.server, api.db, 'Seller');
  hamletId = (await api.db('event_templates').where({ code: 'HAMLET' }).first('id')).id;
  eventId = await saleEventId(api.db, 'HAMLET', 2);
});
afterAll(() => api?.close());

const codes = (rows: { Code: string | null }[]) => rows.map((r) => r.Code).sort();

describe('promotion lists', () => {
  test("a series' running promotions, by template and by event; the archive only when asked", async () => {
    const active = AdminPromotionList.parse(
      (await seller.call('GET', `/api/admin/promotions/active/${hamletId}`)).body,
    );
    expect(codes(active)).toEqual(expect.arrayContaining(['GROUPS', 'MEMBERS', 'SAVE10']));
    expect(active.every((p) => p.IsActive && p.EventTemplateIDs.includes(hamletId))).toBe(true);
    const byEvent = AdminPromotionList.parse(
      (await seller.call('GET', `/api/admin/promotions/eventpromotions?eventID=${eventId}`)).body,
    );
    expect(codes(byEvent)).toEqual(codes(active));

    await api.db('promotions').where({ code: 'SAVE10' }).update({ is_archived: true });
    try {
      const list = AdminPromotionList.parse(
        (await seller.call('GET', `/api/admin/promotions/eventtemplate/${hamletId}/list`)).body,
      );
      expect(codes(list)).not.toContain('SAVE10');
      const withArchive = AdminPromotionList.parse(
        (await seller.call('GET', `/api/admin/promotions/eventtemplate/${hamletId}/list?showArchive=true`))
          .body,
      );
      expect(withArchive.find((p) => p.Code === 'SAVE10')).toMatchObject({
        IsArchived: true,
        IsActive: false,
      });
    } finally {
      await api.db('promotions').where({ code: 'SAVE10' }).update({ is_archived: false });
    }
  });

  test('house-seat promotions have a code and need no presale window or group code', async () => {
    const house = AdminPromotionList.parse(
      (await seller.call('GET', '/api/admin/promotions/houseSeatsPromos')).body,
    );
    expect(codes(house)).toContain('SAVE10');
    expect(codes(house)).not.toContain('GROUPS');
    expect(house.every((p) => p.Code !== null && !p.IsPresale && !p.GroupPromoCode)).toBe(true);
  });

  test('signed out 401; bad ids 400 naming the field; unknown event 404', async () => {
    const anonymous = await signedIn(api.server, null);
    expect((await anonymous.call('GET', '/api/admin/promotions/houseSeatsPromos')).status).toBe(401);
    const bad = await seller.call('GET', '/api/admin/promotions/eventpromotions?eventID=x');
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toContain('eventID');
    expect((await seller.call('GET', '/api/admin/promotions/eventpromotions?eventID=999999')).status).toBe(
      404,
    );
  });
});

describe('PUT /api/admin/promotions/applycode', () => {
  test('a clerk applies a members-only code the consumer path refuses them', async () => {
    const [seat] = await plainOpenSeats(api.db, eventId, 1, 60);
    const clerk = await staffOfRole(api.server, api.db, 'Seller');
    const held = await clerk.call('POST', '/api/baskets/additems', {
      eventId,
      salesChannel: 'BoxOffice',
      basketItems: [{ Key: seat!.key }],
    });
    expect(held.status, held.raw).toBe(200);
    const itemId: number = held.body.TicketItems[0].ID;
    const consumerWay = await clerk.call('PUT', '/api/baskets/changepromotion', {
      items: [{ basketItemId: itemId, promoCode: 'MEMBERS' }],
      save: true,
    });
    expect(consumerWay.status).toBeGreaterThanOrEqual(400);

    const applied = await clerk.call('PUT', '/api/admin/promotions/applycode', { PromoCode: 'members' });
    expect(applied.status, applied.raw).toBe(200);
    const ticket = applied.body.TicketItems.find((t: { ID: number }) => t.ID === itemId);
    const members = await api.db('promotions').where({ code: 'MEMBERS' }).first('id');
    expect(ticket.PromotionID).toBe(members.id);

    const audit = await api
      .db('audit_log')
      .where({ basket_id: clerk.basketId() })
      .whereILike('action', '%applycode%');
    expect(audit.length).toBe(1);
  });

  test('an unknown code is a 400 and changes nothing; no basket is a 404; signed out 401', async () => {
    const clerk = await staffOfRole(api.server, api.db, 'Seller');
    expect((await clerk.call('PUT', '/api/admin/promotions/applycode', { PromoCode: 'SAVE10' })).status).toBe(
      404,
    );
    const [seat] = await plainOpenSeats(api.db, eventId, 1, 70);
    await clerk.call('POST', '/api/baskets/additems', {
      eventId,
      salesChannel: 'BoxOffice',
      basketItems: [{ Key: seat!.key }],
    });
    const unknown = await clerk.call('PUT', '/api/admin/promotions/applycode', { PromoCode: 'NOPE' });
    expect(unknown.status).toBe(400);
    const basket = await clerk.call('GET', '/api/baskets/viewmodel');
    expect(JSON.stringify(basket.body)).not.toContain('NOPE');
    const empty = await clerk.call('PUT', '/api/admin/promotions/applycode', { PromoCode: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.Message).toContain('PromoCode');
    const anonymous = await signedIn(api.server, null);
    expect(
      (await anonymous.call('PUT', '/api/admin/promotions/applycode', { PromoCode: 'SAVE10' })).status,
    ).toBe(401);
  });
});
