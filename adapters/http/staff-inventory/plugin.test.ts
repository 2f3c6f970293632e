import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import { checkoutBody, type Browser } from '../checkout/test-browser.ts';
import { signedIn, staffOfRole } from '../checkout/test-people.ts';
import {
  BoxOfficeInventory,
  GroupSalesSeries,
  SellSearchAnswer,
  SellTicketSeatMap,
} from '../contract/staff-inventory.ts';

// The clerk's selling screens' reads, on a demo database: the staff seat map (holds, other
// people's baskets, sold seats with their order), the admin event pages by role, the search.

let api: TestApi;
let seller: Browser;
let eventId: number;
let subclass: (name: string) => number;

beforeAll(async () => {
  api = await createTestApi({ env: { BASKET_HOLD_MINUTES: '10' } });
  seller = await staffOfRole(api.server, api.db, 'Seller');
  eventId = await saleEventId(api.db, 'HAMLET', 0);
  const rows: { id: number; name: string }[] = await api.db('hold_subclasses').select('id', 'name');
  subclass = (name) => rows.find((r) => r.name === name)!.id;
});
afterAll(() => api?.close());

const boxOffice = async (b: Browser, ids = '') => {
  const res = await b.call(
    'GET',
    `/api/admin/eventinventory/${eventId}/boxoffice${ids ? `?holdSubclassIds=${ids}` : ''}`,
  );
  expect(res.status, res.raw).toBe(200);
  return BoxOfficeInventory.parse(res.body);
};

const houseSeatKeys = async () =>
  (
    await api
      .db('event_seats as es')
      .join('seats as s', 's.id', 'es.seat_id')
      .where({ 'es.event_id': eventId, 'es.status': 'Hold', 'es.hold_subclass_id': subclass('House Seats') })
      .select('s.key')
  ).map((r: { key: string }) => r.key);

describe('GET /api/admin/eventinventory/{id}/boxoffice', () => {
  test('signed out is 401; a role that may not sell is 403', async () => {
    const anonymous = await signedIn(api.server, null);
    expect((await anonymous.call('GET', `/api/admin/eventinventory/${eventId}/boxoffice`)).status).toBe(401);
    const device = await staffOfRole(api.server, api.db, 'PointOfSale');
    const refused = await device.call('GET', `/api/admin/eventinventory/${eventId}/boxoffice`);
    expect(refused.status).toBe(403);
    expect(refused.body.Message).toBeTruthy();
  });

  test('holds show as holds with their subclass; asked-for subclasses the role may sell open up, kills never', async () => {
    const houseKeys = await houseSeatKeys();
    expect(houseKeys.length).toBeGreaterThan(0);
    const plain = await boxOffice(seller);
    const seat = plain.MapSeats.find((s) => s.Key === houseKeys[0])!;
    expect(seat).toMatchObject({ seatStatus: 'Hold', HoldSubclassName: 'House Seats' });
    expect(seat.SectionName).toBeTruthy();
    expect(seat.PriceLevelName).toBeTruthy();
    const kill = plain.HoldSubclasses.find((h) => h.Name === 'Kill')!;
    expect(kill).toMatchObject({ IsKill: true, Sellable: false, Selected: false });
    expect(plain.HoldSubclasses.find((h) => h.Name === 'House Seats')).toMatchObject({
      Sellable: true,
      Selected: false,
      SeatCount: houseKeys.length,
    });

    const opened = await boxOffice(seller, `${subclass('House Seats')},${subclass('Kill')}`);
    const houseNow = opened.MapSeats.filter((s) => houseKeys.includes(s.Key));
    expect(
      houseNow.every((s) => s.seatStatus === 'Open' && s.HoldSubclassID === subclass('House Seats')),
    ).toBe(true);
    expect(opened.HoldSubclasses.find((h) => h.Name === 'Kill')?.Selected).toBe(false);
    expect(opened.Version).not.toBe(plain.Version);
  });

  test("a seat in someone else's basket is Reserved, never naming the basket; a sold seat names its order", async () => {
    const [mine, theirs] = await plainOpenSeats(api.db, eventId, 2, 40);
    const buyer = await signedIn(api.server, null);
    const held = await buyer.call('POST', '/api/baskets/additems', {
      eventId,
      basketItems: [{ Key: theirs!.key }],
    });
    expect(held.status, held.raw).toBe(200);
    const clerk = await signedIn(api.server, 'boxoffice@foyer.local');
    expect(
      (
        await clerk.call('POST', '/api/baskets/additems', {
          eventId,
          salesChannel: 'BoxOffice',
          basketItems: [{ Key: mine!.key }],
        })
      ).status,
    ).toBe(200);
    const sold = await clerk.checkout(checkoutBody(null, { PaymentType: 'Cash' }));
    expect(sold.status, sold.raw).toBe(200);

    const res = await seller.call('GET', `/api/admin/eventinventory/${eventId}/boxoffice`);
    const view = BoxOfficeInventory.parse(res.body);
    expect(view.MapSeats.find((s) => s.Key === theirs!.key)).toMatchObject({ seatStatus: 'Reserved' });
    expect(res.raw).not.toContain(buyer.basketId()!);
    expect(view.MapSeats.find((s) => s.Key === mine!.key)).toMatchObject({
      seatStatus: 'Sold',
      OrderName: sold.body.Order.Name,
    });
    // The consumer's view of the same seat says neither.
    const consumer = await buyer.call('GET', `/api/eventinventory/${eventId}`);
    const consumerSeat = consumer.body.MapSeats.find((s: { Key: string }) => s.Key === mine!.key);
    expect(consumerSeat.seatStatus).toBe('Unavailable');
    expect(consumerSeat.OrderName).toBeUndefined();
  });

  test('an unknown event is 404; bad subclass ids are a 400 naming the field', async () => {
    expect((await seller.call('GET', '/api/admin/eventinventory/999999/boxoffice')).status).toBe(404);
    const bad = await seller.call(
      'GET',
      `/api/admin/eventinventory/${eventId}/boxoffice?holdSubclassIds=1;2`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toContain('holdSubclassIds');
  });
});

describe('GET /api/admin/sellticketseatmap', () => {
  test("lists the admin event pages by the caller's permissions", async () => {
    const sellerMap = SellTicketSeatMap.parse(
      (await seller.call('GET', `/api/admin/sellticketseatmap?eventId=${eventId}`)).body,
    );
    expect(sellerMap.Actions).toEqual([]);
    expect(sellerMap.SeriesCode).toBe('HAMLET');
    expect(sellerMap.InventoryUrl).toBe(`/api/admin/eventinventory/${eventId}/boxoffice`);
    const supervisor = await staffOfRole(api.server, api.db, 'BoxOfficeSupervisor');
    expect(
      SellTicketSeatMap.parse(
        (await supervisor.call('GET', `/api/admin/sellticketseatmap?eventId=${eventId}`)).body,
      ).Actions,
    ).toEqual(['AttendanceMap', 'Holds', 'AccessibleSeating', 'SeatTags']);
    const admin = await signedIn(api.server, 'admin@foyer.local');
    const adminMap = SellTicketSeatMap.parse(
      (await admin.call('GET', `/api/admin/sellticketseatmap?eventId=${eventId}`)).body,
    );
    expect(adminMap.Actions).toEqual([
      'AttendanceMap',
      'Holds',
      'PriceLevels',
      'AccessibleSeating',
      'SeatTags',
    ]);
    expect(adminMap.Links[1]).toEqual({ Key: 'Holds', Path: `/admin/v2/event/${eventId}/holds` });
    expect((await seller.call('GET', '/api/admin/sellticketseatmap')).status).toBe(400);
  });
});

describe('GET /api/admin/sell/search', () => {
  test('finds a series and its performances by name, by code and by date', async () => {
    const byName = SellSearchAnswer.parse((await seller.call('GET', '/api/admin/sell/search?q=haml')).body);
    expect(byName.Series.map((s) => s.Code)).toContain('HAMLET');
    expect(byName.Events.length).toBeGreaterThan(0);
    expect(byName.Events.every((e) => e.SeriesCode === 'HAMLET')).toBe(true);
    const byCode = SellSearchAnswer.parse((await seller.call('GET', '/api/admin/sell/search?q=hamlet')).body);
    expect(byCode.Series[0]?.Code).toBe('HAMLET');

    const first = byName.Events[0]!;
    expect(first.SellUrl).toBe(
      `/admin/selltickets/seriestickets/HAMLET/${first.UrlSafeName}?startDate=${first.StartDate}&eventId=${first.EventID}`,
    );
    const byDate = SellSearchAnswer.parse(
      (await seller.call('GET', `/api/admin/sell/search?date=${first.StartDate}`)).body,
    );
    expect(byDate.Events.map((e) => e.EventID)).toContain(first.EventID);
    expect(byDate.Events.every((e) => e.StartDate === first.StartDate)).toBe(true);
    // A date typed in the box is a date.
    const typed = SellSearchAnswer.parse(
      (await seller.call('GET', `/api/admin/sell/search?q=${first.StartDate.replaceAll('-', '/')}`)).body,
    );
    expect(typed.Events.map((e) => e.EventID)).toEqual(byDate.Events.map((e) => e.EventID));
  });

  test('bad input is a 400 naming the field; wildcards match themselves', async () => {
    const bad = await seller.call('GET', '/api/admin/sell/search?date=2026-12-01');
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toContain('date');
    const notADay = await seller.call('GET', '/api/admin/sell/search?date=02-31-2027');
    expect(notADay.status).toBe(400);
    expect(notADay.body.Message).toContain('date');
    const wild = SellSearchAnswer.parse((await seller.call('GET', '/api/admin/sell/search?q=%25')).body);
    expect(wild.Events).toEqual([]);
  });
});

describe('GET /api/admin/eventtemplates/groupsalesseries/{code}', () => {
  test('the series with the seats held for group sales; unknown code 404', async () => {
    const series = GroupSalesSeries.parse(
      (await seller.call('GET', '/api/admin/eventtemplates/groupsalesseries/hamlet')).body,
    );
    expect(series.Code).toBe('HAMLET');
    expect(series.Events.some((e) => e.GroupHeldSeats > 0)).toBe(true);
    expect((await seller.call('GET', '/api/admin/eventtemplates/groupsalesseries/NOPE')).status).toBe(404);
  });
});
