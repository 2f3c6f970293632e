import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../adapters/crypto/password.ts';
import { cliWorld, runFoyer, startFoyer, worldEnv } from './test-cli.ts';

// `foyer staff ...` as an operator's script runs it: no terminal, the password piped on stdin.
const world = cliWorld('foyer-staff-cli-');

/** Runs the command with `input` on its stdin (closed at once when undefined). */
const foyer = (args: string[], input?: string) => runFoyer(world, args, {}, input);

const staffRow = (email: string) =>
  world.db('staff_users').whereRaw('lower(email) = lower(?)', [email]).first();
const auditOf = (email: string) =>
  world
    .db('audit_log')
    .whereRaw(`details->>'email' = ?`, [email])
    .orderBy('id')
    .select('actor', 'action', 'details');
const addSession = (staffUserId: number, id: string) =>
  world.db('sessions').insert({
    id_hash: id,
    kind: 'staff',
    staff_user_id: staffUserId,
    ends_at: world.db.raw(`now() + interval '1 hour'`),
  });

// Each command is a process of its own that opens the database: slow on a loaded CI machine.
describe('foyer staff', { timeout: 120_000 }, () => {
  it('adds a staff member with the password piped on stdin, hashed with argon2id and audited', async () => {
    const added = await foyer(
      ['staff', 'add', '--email', 'Dana.Lee@foyer.local', '--role', 'seller', '--name', 'Dana Lee'],
      'correct horse battery\n',
    );
    expect(added).toMatchObject({ code: 0, stderr: '' });
    expect(added.stdout).toBe('Added Dana Lee <Dana.Lee@foyer.local> (Seller).\n');
    const row = await staffRow('dana.lee@foyer.local');
    expect(row).toMatchObject({
      email: 'Dana.Lee@foyer.local',
      name: 'Dana Lee',
      role: 'Seller',
      is_active: true,
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('correct horse battery', row.password_hash)).toBe(true);
    const audit = await auditOf('Dana.Lee@foyer.local');
    expect(audit).toEqual([
      {
        actor: expect.stringMatching(/^cli:.+/),
        action: 'staff.add',
        details: { email: 'Dana.Lee@foyer.local', role: 'Seller' },
      },
    ]);

    // The name defaults to the e-mail before the @.
    const plain = await foyer(
      ['staff', 'add', '-e', 'sam@foyer.local', '-r', 'EventAdmin'],
      'twelve chars\n',
    );
    expect(plain.code).toBe(0);
    expect(await staffRow('sam@foyer.local')).toMatchObject({ name: 'sam', role: 'EventAdmin' });
  });

  it('refuses a weak password, an unknown role, a taken e-mail and no password, changing nothing', async () => {
    const before = await world.db('staff_users').count({ n: '*' }).first();
    const auditBefore = await world.db('audit_log').count({ n: '*' }).first();

    const weak = await foyer(
      ['staff', 'add', '--email', 'weak@foyer.local', '--role', 'Seller'],
      'short-pw\n',
    );
    expect(weak.code).toBe(2);
    expect(weak.stderr.trim()).toBe('Choose a password of at least 12 characters. Nothing changed.');

    const long = await foyer(
      ['staff', 'add', '--email', 'long@foyer.local', '--role', 'Seller'],
      `${'x'.repeat(129)}\n`,
    );
    expect(long.code).toBe(2);
    expect(long.stderr).toMatch(/at most 128 characters/);

    const role = await foyer(
      ['staff', 'add', '--email', 'role@foyer.local', '--role', 'Usher'],
      'a good long password\n',
    );
    expect(role.code).toBe(2);
    expect(role.stderr.trim()).toBe(
      '--role: unknown role "Usher". Valid roles: SuperAdmin, Admin, EventAdmin, BoxOfficeManager, BoxOfficeSupervisor, Seller, PointOfSale.',
    );

    const taken = await foyer(
      ['staff', 'add', '--email', 'ADMIN@foyer.local', '--role', 'Seller'],
      'a good long password\n',
    );
    expect(taken.code).toBe(1);
    expect(taken.stderr.trim()).toBe('ADMIN@foyer.local already belongs to a staff user. Nothing changed.');

    const none = await foyer(['staff', 'add', '--email', 'none@foyer.local', '--role', 'Seller'], '');
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^No password: /);

    const email = await foyer(
      ['staff', 'add', '--email', 'not-an-email', '--role', 'Seller'],
      'a good long password\n',
    );
    expect(email.code).toBe(2);
    expect(email.stderr.trim()).toBe('--email: must be an e-mail address');

    expect((await foyer(['staff', 'add', '--email', 'x@foyer.local'])).code).toBe(2); // --role missing

    expect(await world.db('staff_users').count({ n: '*' }).first()).toEqual(before);
    expect(await world.db('audit_log').count({ n: '*' }).first()).toEqual(auditBefore);
  });

  it('lists everyone by name as a table, or as JSON', async () => {
    const table = await foyer(['staff', 'list']);
    expect(table.code).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^E-mail\s+Name\s+Role\s+Active\s+Created \(UTC\)$/);
    expect(table.stdout).toMatch(
      /^admin@foyer\.local\s+Alex Admin\s+Admin\s+yes\s+\d{4}-\d\d-\d\d \d\d:\d\d$/m,
    );
    expect(table.stdout).toMatch(/^boxoffice@foyer\.local\s+Bo Boxoffice\s+Box-office manager\s+yes\s/m);

    const json = await foyer(['staff', 'list', '--json']);
    const rows = JSON.parse(json.stdout) as {
      Name: string;
      Email: string;
      RoleName: string;
      Active: boolean;
    }[];
    const names = rows.map((r) => r.Name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(rows.find((r) => r.Email === 'admin@foyer.local')).toMatchObject({
      RoleName: 'Admin',
      Active: true,
    });
  });

  it('disables only when confirmed, ending the sessions, and enables again', async () => {
    const user = await staffRow('boxoffice@foyer.local');
    await addSession(user.id, 'disable-test-1');
    await addSession(user.id, 'disable-test-2');

    const unconfirmed = await foyer(['staff', 'disable', 'boxoffice@foyer.local']);
    expect(unconfirmed.code).toBe(3);
    expect(unconfirmed.stderr).toMatch(/Nothing changed\. \(Pass --yes/);
    expect(await staffRow('boxoffice@foyer.local')).toMatchObject({ is_active: true });
    expect(await world.db('sessions').where({ staff_user_id: user.id })).toHaveLength(2);

    const disabled = await foyer(['staff', 'disable', 'BoxOffice@foyer.local', '--yes']);
    expect(disabled.code).toBe(0);
    expect(disabled.stdout).toBe(
      'Disabled Bo Boxoffice <boxoffice@foyer.local> (Box-office manager); ended 2 sessions.\n',
    );
    expect(await staffRow('boxoffice@foyer.local')).toMatchObject({ is_active: false });
    expect(await world.db('sessions').where({ staff_user_id: user.id })).toHaveLength(0);

    const again = await foyer(['staff', 'disable', 'boxoffice@foyer.local', '--yes']);
    expect(again).toMatchObject({ code: 0, stdout: expect.stringMatching(/is already disabled\.$/m) });

    const enabled = await foyer(['staff', 'enable', 'boxoffice@foyer.local']);
    expect(enabled.code).toBe(0);
    expect(await staffRow('boxoffice@foyer.local')).toMatchObject({ is_active: true });

    expect((await auditOf('boxoffice@foyer.local')).map((a) => [a.action, a.details])).toEqual([
      ['staff.disable', { email: 'boxoffice@foyer.local', role: 'BoxOfficeManager', sessionsEnded: 2 }],
      ['staff.enable', { email: 'boxoffice@foyer.local', role: 'BoxOfficeManager' }],
    ]);

    const unknown = await foyer(['staff', 'disable', 'nobody@foyer.local', '--yes']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('No staff user has the e-mail nobody@foyer.local. Nothing changed.');
  });

  it('sets a new password, refusing a weak one, and ends the sessions', async () => {
    const user = await staffRow('admin@foyer.local');
    await addSession(user.id, 'password-test-1');

    const weak = await foyer(['staff', 'set-password', 'admin@foyer.local'], 'too short\n');
    expect(weak.code).toBe(2);
    expect(weak.stderr).toMatch(/at least 12 characters/);
    expect((await staffRow('admin@foyer.local')).password_hash).toBe(user.password_hash);
    expect(await world.db('sessions').where({ staff_user_id: user.id })).toHaveLength(1);

    const set = await foyer(['staff', 'set-password', 'admin@foyer.local'], 'a brand new passphrase\r\n');
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(
      /^Changed the password of Alex Admin <admin@foyer\.local> \(Admin\); ended 1 session\.$/m,
    );
    const hash = (await staffRow('admin@foyer.local')).password_hash;
    expect(await verifyPassword('a brand new passphrase', hash)).toBe(true);
    expect(await world.db('sessions').where({ staff_user_id: user.id })).toHaveLength(0);
    expect((await auditOf('admin@foyer.local')).map((a) => a.action)).toEqual(['staff.set-password']);
  });

  it('does not wait for a pipe that stays open after the password line', async () => {
    const { child, exited } = startFoyer(['staff', 'set-password', 'sam@foyer.local'], worldEnv(world));
    child.stdin.write('another long password\n'); // and never closed
    const hung = setTimeout(() => child.kill(), 60_000);
    const { code } = await exited;
    clearTimeout(hung);
    expect(code).toBe(0);
  });
});
