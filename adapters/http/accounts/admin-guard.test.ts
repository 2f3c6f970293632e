import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { can, PERMISSIONS, type Permission } from '../../../core/accounts/staff/permissions.ts';
import { STAFF_ROLES } from '../../../core/accounts/staff/roles.ts';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { browser, type Browser } from '../checkout/test-browser.ts';
import { defineRoute } from '../route.ts';

// Every /api/admin/ operation the server publishes is refused without a staff session (401), to
// a customer (403) and to a staff role without the operation's permission (403); a role with it
// gets past the guard. Walks /api/openapi.json, so a new admin route is covered as it is added.

let api: TestApi;
let db: Knex;

beforeAll(async () => {
  api = await createTestApi();
  db = api.db;
  // One staff member per role, all with the demo password (copied from a demo row's hash).
  const { password_hash } = await db('staff_users')
    .where({ email: 'admin@foyer.local' })
    .first('password_hash');
  await db('staff_users').insert(
    STAFF_ROLES.map((role) => ({
      email: `${role.toLowerCase()}@guard.test`,
      name: role,
      role,
      password_hash,
    })),
  );
});
afterAll(() => api?.close());

const signedIn = async (email: string): Promise<Browser> => {
  const b = await browser(api.server);
  const res = await b.call('POST', '/api/account/login', { Email: email, Password: 'foyer-demo' });
  expect(res.status, `${email} signs in`).toBe(200);
  return b;
};

interface Operation {
  method: string;
  path: string;
  permission: Permission;
}

const adminOperations = async (): Promise<Operation[]> => {
  const doc = (await api.server.inject('/api/openapi.json')).result as {
    paths: Record<string, Record<string, { 'x-foyer-permission'?: Permission }>>;
  };
  return Object.entries(doc.paths)
    .filter(([path]) => path.toLowerCase().startsWith('/api/admin/'))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        permission: op['x-foyer-permission']!,
      })),
    );
};

// Path parameters filled with a number; the guard answers before the handler looks at them.
const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, '1');

describe('the admin API guard', () => {
  test('every admin operation declares a permission from the table', async () => {
    const operations = await adminOperations();
    expect(operations.length).toBeGreaterThanOrEqual(5);
    for (const op of operations) expect(PERMISSIONS, `${op.method} ${op.path}`).toContain(op.permission);
  });

  test('401 without a session, 403 for a customer and for a role without the permission; a role with it gets past', async () => {
    const anonymous = await browser(api.server);
    const customer = await signedIn('customer@foyer.local');
    const staff = Object.fromEntries(
      await Promise.all(
        STAFF_ROLES.map(async (role) => [role, await signedIn(`${role.toLowerCase()}@guard.test`)] as const),
      ),
    );
    for (const op of await adminOperations()) {
      const name = `${op.method} ${op.path}`;
      const url = urlOf(op.path);
      const none = await anonymous.call(op.method, url);
      expect(none.status, `${name} without a session`).toBe(401);
      const asCustomer = await customer.call(op.method, url);
      expect(asCustomer.status, `${name} as a customer`).toBe(403);
      for (const role of STAFF_ROLES) {
        const res = await staff[role]!.call(op.method, url);
        if (can(role, op.permission)) expect([401, 403], `${name} as ${role}`).not.toContain(res.status);
        else {
          expect(res.status, `${name} as ${role}`).toBe(403);
          expect(res.body.Message).toMatch(/may not do this/);
        }
      }
    }
  });

  test('an admin route cannot be declared without a permission', () => {
    expect(() =>
      defineRoute({
        method: 'GET',
        path: '/api/admin/unguarded',
        summary: 'x',
        tags: [],
        handler: () => ({}),
      }),
    ).toThrow(/must declare the permission/);
  });
});
