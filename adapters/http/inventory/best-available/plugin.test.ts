import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BestAvailable, ReservedBestAvailable } from '../../contract/best-available.ts';
import { createTestApi, csrfHeaders, type TestApi } from '../../../../test/api-server.ts';
import { lastOnSaleEventId } from '../../../../test/basket.ts';

// The best-available calls over a fresh demo database: the Aurora night that is 70 % sold
// (Riverside Arena, 20,000 seats and a standing floor) and Hamlet at the Grand Theatre.

let api: TestApi;
let arenaEventId = 0;
let hamletEventId = 0;

beforeAll(async () => {
  api = await createTestApi();
  const { db } = api;
  arenaEventId = await lastOnSaleEventId(db, 'AURORA');
  const hamlet = await db('events as e')
    .join('event_templates as t', 't.id', 'e.event_template_id')
    .where('t.code', 'HAMLET')
    .where('e.starts_at', '>', db.fn.now())
    .orderBy('e.starts_at', 'desc')
    .first('e.id');
  hamletEventId = hamlet.id;
});
afterAll(() => api?.close());

const search = async (query: string) => {
  const res = await api.server.inject(`/api/eventinventory/bestavailable?${query}`);
  return { status: res.statusCode, body: JSON.parse(res.payload) };
};

const reserve = async (eventId: number, query: string, headers: Record<string, string>) => {
  const res = await api.server.inject({
    url: `/api/eventinventory/Web/reservebestavailable/${eventId}?${query}`,
    headers,
  });
  return { res, body: JSON.parse(res.payload) };
};

const basketCookieOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .find((c) => c.startsWith('foyer_basket='))
    ?.split(';')[0];

describe('GET /api/eventinventory/bestavailable', () => {
  it('finds adjacent open seats together, without holding them', async () => {
    const { status, body } = await search(`eventId=${arenaEventId}&quantity=4`);
    expect(status).toBe(200);
    const answer = BestAvailable.parse(body);
    expect(answer).toMatchObject({ Found: true, Stage: 1, Together: true, Quantity: 4 });
    expect(answer.Seats).toHaveLength(4);
    const rows = await api
      .db('event_seats as es')
      .join('seats as s', 's.id', 'es.seat_id')
      .where('es.event_id', arenaEventId)
      .whereIn(
        's.key',
        answer.Seats.map((s) => s.Key),
      )
      .select('es.status', 'es.basket_id');
    expect(rows).toEqual(Array(4).fill({ status: 'Open', basket_id: null }));
  });

  it('keeps to a price level and to sections', async () => {
    const level = await api.db('price_levels').where({ event_id: arenaEventId, zone: 'C' }).first('id');
    const { body } = await search(
      `eventId=${arenaEventId}&quantity=2&priceLevelIds=${level.id}&sections=205,206`,
    );
    const answer = BestAvailable.parse(body);
    expect(answer.Found).toBe(true);
    for (const seat of answer.Seats) {
      expect(seat.PriceLevelID).toBe(level.id);
      expect(['205', '206']).toContain(seat.Section);
    }
  });

  it('names each seat’s section as the basket does, beside its code', async () => {
    const { body } = await search(`eventId=${hamletEventId}&quantity=2&sections=BOXL`);
    const answer = BestAvailable.parse(body);
    expect(answer.Found).toBe(true);
    for (const seat of answer.Seats)
      expect(seat).toMatchObject({ Section: 'BOXL', SectionName: 'Boxes (left)' });
  });

  it('finds a wheelchair space with its companion seat at the Grand Theatre', async () => {
    const { body } = await search(`eventId=${hamletEventId}&accessibleSeats=1&companionSeats=1`);
    const answer = BestAvailable.parse(body);
    expect(answer.Found).toBe(true);
    expect(answer.Seats.map((s) => s.ADAType).sort()).toEqual(['Companion', 'Wheelchair']);
    expect(answer.Together).toBe(true);
  });

  it('cuts an accessible ask over the limit and says so; refuses companions without a seat', async () => {
    const cut = BestAvailable.parse((await search(`eventId=${hamletEventId}&accessibleSeats=3`)).body);
    expect(cut.AccessibleTrimmed).toBe(true);
    expect(cut.Quantity).toBe(2);
    const refused = await search(`eventId=${hamletEventId}&companionSeats=1`);
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toMatch(/Companion seats/);
  });

  it('names the bad field of a bad query', async () => {
    const bad = await search(`eventId=${arenaEventId}&quantity=two`);
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toMatch(/^quantity/);
  });
});

describe('GET /api/eventinventory/{salesChannel}/reservebestavailable/{id}', () => {
  it('needs the CSRF header although it is a GET', async () => {
    const { res } = await reserve(arenaEventId, 'quantity=2', {});
    expect(res.statusCode).toBe(403);
  });

  it('holds the seats in a new basket, and a second reserve replaces the block', async () => {
    const csrf = await csrfHeaders(api.server);
    const first = await reserve(arenaEventId, 'quantity=3', csrf);
    expect(first.res.statusCode).toBe(200);
    const answer = ReservedBestAvailable.parse(first.body);
    expect(answer.Found).toBe(true);
    expect(answer.Basket?.TicketItems.map((t) => t.Key).sort()).toEqual(
      answer.Seats.map((s) => s.Key).sort(),
    );
    const cookie = basketCookieOf(first.res.headers['set-cookie'])!;
    expect(cookie).toBeDefined();
    const held = await api.db('event_seats').where({ event_id: arenaEventId, basket_id: answer.Basket!.ID });
    expect(held).toHaveLength(3);

    const again = await reserve(arenaEventId, 'quantity=2', { ...csrf, cookie: `${csrf.cookie}; ${cookie}` });
    const second = ReservedBestAvailable.parse(again.body);
    expect(second.Basket?.ID).toBe(answer.Basket?.ID);
    expect(second.Basket?.TicketItems).toHaveLength(2);
    const nowHeld = await api
      .db('event_seats')
      .where({ event_id: arenaEventId, basket_id: answer.Basket!.ID });
    expect(nowHeld).toHaveLength(2);
  });
});

describe('200 clients reserving the same 500 seats at once', () => {
  let eventId = 0;
  let openKeys: string[] = [];

  beforeAll(async () => {
    // A Hamlet night with exactly 500 seats left (everything else sold), no standing places.
    const { db } = api;
    const event = await db('events as e')
      .join('event_templates as t', 't.id', 'e.event_template_id')
      .where('t.code', 'HAMLET')
      .where('e.starts_at', '>', db.fn.now())
      .whereNot('e.id', hamletEventId)
      .orderBy('e.starts_at', 'desc')
      .first('e.id');
    eventId = event.id;
    const sellable = await db('event_seats as es')
      .join('seats as s', 's.id', 'es.seat_id')
      .where('es.event_id', eventId)
      .whereNull('s.ada_type')
      .orderBy('s.quality_rank')
      .select('es.seat_id', 's.key');
    const keep = sellable.filter((_, i) => i % 3 !== 1).slice(0, 500);
    openKeys = keep.map((s) => s.key);
    await db('event_seats')
      .where({ event_id: eventId })
      .update({ status: 'Sold', hold_subclass_id: null, basket_id: null, held_until: null });
    await db('event_seats')
      .where({ event_id: eventId })
      .whereIn(
        'seat_id',
        keep.map((s) => s.seat_id),
      )
      .update({ status: 'Open' });
  });

  it('control: searching without holding hands the same seats to many clients, and the check sees it', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => search(`eventId=${eventId}&quantity=2&salesChannel=Web`)),
    );
    const keys = answers.flatMap((a) => BestAvailable.parse(a.body).Seats.map((s) => s.Key));
    expect(new Set(keys).size).toBeLessThan(keys.length);
  });

  it('holds every seat at most once, and every success holds exactly the quantity asked', async () => {
    const csrf = await csrfHeaders(api.server);
    const quantities = Array.from({ length: 200 }, (_, i) => 1 + (i % 4)); // 500 seats asked in all
    const answers = await Promise.all(
      quantities.map(async (quantity) => {
        const { res, body } = await reserve(eventId, `quantity=${quantity}`, csrf);
        return { quantity, status: res.statusCode, body };
      }),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const won = answers.filter((a) => a.status === 200 && a.body.Found);
    const seen = new Map<string, string>();
    for (const { quantity, body } of won) {
      const answer = ReservedBestAvailable.parse(body);
      expect(answer.Seats).toHaveLength(quantity);
      expect(answer.Basket?.TicketItems).toHaveLength(quantity);
      for (const seat of answer.Seats) {
        expect(openKeys).toContain(seat.Key);
        expect(seen.has(seat.Key), `${seat.Key} went to two baskets`).toBe(false);
        seen.set(seat.Key, answer.Basket!.ID);
      }
    }
    // The database agrees: one live basket item per seat, and it is the basket the answer named.
    const items = await api
      .db('basket_items as bi')
      .join('baskets as b', 'b.id', 'bi.basket_id')
      .join('event_seats as es', (j) => j.on('es.event_id', 'bi.event_id').andOn('es.seat_id', 'bi.seat_id'))
      .where('bi.event_id', eventId)
      .where('b.status', 'Active')
      .select('bi.key', 'bi.basket_id', 'es.basket_id as held_by');
    expect(items).toHaveLength(seen.size);
    for (const item of items) {
      expect(item.held_by).toBe(item.basket_id);
      expect(seen.get(item.key)).toBe(item.basket_id);
    }
    // Most of the house sells: contention is settled by searching again, not by failing.
    expect(seen.size).toBeGreaterThan(450);
  });
});
