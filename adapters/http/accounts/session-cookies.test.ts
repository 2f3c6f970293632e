import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApi, csrfHeaders, type TestApi } from '../../../test/api-server.ts';

// Served over https, the session cookie is __Host- prefixed and Secure; and trying taken
// e-mails at sign-up counts against the caller's address like failed sign-ins.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ env: { PUBLIC_URL: 'https://tickets.example.com' } });
});
afterAll(() => api?.close());

const post = async (url: string, payload: object) => {
  const csrf = await csrfHeaders(api.server);
  return api.server.inject({ method: 'POST', url, payload, headers: csrf });
};

test('over https the session cookie is __Host-, Secure, HttpOnly, SameSite=Lax, for the whole site', async () => {
  const res = await post('/api/account/login', { Email: 'customer@foyer.local', Password: 'foyer-demo' });
  expect(res.statusCode).toBe(200);
  const cookies = [res.headers['set-cookie'] ?? []].flat();
  const session = cookies.find((c) => c.startsWith('__Host-foyer_session='))!;
  expect(session.split('; ').slice(1).sort()).toEqual(
    expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Secure', 'Path=/']),
  );
  expect(session).not.toMatch(/Domain=/i);
  expect(cookies.find((c) => c.startsWith('foyer_signed_in='))).toMatch(/Secure/);
  expect(cookies.some((c) => c.startsWith('foyer_session='))).toBe(false);
});

test('sign-up is refused from an address that has used up its failures this hour', async () => {
  await api.db('login_failures').insert(Array.from({ length: 500 }, () => ({ key: 'address:127.0.0.1' })));
  const res = await post('/api/account/register', {
    FirstName: 'Ena',
    LastName: 'Umerator',
    Email: 'fresh@example.com',
    Password: 'long enough password',
    ConfirmPassword: 'long enough password',
  });
  expect(res.statusCode).toBe(429);
  expect(await api.db('customers').where({ email: 'fresh@example.com' }).first()).toBeUndefined();
});
