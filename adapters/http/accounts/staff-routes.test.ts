import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { browser, type Browser } from '../checkout/test-browser.ts';
import { StaffUserRow } from '../contract/staff.ts';

// Managing staff accounts through the admin API, as the SuperAdmin's /admin/staff screen does.

let api: TestApi;
let owner: Browser;

const signIn = async (email: string, password = 'foyer-demo') => {
  const b = await browser(api.server);
  const res = await b.call('POST', '/api/account/login', { Email: email, Password: password });
  return { b, res };
};

beforeAll(async () => {
  api = await createTestApi();
  owner = (await signIn('owner@foyer.local')).b;
});
afterAll(() => api?.close());

describe('staff accounts', () => {
  test('the SuperAdmin adds a seller, who signs in with the seller role', async () => {
    const added = await owner.call('POST', '/api/admin/staff', {
      Email: 'Sam.Seller@Foyer.local',
      Name: 'Sam Seller',
      Role: 'Seller',
      Password: 'a long enough password',
    });
    expect(added.status).toBe(200);
    expect(StaffUserRow.parse(added.body)).toMatchObject({
      Name: 'Sam Seller',
      Role: 'Seller',
      RoleName: 'Seller',
      Active: true,
    });
    const list = StaffUserRow.array().parse((await owner.call('GET', '/api/admin/staff')).body);
    expect(list.map((u) => u.Email)).toContain('Sam.Seller@Foyer.local');
    const { res } = await signIn('sam.seller@foyer.local', 'a long enough password');
    expect(res.body.Staff).toMatchObject({
      Role: 'Seller',
      Permissions: [
        'sell',
        'saveBaskets',
        'customPayment',
        'checkPayment',
        'terminalPayment',
        'print',
        'checkIn',
      ],
    });
  });

  test('a taken e-mail, a weak password or an unknown role is refused and adds no one', async () => {
    const before = (await owner.call('GET', '/api/admin/staff')).body.length;
    const taken = await owner.call('POST', '/api/admin/staff', {
      Email: 'ADMIN@foyer.local',
      Name: 'X',
      Role: 'Seller',
      Password: 'a long enough password',
    });
    expect(taken.status).toBe(409);
    const weak = await owner.call('POST', '/api/admin/staff', {
      Email: 'weak@foyer.local',
      Name: 'X',
      Role: 'Seller',
      Password: 'short',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.Fields).toEqual(['Password']);
    const role = await owner.call('POST', '/api/admin/staff', {
      Email: 'role@foyer.local',
      Name: 'X',
      Role: 'Janitor',
      Password: 'a long enough password',
    });
    expect(role.status).toBe(400);
    expect(role.body.Message).toMatch(/SuperAdmin, Admin, EventAdmin/);
    expect((await owner.call('GET', '/api/admin/staff')).body.length).toBe(before);
  });

  test("disabling someone ends their sessions at once; a new role takes effect at once; one's own account is safe", async () => {
    const { b: clerk } = await signIn('boxoffice@foyer.local');
    const list = StaffUserRow.array().parse((await owner.call('GET', '/api/admin/staff')).body);
    const bo = list.find((u) => u.Email === 'boxoffice@foyer.local')!;
    const me = list.find((u) => u.Email === 'owner@foyer.local')!;

    const demoted = await owner.call('PUT', `/api/admin/staff/${bo.ID}`, { Role: 'Seller' });
    expect(demoted.body).toMatchObject({ Role: 'Seller' });
    expect((await clerk.call('GET', '/api/account')).body.SignedIn).toBe(false);
    const { b: again } = await signIn('boxoffice@foyer.local');
    expect((await again.call('GET', '/api/account')).body.Staff.Role).toBe('Seller');

    const disabled = await owner.call('PUT', `/api/admin/staff/${bo.ID}`, { Active: false });
    expect(disabled.body).toMatchObject({ Active: false });
    expect((await again.call('GET', '/api/account')).body.SignedIn).toBe(false);
    expect((await signIn('boxoffice@foyer.local')).res.status).toBe(401);

    expect((await owner.call('PUT', `/api/admin/staff/${me.ID}`, { Active: false })).status).toBe(400);
    // The backend-user flag shows stack traces on error screens, from the next request on.
    const { b: admin } = await signIn('admin@foyer.local');
    const adminRow = list.find((u) => u.Email === 'admin@foyer.local')!;
    expect(
      (await owner.call('PUT', `/api/admin/staff/${adminRow.ID}`, { BackendUser: true })).body.BackendUser,
    ).toBe(true);
    expect((await admin.call('GET', '/api/account')).body.Staff.ScreenRules.stackTraces).toBe(true);
    expect((await owner.call('PUT', '/api/admin/staff/999999', { Active: false })).status).toBe(404);
    await owner.call('PUT', `/api/admin/staff/${bo.ID}`, { Active: true, Role: 'BoxOfficeManager' });
    expect((await signIn('boxoffice@foyer.local')).res.status).toBe(200);
  });

  test('every change is in the audit log with who made it', async () => {
    const rows = await api.db('audit_log').where({ actor: 'owner@foyer.local' }).orderBy('id');
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['POST /api/admin/staff', 'PUT /api/admin/staff/{id}']),
    );
    expect(rows.every((r) => r.staff_user_id !== null && r.status !== null)).toBe(true);
  });
});
