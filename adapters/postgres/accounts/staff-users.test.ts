import { Effect } from 'effect';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { StaffUsers } from '../../../core/accounts/ports.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { createDatabase } from '../database.ts';
import {
  StaffUsersPostgres,
  addStaffUserAudited,
  setStaffUserActiveAudited,
  setStaffUserPasswordAudited,
} from './staff-users.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, { max: 4 });
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const staff = <A>(use: (s: StaffUsers['Service']) => Effect.Effect<A>) =>
  Effect.runPromise(StaffUsers.use(use).pipe(Effect.provide(StaffUsersPostgres(db))));

const addSession = (staffUserId: number) =>
  db('sessions').insert({
    id_hash: `hash-${staffUserId}-${Math.random()}`,
    kind: 'staff',
    staff_user_id: staffUserId,
    ends_at: db.raw(`now() + interval '1 hour'`),
  });

describe('StaffUsers (PostgreSQL)', () => {
  test('credentials match the e-mail in any case, for active staff only', async () => {
    const found = await staff((s) => s.credentials('  BoxOffice@Foyer.LOCAL '));
    expect(found).toMatchObject({ kind: 'staff', email: 'boxoffice@foyer.local' });
    expect(found?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await staff((s) => s.credentialsById(found!.id))).toEqual(found);
    expect(await staff((s) => s.credentials('nobody@foyer.local'))).toBeNull();

    await staff((s) => s.setActive(found!.id, false));
    expect(await staff((s) => s.credentials('boxoffice@foyer.local'))).toBeNull();
    expect(await staff((s) => s.credentialsById(found!.id))).toBeNull();
    expect(await staff((s) => s.byEmail('boxoffice@foyer.local'))).toMatchObject({ active: false });
    await staff((s) => s.setActive(found!.id, true));
    expect(await staff((s) => s.credentialsById(found!.id))).toEqual(found);
  });

  test('add answers the new user, and null when the e-mail is taken in any case', async () => {
    const added = await staff((s) =>
      s.add({ email: 'zoe@foyer.local', name: 'Zoe Seller', role: 'Seller', passwordHash: 'h1' }),
    );
    expect(added).toMatchObject({
      email: 'zoe@foyer.local',
      name: 'Zoe Seller',
      role: 'Seller',
      active: true,
      backendUser: false,
    });
    expect(added?.createdAt).toBeInstanceOf(Date);
    const again = await staff((s) =>
      s.add({ email: 'ZOE@foyer.local', name: 'Other', role: 'Admin', passwordHash: 'h2' }),
    );
    expect(again).toBeNull();
    expect(await staff((s) => s.byEmail('Zoe@Foyer.Local'))).toEqual(added);
    expect((await staff((s) => s.credentials('zoe@foyer.local')))?.passwordHash).toBe('h1');
    await staff((s) => s.setRole(added!.id, 'BoxOfficeSupervisor'));
    expect(await staff((s) => s.byEmail('zoe@foyer.local'))).toMatchObject({ role: 'BoxOfficeSupervisor' });
    await staff((s) => s.setPassword(added!.id, 'h3'));
    expect((await staff((s) => s.credentialsById(added!.id)))?.passwordHash).toBe('h3');
  });

  test('list orders everyone by name, whatever the case', async () => {
    await staff((s) =>
      s.add({ email: 'aaron@foyer.local', name: 'aaron', role: 'Seller', passwordHash: 'h' }),
    );
    const names = (await staff((s) => s.list())).map((u) => u.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names[0]).toBe('aaron');
    expect(names).toEqual(expect.arrayContaining(['Alex Admin', 'Bo Boxoffice', 'Zoe Seller']));
  });

  test('the command-line changes end sessions and write audit rows in one go', async () => {
    const user = await addStaffUserAudited(
      db,
      { email: 'Mia@foyer.local', name: 'Mia', role: 'BoxOfficeSupervisor', passwordHash: 'h' },
      'cli:tester',
    );
    expect(user).not.toBeNull();
    expect(
      await addStaffUserAudited(
        db,
        { email: 'mia@FOYER.local', name: 'M', role: 'Seller', passwordHash: 'h' },
        'x',
      ),
    ).toBeNull();
    await addSession(user!.id);
    await addSession(user!.id);

    const disabled = await setStaffUserActiveAudited(db, 'mia@foyer.local', false, 'cli:tester');
    expect(disabled).toMatchObject({ outcome: 'changed', sessionsEnded: 2, user: { active: false } });
    expect(await db('sessions').where({ staff_user_id: user!.id })).toHaveLength(0);
    expect(await setStaffUserActiveAudited(db, 'mia@foyer.local', false, 'cli:tester')).toMatchObject({
      outcome: 'unchanged',
    });
    expect(await setStaffUserActiveAudited(db, 'MIA@foyer.local', true, 'cli:tester')).toMatchObject({
      outcome: 'changed',
      user: { active: true },
    });

    await addSession(user!.id);
    const reset = await setStaffUserPasswordAudited(db, 'mia@foyer.local', 'h2', 'cli:tester');
    expect(reset).toMatchObject({ outcome: 'changed', sessionsEnded: 1 });
    expect((await db('staff_users').where({ id: user!.id }).first()).password_hash).toBe('h2');
    expect(await setStaffUserPasswordAudited(db, 'nobody@foyer.local', 'h', 'x')).toEqual({
      outcome: 'notFound',
    });
    expect(await setStaffUserActiveAudited(db, 'nobody@foyer.local', false, 'x')).toEqual({
      outcome: 'notFound',
    });

    const audit = await db('audit_log')
      .whereRaw(`details->>'email' = ?`, ['Mia@foyer.local'])
      .orderBy('id')
      .select('staff_user_id', 'actor', 'action', 'details');
    expect(audit).toEqual([
      {
        staff_user_id: null,
        actor: 'cli:tester',
        action: 'staff.add',
        details: { email: 'Mia@foyer.local', role: 'BoxOfficeSupervisor' },
      },
      {
        staff_user_id: null,
        actor: 'cli:tester',
        action: 'staff.disable',
        details: { email: 'Mia@foyer.local', role: 'BoxOfficeSupervisor', sessionsEnded: 2 },
      },
      {
        staff_user_id: null,
        actor: 'cli:tester',
        action: 'staff.enable',
        details: { email: 'Mia@foyer.local', role: 'BoxOfficeSupervisor' },
      },
      {
        staff_user_id: null,
        actor: 'cli:tester',
        action: 'staff.set-password',
        details: { email: 'Mia@foyer.local', role: 'BoxOfficeSupervisor', sessionsEnded: 1 },
      },
    ]);
  });
});
