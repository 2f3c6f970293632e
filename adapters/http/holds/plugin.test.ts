import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import type { Browser } from '../checkout/test-browser.ts';
import { signedIn, staffOfRole } from '../checkout/test-people.ts';
import { EventHoldsAnswer, HoldSubclassView } from '../contract/holds.ts';

// The Holds calls over HTTP against real PostgreSQL: who may call them, what bad input hears,
// and a supervisor holding, releasing and archiving as the Holds page does.

let api: TestApi;
let db: Knex;
let supervisor: Browser;
let seller: Browser;
let eventId: number;

beforeAll(async () => {
  api = await createTestApi();
  db = api.db;
  supervisor = await staffOfRole(api.server, db, 'BoxOfficeSupervisor');
  seller = await staffOfRole(api.server, db, 'Seller');
  eventId = await saleEventId(db, 'HAMLET', 2);
}, 120_000);
afterAll(async () => {
  await api?.close();
});

const newSubclass = async (name: string) => {
  const made = await supervisor.call('POST', '/api/admin/holdclasses', { Name: `${name} class` });
  expect(made.status, made.raw).toBe(201);
  const res = await supervisor.call('POST', '/api/admin/holdsubclasses', {
    Name: name,
    HoldClassID: made.body.ID,
  });
  expect(res.status, res.raw).toBe(201);
  return HoldSubclassView.parse(res.body);
};

describe('the Holds calls', () => {
  test('a Seller hears 403 and a signed-out caller 401; nothing changes', async () => {
    const keys = (await plainOpenSeats(db, eventId, 2, 0)).map((s) => s.key);
    expect((await seller.call('GET', '/api/admin/holdsubclasses')).status).toBe(403);
    expect(
      (await seller.call('POST', '/api/admin/holdsubclasses', { Name: 'X', HoldClassID: 1 })).status,
    ).toBe(403);
    const res = await seller.call('POST', `/api/admin/event/${eventId}/holds`, {
      Action: 'release',
      Seats: keys,
    });
    expect(res.status).toBe(403);
    const anonymous = await signedIn(api.server, null);
    expect((await anonymous.call('GET', '/api/admin/holdsubclasses')).status).toBe(401);
  });

  test('bad input is a 400 naming the field, and changes nothing', async () => {
    const subclass = await newSubclass('Bad input');
    const key = (await plainOpenSeats(db, eventId, 1, 10))[0]!.key;
    const cases: [unknown, string][] = [
      [{ Action: 'hold', Seats: [key] }, 'HoldSubclassID'],
      [{ Action: 'hide', HoldSubclassID: subclass.ID, Seats: [key] }, 'Action'],
      [{ Action: 'hold', HoldSubclassID: subclass.ID, Seats: [] }, 'Seats'],
    ];
    for (const [body, field] of cases) {
      const res = await supervisor.call('POST', `/api/admin/event/${eventId}/holds`, body);
      expect(res.status, res.raw).toBe(400);
      expect(res.body.Message).toContain(field);
    }
    const blank = await supervisor.call('POST', '/api/admin/holdsubclasses', {
      Name: '  ',
      HoldClassID: subclass.HoldClassID,
    });
    expect(blank.status).toBe(400);
    expect(blank.body.Message).toMatch(/^Name/);
    const stale = await supervisor.call('PUT', `/api/admin/holdsubclasses/${subclass.ID}`, {
      Version: subclass.Version + 1,
      Name: 'Renamed',
    });
    expect(stale.status).toBe(409);
    const row = await db('event_seats as es')
      .join('seats as s', 's.id', 'es.seat_id')
      .where({ 'es.event_id': eventId, 's.key': key })
      .first('es.status');
    expect(row.status).toBe('Open');
    expect((await db('hold_subclasses').where({ id: subclass.ID }).first('name')).name).toBe('Bad input');
  });

  test('a supervisor holds seats, hears what was skipped, and archives the subclass to open', async () => {
    const subclass = await newSubclass('Press');
    const keys = (await plainOpenSeats(db, eventId, 4, 20)).map((s) => s.key);
    const customer = await signedIn(api.server, null);
    expect((await customer.holdSeats(eventId, [keys[0]!])).status).toBe(200);

    const res = await supervisor.call('POST', `/api/admin/event/${eventId}/holds`, {
      Action: 'hold',
      HoldSubclassID: subclass.ID,
      Seats: keys,
    });
    expect(res.status, res.raw).toBe(200);
    const answer = EventHoldsAnswer.parse(res.body);
    expect(answer).toMatchObject({
      Applied: 3,
      Skipped: [{ Reason: 'inBasket', Count: 1, Seats: [keys[0]] }],
    });

    const list = HoldSubclassView.array().parse(
      (await supervisor.call('GET', '/api/admin/holdsubclasses')).body,
    );
    const listed = list.find((s) => s.ID === subclass.ID)!;
    expect(listed).toMatchObject({
      Name: 'Press',
      HeldSeats: 3,
      IsArchived: false,
      HoldClass: { ID: subclass.HoldClassID },
    });

    const archived = await supervisor.call('PUT', `/api/admin/holdsubclasses/${subclass.ID}`, {
      Version: listed.Version,
      IsArchived: true,
      AssignSeatsToSubclassID: null,
    });
    expect(archived.status, archived.raw).toBe(200);
    expect(archived.body).toMatchObject({ IsArchived: true, HeldSeats: 0 });
    const after = await supervisor.call('GET', '/api/admin/holdsubclasses');
    expect(after.body.find((s: { ID: number }) => s.ID === subclass.ID)).toMatchObject({ IsArchived: true });
    // An archived subclass takes no new seats.
    const refused = await supervisor.call('POST', `/api/admin/event/${eventId}/holds`, {
      Action: 'hold',
      HoldSubclassID: subclass.ID,
      Seats: keys,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toMatch(/^HoldSubclassID/);
  });
});
