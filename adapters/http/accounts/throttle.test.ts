import { afterAll, beforeAll, expect, test } from 'vitest';
import { FAILURES_PER_ACCOUNT } from '../../../core/accounts/login-throttle.ts';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { browser } from '../checkout/test-browser.ts';

// A password guesser gets at most 100 tries an hour at one account: the 101st sign-in is refused
// even with the right password, while other accounts sign in as usual from the same address.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

test('the 101st failed sign-in for one account in an hour is refused even with the right password; another account still signs in', async () => {
  const guesser = await browser(api.server);
  const attempt = (password: string, email = 'customer@foyer.local') =>
    guesser.call('POST', '/api/account/login', { Email: email, Password: password });
  for (let i = 0; i < FAILURES_PER_ACCOUNT; i++) {
    const res = await attempt(`guess number ${i}`);
    expect(res.status, `guess ${i + 1}`).toBe(401);
  }
  const right = await attempt('foyer-demo');
  expect(right.status).toBe(429);
  expect(right.body.Message).toMatch(/Too many failed sign-ins/);
  expect(Number(right.headers['retry-after'])).toBeGreaterThan(3500);
  // The same address, another account: not locked out.
  expect((await attempt('foyer-demo', 'boxoffice@foyer.local')).status).toBe(200);
  // The e-mail's case does not make a fresh counter.
  expect((await attempt('foyer-demo', 'CUSTOMER@foyer.local')).status).toBe(429);
  // An hour later the failures have aged out and the right password works again.
  await api.db('login_failures').update({ at: api.db.raw(`at - interval '61 minutes'`) });
  expect((await attempt('foyer-demo')).status).toBe(200);
}, 120_000);
