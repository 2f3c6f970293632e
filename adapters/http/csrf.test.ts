import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Hapi from '@hapi/hapi';
import { csrfPlugin, CSRF_COOKIE, CSRF_HEADER } from './csrf.ts';
import { errorFormatPlugin } from './error-format.ts';

let server: Hapi.Server;
let changes = 0;

beforeAll(async () => {
  server = Hapi.server();
  await server.register([{ plugin: errorFormatPlugin }, { plugin: csrfPlugin, options: { secure: false } }]);
  server.route([
    { method: 'GET', path: '/api/thing', handler: () => ({ ok: true }) },
    { method: 'POST', path: '/api/thing', handler: () => ({ changed: ++changes }) },
    {
      method: 'GET',
      path: '/api/reserve',
      options: { plugins: { csrf: 'always' } },
      handler: () => ({ changed: ++changes }),
    },
    {
      method: 'POST',
      path: '/api/webhook',
      options: { plugins: { csrf: false } },
      handler: () => ({ ok: true }),
    },
  ]);
  await server.initialize();
});
afterAll(() => server.stop());

const tokenFrom = (setCookie: string | string[] | undefined) => {
  const line = [setCookie ?? []].flat().find((c) => c.startsWith(`${CSRF_COOKIE}=`));
  return line?.split(';')[0]?.slice(CSRF_COOKIE.length + 1);
};

describe('CSRF protection', () => {
  it('hands out a readable, SameSite=Strict token cookie', async () => {
    const res = await server.inject('/api/thing');
    const line = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${CSRF_COOKIE}=`))!;
    expect(line).toMatch(/SameSite=Strict/);
    expect(line).not.toMatch(/HttpOnly/);
    expect(tokenFrom(res.headers['set-cookie'])).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a state change without the header, with a wrong one, or without the cookie, and changes nothing', async () => {
    const token = tokenFrom((await server.inject('/api/thing')).headers['set-cookie'])!;
    const before = changes;
    const attempts = [
      { cookie: `${CSRF_COOKIE}=${token}` },
      {
        cookie: `${CSRF_COOKIE}=${token}`,
        [CSRF_HEADER]: token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      },
      { [CSRF_HEADER]: token },
    ];
    for (const headers of attempts) {
      const res = await server.inject({ method: 'POST', url: '/api/thing', headers });
      expect(res.statusCode).toBe(403);
      expect(JSON.parse(res.payload).Message).toMatch(/Reload the page/);
    }
    expect(changes).toBe(before);
  });

  it('lets a state change through when header and cookie match', async () => {
    const token = tokenFrom((await server.inject('/api/thing')).headers['set-cookie'])!;
    const res = await server.inject({
      method: 'POST',
      url: '/api/thing',
      headers: { cookie: `${CSRF_COOKIE}=${token}`, [CSRF_HEADER]: token },
    });
    expect(res.statusCode).toBe(200);
  });

  it("checks a state-changing GET marked csrf: 'always' like a POST", async () => {
    const token = tokenFrom((await server.inject('/api/thing')).headers['set-cookie'])!;
    const before = changes;
    const refused = await server.inject({
      url: '/api/reserve',
      headers: { cookie: `${CSRF_COOKIE}=${token}` },
    });
    expect(refused.statusCode).toBe(403);
    expect(changes).toBe(before);
    const res = await server.inject({
      url: '/api/reserve',
      headers: { cookie: `${CSRF_COOKIE}=${token}`, [CSRF_HEADER]: token },
    });
    expect(res.statusCode).toBe(200);
    expect(changes).toBe(before + 1);
  });

  it('lets opted-out routes (webhooks) through', async () => {
    expect((await server.inject({ method: 'POST', url: '/api/webhook' })).statusCode).toBe(200);
  });
});
