import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WaitingRoomRefusal, WaitingRoomStatus } from '../../contract/waiting-room.ts';
import { createTestApi, csrfHeaders, type TestApi } from '../../../../test/api-server.ts';

// The waiting room over HTTP, on an Aurora night (a heavy on-sale, on sale now). The queue is the
// in-process one; the settings are the database's (read through a cache of two seconds).

let api: TestApi;
let eventId = 0;

beforeAll(async () => {
  api = await createTestApi();
  const event = await api
    .db('events as e')
    .join('event_templates as t', 't.id', 'e.event_template_id')
    .where('t.code', 'AURORA')
    .where('e.on_sale_at', '<', api.db.fn.now())
    .orderBy('e.starts_at', 'desc')
    .first('e.id');
  eventId = event.id;
});
afterAll(() => api?.close());

const cookieOf = (setCookie: string | string[] | undefined, name: string) =>
  [setCookie ?? []]
    .flat()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the waiting room in front of a heavy on-sale', () => {
  it('lets everyone through while the room is off', async () => {
    expect((await api.server.inject(`/api/eventinventory/${eventId}`)).statusCode).toBe(200);
  });

  it('holds inventory, best-available and basket calls until the visitor is admitted', async () => {
    await api.db('event_waiting_rooms').insert({ event_id: eventId, enabled: true, rate_per_minute: 1 });
    await sleep(2_100);
    const csrf = await csrfHeaders(api.server);
    const guarded = [
      await api.server.inject(`/api/eventinventory/${eventId}`),
      await api.server.inject(`/api/eventinventory/bestavailable?eventId=${eventId}&quantity=2`),
      await api.server.inject({
        url: `/api/eventinventory/Web/reservebestavailable/${eventId}?quantity=2`,
        headers: csrf,
      }),
      await api.server.inject({
        method: 'POST',
        url: '/api/baskets/additems',
        headers: csrf,
        payload: { eventId, basketItems: [{ Key: '101-A-1' }], salesChannel: 'Web' },
      }),
    ];
    for (const res of guarded) {
      expect(res.statusCode).toBe(403);
      expect(WaitingRoomRefusal.parse(JSON.parse(res.payload))).toMatchObject({
        EventID: eventId,
        Reason: 'NoTicket',
      });
    }
    // Prices stay public.
    expect((await api.server.inject(`/api/eventinventory/pricing/${eventId}/consumer`)).statusCode).toBe(200);

    const before = WaitingRoomStatus.parse(
      JSON.parse((await api.server.inject(`/api/waitingroom/${eventId}/status`)).payload),
    );
    expect(before).toMatchObject({ Active: true, State: 'NotJoined' });

    const joined = await api.server.inject({
      method: 'POST',
      url: `/api/waitingroom/${eventId}/join`,
      headers: csrf,
    });
    expect(joined.statusCode).toBe(200);
    const ticket = cookieOf(joined.headers['set-cookie'], `foyer_wr_${eventId}`)!;
    expect([joined.headers['set-cookie']].flat().join()).toMatch(/HttpOnly/);
    const status = WaitingRoomStatus.parse(JSON.parse(joined.payload));
    expect(status).toMatchObject({ State: 'Waiting', Position: 1, Ahead: 0, RatePerMinute: 1 });

    const waiting = await api.server.inject({
      url: `/api/eventinventory/${eventId}`,
      headers: { cookie: ticket },
    });
    expect(waiting.statusCode).toBe(403);
    expect(JSON.parse(waiting.payload)).toMatchObject({ Reason: 'Waiting' });
    expect(JSON.parse(waiting.payload).Message).toMatch(/waiting room/);

    // Joining again keeps the place; a forged ticket is no ticket.
    const again = await api.server.inject({
      method: 'POST',
      url: `/api/waitingroom/${eventId}/join`,
      headers: { ...csrf, cookie: `${csrf.cookie}; ${ticket}` },
    });
    expect(cookieOf(again.headers['set-cookie'], `foyer_wr_${eventId}`)).toBeUndefined();
    const forged = ticket.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const refused = await api.server.inject({
      url: `/api/eventinventory/${eventId}`,
      headers: { cookie: forged },
    });
    expect(JSON.parse(refused.payload)).toMatchObject({ Reason: 'NoTicket' });

    // Staff raise the rate: the visitor is admitted and the calls go through.
    await api
      .db('event_waiting_rooms')
      .where({ event_id: eventId })
      .update({ rate_per_minute: 1_000_000, version: 2, changed_at: new Date() });
    await sleep(2_100);
    const admitted = WaitingRoomStatus.parse(
      JSON.parse(
        (await api.server.inject({ url: `/api/waitingroom/${eventId}/status`, headers: { cookie: ticket } }))
          .payload,
      ),
    );
    expect(admitted.State).toBe('Admitted');
    expect(
      (await api.server.inject({ url: `/api/eventinventory/${eventId}`, headers: { cookie: ticket } }))
        .statusCode,
    ).toBe(200);
    const reserve = await api.server.inject({
      url: `/api/eventinventory/Web/reservebestavailable/${eventId}?quantity=2`,
      headers: { ...csrf, cookie: `${csrf.cookie}; ${ticket}` },
    });
    expect(reserve.statusCode).toBe(200);
  });
});
