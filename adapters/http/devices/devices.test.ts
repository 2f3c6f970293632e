import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../../postgres/database.ts';
import { makeAppRuntime, type AppRuntime } from '../../wiring.ts';
import { createHttpServer } from '../server.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { saleEventId } from '../../../test/basket.ts';
import { browser, type Browser } from '../checkout/test-browser.ts';
import { DEMO_PASSWORD, staffOfRole } from '../checkout/test-people.ts';
import { DevicesList, DeviceView, PairAnswer, PairingCodeAnswer } from '../contract/devices.ts';

// Pairing point-of-sale devices on the real server and PostgreSQL: a code pairs one device,
// once, within ten minutes; the device's session may print but not sell; revoking it ends it at
// once; only a role that manages staff sees the devices.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
let runtime: AppRuntime;
let server: Server;
let seller: Browser;
let admin: Browser;
let eventId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, { max: 10 });
  const config = loadConfig({ DATABASE_URL: database.url, PORT: '0', LOG_LEVEL: 'silent' });
  runtime = makeAppRuntime({ db, config });
  server = await createHttpServer({ config, runtime, version: 'test' });
  await server.initialize();
  seller = await staffOfRole(server, db, 'Seller');
  admin = await staffOfRole(server, db, 'SuperAdmin');
  eventId = await saleEventId(db, 'HAMLET', 1);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await runtime?.dispose();
  await db?.destroy();
  await database?.drop();
});

const newCode = async (name = 'Counter 1') => {
  const res = await seller.call('POST', '/api/admin/devices/pairingcode', { Name: name });
  expect(res.status, res.raw).toBe(200);
  return PairingCodeAnswer.parse(res.body);
};

/** The bridge's pair call: no session, no CSRF cookie or header. */
const pair = async (code: string, remoteAddress = '127.0.0.1') => {
  const res = await server.inject({
    method: 'POST',
    url: '/api/devices/pair',
    payload: { Code: code },
    remoteAddress,
  });
  return { status: res.statusCode, body: JSON.parse(res.payload) as Record<string, unknown> };
};

/** A browser carrying the device's session cookie, as the bridge sends it. */
const deviceBrowser = async (answer: PairAnswer) => {
  const b = await browser(server);
  b.cookies.set(answer.SessionCookie, answer.Token);
  return b;
};

const REFUSED = 'Code: this pairing code is not valid or has expired; ask for a new one.';

describe('pairing a device', { timeout: 60_000 }, () => {
  test('a code is XXXX-XXXX, valid ten minutes, stored only as its hash', async () => {
    const before = Date.now();
    const issued = await newCode();
    expect(issued.Code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const expires = Date.parse(issued.ExpiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(10 * 60_000 - 1_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const stored = await db('device_pairing_codes').orderBy('id', 'desc').first();
    expect(stored.name).toBe('Counter 1');
    expect(JSON.stringify(stored)).not.toContain(issued.Code);
    expect(JSON.stringify(stored)).not.toContain(issued.Code.replace('-', ''));
  });

  test('a code pairs once, as typed by hand; the device prints but does not sell', async () => {
    const issued = await newCode('Counter 2');
    const typed = ` ${issued.Code.replace('-', '').toLowerCase().slice(0, 4)} ${issued.Code.slice(5).toLowerCase()} `;
    const first = await pair(typed);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const paired = PairAnswer.parse(first.body);
    expect(paired).toMatchObject({ Name: 'Counter 2', SessionCookie: 'foyer_session' });

    const again = await pair(issued.Code);
    expect(again).toEqual({ status: 400, body: { Message: REFUSED } });

    const user = await db('staff_users').where({ id: paired.DeviceId }).first();
    expect(user).toMatchObject({
      role: 'PointOfSale',
      name: 'Counter 2',
      email: `device-${paired.DeviceId}@devices.invalid`,
    });
    const session = await db('sessions').where({ staff_user_id: paired.DeviceId }).first();
    expect(session.kind).toBe('device');
    // A device session lasts 30 idle days.
    expect(session.ends_at.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3_600_000);

    const device = await deviceBrowser(paired);
    const printers = await device.call('GET', '/api/admin/printers');
    expect(printers.status, printers.raw).toBe(200);
    const code = await device.call('POST', '/api/admin/devices/pairingcode', { Name: 'From a device' });
    expect(code.status, code.raw).toBe(200);
    const sell = await device.call('GET', `/api/admin/eventinventory/${eventId}/boxoffice`);
    expect(sell.status, sell.raw).toBe(403);
    expect(sell.body.Message).toBe('A point-of-sale terminal may not do this.');

    // No password signs the device in.
    const login = await (
      await browser(server)
    ).call('POST', '/api/account/login', { Email: user.email, Password: DEMO_PASSWORD });
    expect(login.status).not.toBe(200);

    const audit = await db('audit_log').where({ action: 'device.pair', staff_user_id: paired.DeviceId });
    expect(audit).toHaveLength(1);
  });

  test('a wrong, malformed or expired code is refused and pairs nothing', async () => {
    const devicesBefore = await db('devices').count({ n: '*' });
    expect(await pair('CDEF-GHJK')).toEqual({ status: 400, body: { Message: REFUSED } });
    expect(await pair('not a code')).toEqual({ status: 400, body: { Message: REFUSED } });

    const issued = await newCode('Counter 3');
    await db('device_pairing_codes')
      .orderBy('id', 'desc')
      .limit(1)
      .update({ expires_at: db.raw(`now() - interval '1 second'`) });
    const stored = await db('device_pairing_codes').orderBy('id', 'desc').first();
    expect(stored.name).toBe('Counter 3');
    expect(await pair(issued.Code)).toEqual({ status: 400, body: { Message: REFUSED } });
    expect(await db('devices').count({ n: '*' })).toEqual(devicesBefore);

    const missing = await server.inject({ method: 'POST', url: '/api/devices/pair', payload: {} });
    expect(missing.statusCode).toBe(400);
  });

  test('a seller may ask for a code but neither list nor revoke devices', async () => {
    expect((await seller.call('GET', '/api/admin/devices')).status).toBe(403);
    expect((await seller.call('DELETE', '/api/admin/devices/1')).status).toBe(403);
    const anonymous = await browser(server);
    expect((await anonymous.call('POST', '/api/admin/devices/pairingcode', { Name: 'X' })).status).toBe(401);
    const blank = await seller.call('POST', '/api/admin/devices/pairingcode', { Name: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.Message).toContain('Name');
  });

  test('revoking a device ends its session at once; the list shows it inactive', async () => {
    const paired = PairAnswer.parse((await pair((await newCode('Counter 4')).Code)).body);
    const device = await deviceBrowser(paired);
    expect((await device.call('GET', '/api/admin/printers')).status).toBe(200);

    const listed = DevicesList.parse((await admin.call('GET', '/api/admin/devices')).body);
    expect(listed.Devices.find((d) => d.Id === paired.DeviceId)).toMatchObject({
      Name: 'Counter 4',
      Active: true,
    });
    expect(listed.Devices.find((d) => d.Id === paired.DeviceId)?.LastSeenAt).not.toBeNull();

    const revoked = await admin.call('DELETE', `/api/admin/devices/${paired.DeviceId}`);
    expect(revoked.status, revoked.raw).toBe(200);
    expect(DeviceView.parse(revoked.body)).toMatchObject({ Id: paired.DeviceId, Active: false });
    expect((await device.call('GET', '/api/admin/printers')).status).toBe(401);
    expect(await db('sessions').where({ staff_user_id: paired.DeviceId })).toEqual([]);
    const audit = await db('audit_log').where({ action: 'device.revoke' }).select('details', 'staff_user_id');
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toMatchObject({
      deviceId: paired.DeviceId,
      name: 'Counter 4',
      sessionsEnded: 1,
    });

    const after = DevicesList.parse((await admin.call('GET', '/api/admin/devices')).body);
    expect(after.Devices.find((d) => d.Id === paired.DeviceId)?.Active).toBe(false);
    expect((await admin.call('DELETE', '/api/admin/devices/999999')).status).toBe(404);
  });

  test('twenty wrong codes from one address in an hour stop pairing from there, not elsewhere', async () => {
    const guesser = '192.0.2.7';
    for (let n = 0; n < 20; n++) expect((await pair('CDEF-GHJK', guesser)).status).toBe(400);
    const issued = await newCode('Counter 5');
    const throttled = await pair(issued.Code, guesser);
    expect(throttled.status).toBe(429);
    expect(throttled.body.Message).toContain('Too many wrong pairing codes');
    // The code was not used up by the refused try.
    const elsewhere = await pair(issued.Code, '192.0.2.8');
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
  });
});

describe('a bridge over a real socket', { timeout: 60_000 }, () => {
  test('pairs with fetch, then calls with its session cookie and its own CSRF token', async () => {
    await server.start();
    const base = server.info.uri;
    const issued = await newCode('Counter 6');
    const paired = await fetch(`${base}/api/devices/pair`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Code: issued.Code }),
    });
    expect(paired.status).toBe(200);
    const answer = PairAnswer.parse(await paired.json());
    const csrf = 'b'.repeat(43);
    const headers = {
      cookie: `${answer.SessionCookie}=${answer.Token}; foyer_csrf=${csrf}`,
      'x-csrf-token': csrf,
      'content-type': 'application/json',
    };
    const printers = await fetch(`${base}/api/admin/printers`, { headers });
    expect(printers.status).toBe(200);
    const code = await fetch(`${base}/api/admin/devices/pairingcode`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ Name: 'Next counter' }),
    });
    expect(code.status).toBe(200);
    const forged = await fetch(`${base}/api/admin/devices/pairingcode`, {
      method: 'POST',
      headers: { ...headers, 'x-csrf-token': 'c'.repeat(43) },
      body: JSON.stringify({ Name: 'Next counter' }),
    });
    expect(forged.status).toBe(403);
  });
});
