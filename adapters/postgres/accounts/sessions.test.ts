import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabase } from '../database.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { hashToken, sessionsOn } from './sessions.ts';

// Sessions in PostgreSQL: lifetimes by kind, the once-a-minute touch, and the person behind the
// session still allowed to sign in.

let drop: () => Promise<void>;
let db: Knex;
let sessions: ReturnType<typeof sessionsOn>;
const context = { address: '127.0.0.1', userAgent: 'test' };
const MINUTE = 60_000;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  db = createDatabase(database.url, { max: 2 });
  sessions = sessionsOn(db);
});
afterAll(async () => {
  await db?.destroy();
  await drop?.();
});

const staffId = async (email: string) => (await db('staff_users').where({ email }).first('id')).id as number;
const customerId = async () =>
  (await db('customers').where({ email: 'customer@foyer.local' }).first('id')).id as number;
const row = (token: string) =>
  db('sessions')
    .where({ id_hash: hashToken(token) })
    .first();
const ago = (ms: number) => new Date(Date.now() - ms);

describe('sessions', () => {
  test('a staff session ends 30 minutes after its last request; a request a minute later pushes the end on', async () => {
    const { token } = await sessions.create('staff', await staffId('boxoffice@foyer.local'), context);
    const created = await row(token);
    expect(created.ends_at.getTime() - created.created_at.getTime()).toBe(30 * MINUTE);
    // A request within the minute does not write.
    await sessions.read(token);
    expect((await row(token)).last_seen_at).toEqual(created.last_seen_at);
    // Two minutes idle, then a request: the end moves to 30 minutes from now.
    await db('sessions')
      .where({ id_hash: hashToken(token) })
      .update({ last_seen_at: ago(2 * MINUTE), created_at: ago(2 * MINUTE) });
    expect(await sessions.read(token)).not.toBeNull();
    const touched = await row(token);
    expect(touched.ends_at.getTime() - Date.now()).toBeGreaterThan(29 * MINUTE);
    // Past its end it signs no one in.
    await db('sessions')
      .where({ id_hash: hashToken(token) })
      .update({ ends_at: ago(1000) });
    expect(await sessions.read(token)).toBeNull();
  });

  test('a busy staff session still ends 12 hours after sign-in', async () => {
    const { token } = await sessions.create('staff', await staffId('admin@foyer.local'), context);
    await db('sessions')
      .where({ id_hash: hashToken(token) })
      .update({ created_at: ago(12 * 60 * MINUTE - 10 * MINUTE), last_seen_at: ago(5 * MINUTE) });
    await sessions.read(token);
    const touched = await row(token);
    expect(touched.ends_at.getTime() - touched.created_at.getTime()).toBe(12 * 60 * MINUTE);
  });

  test('a customer session lasts 30 days', async () => {
    const { token, session } = await sessions.create('customer', await customerId(), context);
    expect(session.identity).toMatchObject({
      kind: 'customer',
      email: 'customer@foyer.local',
      firstName: 'Casey',
    });
    const created = await row(token);
    expect(created.ends_at.getTime() - created.created_at.getTime()).toBe(30 * 24 * 60 * MINUTE);
  });

  test('a disabled staff member or a deleted customer has no live session; a malformed token is no session', async () => {
    const id = await staffId('owner@foyer.local');
    const { token } = await sessions.create('staff', id, context);
    await db('staff_users').where({ id }).update({ is_active: false });
    expect(await sessions.read(token)).toBeNull();
    await db('staff_users').where({ id }).update({ is_active: true });
    expect((await sessions.read(token))?.identity).toMatchObject({ kind: 'staff', role: 'SuperAdmin' });
    const customer = await sessions.create('customer', await customerId(), context);
    await db('customers')
      .where({ id: await customerId() })
      .update({ anonymized_at: db.fn.now() });
    expect(await sessions.read(customer.token)).toBeNull();
    for (const bad of ['', 'x', `${token}x`, "' or 1=1 --", 'A'.repeat(22)])
      expect(await sessions.read(bad)).toBeNull();
  });

  test("ending all of a person's sessions can spare the current one", async () => {
    const id = await staffId('boxoffice@foyer.local');
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => sessions.create('staff', id, context)));
    await sessions.endAllOf('staff', id, a!.session.idHash);
    expect(await sessions.read(a!.token)).not.toBeNull();
    expect(await sessions.read(b!.token)).toBeNull();
    expect(await sessions.read(c!.token)).toBeNull();
  });
});
