import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, csrfHeaders, type TestApi } from '../../../test/api-server.ts';
import { TicketNotificationReceipt } from '../contract/notifications.ts';

// POST /api/ticketnotificationrequests over the seeded demo: the sold-out Aurora Skyline night
// is the performance buyers ask about.

let api: TestApi;
let headers: Record<string, string>;
let soldOutNight: number;

beforeAll(async () => {
  api = await createTestApi();
  headers = await csrfHeaders(api.server);
  const row: { id: number } = await api
    .db('events as e')
    .join('event_templates as t', 't.id', 'e.event_template_id')
    .where('t.code', 'AURORA')
    .orderBy('e.starts_at')
    .first('e.id');
  soldOutNight = row.id;
});

afterAll(async () => {
  await api?.close();
});

const post = async (payload: unknown, extraHeaders: Record<string, string> = headers) => {
  const res = await api.server.inject({
    method: 'POST',
    url: '/api/ticketnotificationrequests',
    payload: payload as object,
    headers: extraHeaders,
  });
  return {
    status: res.statusCode,
    body: res.payload ? JSON.parse(res.payload) : undefined,
    headers: res.headers,
  };
};

const rowsFor = (eventId: number) =>
  api.db('ticket_notification_requests').where({ event_id: eventId }).orderBy('id').select('email');

describe('POST /api/ticketnotificationrequests', () => {
  it('records a request for a sold-out night and answers 201 with the receipt', async () => {
    const res = await post({ EventID: soldOutNight, Email: ' fan.one@example.com ' });
    expect(res.status).toBe(201);
    expect(TicketNotificationReceipt.parse(res.body)).toEqual({
      EventID: soldOutNight,
      Email: 'fan.one@example.com',
      AlreadyRequested: false,
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await rowsFor(soldOutNight)).toEqual([{ email: 'fan.one@example.com' }]);
  });

  it('is idempotent: the same address again, in any case, answers 200 and adds no row', async () => {
    const again = await post({ EventID: soldOutNight, Email: 'FAN.ONE@Example.COM' });
    expect(again.status).toBe(200);
    expect(again.body.AlreadyRequested).toBe(true);
    expect(await rowsFor(soldOutNight)).toHaveLength(1);
  });

  it('makes one row when the same request arrives twice at once', async () => {
    const both = await Promise.all([
      post({ EventID: soldOutNight, Email: 'twins@example.com' }),
      post({ EventID: soldOutNight, Email: 'Twins@example.com' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(
      (await rowsFor(soldOutNight)).filter((r) => r.email.toLowerCase() === 'twins@example.com'),
    ).toHaveLength(1);
  });

  it('answers 400 naming the field when EventID or Email is missing or wrong, and records nothing', async () => {
    const before = await api.db('ticket_notification_requests').count({ n: '*' }).first();
    const cases: [unknown, string][] = [
      [{ Email: 'fan@example.com' }, 'EventID'],
      [{ EventID: 'seven', Email: 'fan@example.com' }, 'EventID'],
      [{ EventID: -3, Email: 'fan@example.com' }, 'EventID'],
      [{ EventID: 1.5, Email: 'fan@example.com' }, 'EventID'],
      [{ EventID: soldOutNight }, 'Email'],
      [{ EventID: soldOutNight, Email: '' }, 'Email'],
      [{ EventID: soldOutNight, Email: 'someone@gmial' }, 'Email'],
      [{ EventID: soldOutNight, Email: 'not an address' }, 'Email'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.Message, JSON.stringify(payload)).toMatch(new RegExp(`^${field}: `));
    }
    const after = await api.db('ticket_notification_requests').count({ n: '*' }).first();
    expect(after).toEqual(before);
  });

  it('answers 404 for a performance that does not exist', async () => {
    const res = await post({ EventID: 999_999, Email: 'fan@example.com' });
    expect(res.status).toBe(404);
    expect(res.body.Message).toBe('Event 999999 was not found.');
  });

  it('refuses a request without the CSRF header (403) and records nothing', async () => {
    const res = await post(
      { EventID: soldOutNight, Email: 'forged@example.com' },
      { cookie: headers.cookie! },
    );
    expect(res.status).toBe(403);
    expect((await rowsFor(soldOutNight)).map((r) => r.email)).not.toContain('forged@example.com');
  });

  it('is in the OpenAPI document', async () => {
    const res = await api.server.inject('/api/openapi.json');
    const doc = JSON.parse(res.payload);
    expect(doc.paths['/api/ticketnotificationrequests']).toHaveProperty('post');
  });
});
