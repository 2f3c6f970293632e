import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { createTestApi, csrfHeaders, type TestApi } from '../../test/api-server.ts';
import { AccountInformation, ConsumerFeatures } from './contract/accounts.ts';

let api: TestApi;
let dist: string;
const inlineScript = 'globalThis.__foyerEarly = new Map();';

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'foyer-dist-'));
  await mkdir(path.join(dist, 'assets'));
  // With an inline script, as the build writes the early one (web/vite.config.ts).
  await writeFile(
    path.join(dist, 'index.html'),
    `<!doctype html><head><script>${inlineScript}</script><script type="module" src="/assets/app-abc123.js"></script></head><title>Foyer</title><div id="root"></div>`,
  );
  await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("foyer")');
  // As the build writes them (web/vite.config.ts): the same script, gzipped once.
  await writeFile(path.join(dist, 'assets', 'big-abc123.js'), `console.log("${'foyer '.repeat(500)}")`);
  await writeFile(
    path.join(dist, 'assets', 'big-abc123.js.gz'),
    gzipSync(`console.log("${'foyer '.repeat(500)}")`, { level: 9 }),
  );
  api = await createTestApi({ distDir: dist });
});
afterAll(async () => {
  await api?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  api.server.inject({ method: 'GET', url, headers });

describe('the HTTP edge', () => {
  it('answers liveness and readiness', async () => {
    const live = await get('/healthz');
    expect(live.statusCode).toBe(200);
    expect(live.result).toEqual({ status: 'ok', version: 'test' });
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.result).toEqual({ status: 'ready', pendingMigrations: 0 });
  });

  it('sets the security headers on answers and on errors', async () => {
    for (const url of ['/healthz', '/api/nothing-here', '/tickets/series/X']) {
      const res = await get(url);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      // The door's check-in page may use this site's camera; no one else's page may.
      expect(res.headers['permissions-policy']).toContain('camera=(self)');
    }
    // The page's own inline script is allowed by its hash, and no other inline script is.
    const hash = `'sha256-${createHash('sha256').update(inlineScript).digest('base64')}'`;
    for (const url of ['/tickets/series/X', '/api/nothing-here']) {
      const scriptSrc = /script-src ([^;]*)/.exec(
        (await get(url)).headers['content-security-policy'] as string,
      );
      expect(scriptSrc?.[1]).toBe(`'self' ${hash}`);
    }
    const https = await get('/healthz', { 'x-forwarded-proto': 'https' });
    expect(https.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('matches paths case-insensitively and tolerates a trailing slash', async () => {
    for (const url of [
      '/api/accountinformation',
      '/API/AccountInformation/',
      '/api/accountInformation/AllowLogin',
    ])
      expect((await get(url)).statusCode, url).toBe(200);
  });

  it('answers unknown API paths with 404 and a Message', async () => {
    const res = await get('/api/no/such/call');
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.payload)).toEqual({ Message: 'Not found' });
  });

  it('answers a state change to an unknown API path with 404, with or without a token', async () => {
    for (const headers of [{}, await csrfHeaders(api.server)]) {
      const res = await api.server.inject({ method: 'POST', url: '/api/no/such/call', headers });
      expect([403, 404]).toContain(res.statusCode);
      expect(JSON.parse(res.payload).Message).toBeTruthy();
    }
    const withToken = await api.server.inject({
      method: 'DELETE',
      url: '/api/no/such/call',
      headers: await csrfHeaders(api.server),
    });
    expect(withToken.statusCode).toBe(404);
  });

  it('serves the seat geometry gzipped or plain, the same JSON either way', async () => {
    const plain = await get('/api/svg/svgdata/1');
    const gzipped = await get('/api/svg/svgdata/1', { 'accept-encoding': 'gzip' });
    expect(plain.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const { gunzipSync } = await import('node:zlib');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.payload);
  });

  it('names the field of a bad path parameter in a 400', async () => {
    const res = await get('/api/i18n/strings/consumer/build%20one/en');
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.payload).Message).toMatch(/^build: /);
  });

  it('publishes an OpenAPI document of the calls', async () => {
    const res = await get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.payload);
    expect(doc.openapi).toBe('3.0.3');
    expect(
      doc.paths['/api/accountInformation'].get.responses['200'].content['application/json'].schema.properties,
    ).toHaveProperty('AllowCustomerLogin');
    expect(
      doc.paths['/api/i18n/strings/consumer/{build}/{locale}'].get.parameters.map(
        (p: { name: string }) => p.name,
      ),
    ).toEqual(['build', 'locale']);
  });

  it('serves account information and consumer features from the settings', async () => {
    const info = AccountInformation.parse(JSON.parse((await get('/api/accountInformation')).payload));
    expect(info.Countries[0]?.Code).toBe('US');
    expect(info.AllowCustomerLogin).toBe(true);
    expect(info.BillingFields.some((f) => f.Field === 'Email' && f.Required)).toBe(true);
    const fields = JSON.parse((await get('/api/accountInformation/fields')).payload);
    expect(fields).toEqual(info.BillingFields);
    const features = ConsumerFeatures.parse(JSON.parse((await get('/api/consumer/features')).payload));
    expect(features.showNewBasketPage).toBe(false);
  });

  it('serves the string tables with English under a partial language', async () => {
    const en = JSON.parse((await get('/api/i18n/strings/consumer/1/en')).payload) as Record<string, string>;
    const ko = JSON.parse((await get('/api/i18n/strings/consumer/1/ko-KR')).payload) as Record<
      string,
      string
    >;
    const fr = await get('/api/i18n/strings/consumer/1/fr-CA');
    expect(Object.keys(en).length).toBeGreaterThan(10);
    expect(Object.keys(ko)).toEqual(expect.arrayContaining(Object.keys(en)));
    expect(fr.headers['content-language']).toBe('fr');
    expect(JSON.parse(fr.payload)).not.toEqual(en);
  });

  it('serves the storefront: hashed assets cached long, client routes get index.html', async () => {
    const asset = await get('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await get('/tickets/series/HAMLET');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/missing.js')).statusCode).toBe(404);
    expect((await get('/../../etc/passwd')).payload).not.toContain('root:');
  });

  it("sends the build's gzipped copy of an asset to browsers that accept gzip, the plain file to others", async () => {
    const gzipped = await api.server.inject({
      method: 'GET',
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.equals(gzipSync(`console.log("${'foyer '.repeat(500)}")`, { level: 9 }))).toBe(
      true,
    );
    const plain = await get('/assets/big-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(`console.log("${'foyer '.repeat(500)}")`);
  });

  it("names a seat map's first reads in the page's Link header, and nothing on other pages", async () => {
    const event: { id: number; venue_configuration_id: number } = await api
      .db('events')
      .where({ use_heavy_on_sale: false })
      .orderBy('id')
      .first('id', 'venue_configuration_id');
    const page = await get(`/tickets/series/HAMLET/${event.id}?promo=SPRING%2010&groupCode=`);
    expect(page.statusCode).toBe(200);
    const reads = [
      `/api/events/${event.id}`,
      `/api/eventinventory/${event.id}`,
      `/api/eventinventory/pricing/${event.id}/consumer?promoCode=SPRING+10`,
      `/api/svg/svgdata/${event.venue_configuration_id}`,
    ];
    expect(String(page.headers.link).split(', ')).toEqual(
      reads.map((p) => `<${p}>; rel=preload; as=fetch; crossorigin=anonymous`),
    );
    // The same reads in the page itself, for its first script.
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.payload).toContain(`<meta name="foyer-reads" content="${reads.join(' ')}">`);
    expect(page.payload).toContain('<div id="root">');
    const heavy: { id: number } = await api.db('events').where({ use_heavy_on_sale: true }).first('id');
    for (const other of [
      `/tickets/series/AURORA/${heavy.id}`,
      '/tickets/series/HAMLET/999999',
      '/tickets/series/HAMLET',
    ]) {
      const answer = await get(other);
      expect(answer.headers.link).toBeUndefined();
      expect(answer.payload).not.toContain('foyer-reads');
    }
  });

  it('escapes a promo code from the address where the page names its reads', async () => {
    const event: { id: number } = await api
      .db('events')
      .where({ use_heavy_on_sale: false })
      .orderBy('id')
      .first('id');
    const page = await get(
      `/tickets/series/HAMLET/${event.id}?promo=${encodeURIComponent('"><script>x</script>&')}`,
    );
    const meta = /<meta name="foyer-reads" content="([^"]*)">/.exec(page.payload)?.[1];
    expect(meta).toContain(
      `/api/eventinventory/pricing/${event.id}/consumer?promoCode=%22%3E%3Cscript%3Ex%3C%2Fscript%3E%26`,
    );
    expect(page.payload).not.toContain('<script>x');
  });
});
