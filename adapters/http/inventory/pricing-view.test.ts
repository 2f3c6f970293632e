import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { createHttpServer } from '../server.ts';
import { makeAppRuntime } from '../../wiring.ts';
import type { Browser } from '../checkout/test-browser.ts';
import { newCustomer, signedIn } from '../checkout/test-people.ts';

// GET /api/eventinventory/pricing/{id}: the session, not the caller's word, decides which view.
// The box office's view (every price type: comps too) only for a staff session that may sell;
// everyone else gets the consumer view, also from a server that keeps answers a while.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

const hamletEventId = async () =>
  (
    await api
      .db('events as e')
      .join('event_templates as t', 't.id', 'e.event_template_id')
      .where('t.code', 'HAMLET')
      .orderBy('e.id')
      .first('e.id')
  ).id as number;

const priceTypeCodes = async (b: Browser, path: string) => {
  const res = await b.call('GET', path);
  expect(res.status).toBe(200);
  return (res.body as { PriceTypes: { Code: string }[] }).PriceTypes.map((t) => t.Code);
};

describe('which view of an event’s prices', () => {
  test('comps (a staff-only price type) are absent for anonymous and customer callers, present for the box office', async () => {
    const path = `/api/eventinventory/pricing/${await hamletEventId()}`;
    expect(await priceTypeCodes(await signedIn(api.server, null), path)).toEqual([
      'Adult',
      'Child',
      'Concession',
    ]);
    expect(await priceTypeCodes(await signedIn(api.server, 'customer@foyer.local'), path)).not.toContain(
      'Comp',
    );
    expect(await priceTypeCodes(await signedIn(api.server, 'boxoffice@foyer.local'), path)).toContain('Comp');
    expect(await priceTypeCodes(await signedIn(api.server, 'admin@foyer.local'), path)).toContain('Comp');
  });

  test('a kept staff answer is never served to a consumer, nor a kept consumer answer to staff', async () => {
    const runtime = makeAppRuntime({ db: api.db, config: api.config });
    // Answers kept a minute: the second caller is answered from the cache, whatever its view.
    const keeping = await createHttpServer({
      config: api.config,
      runtime,
      version: 'test',
      publicReadTtlMs: 60_000,
    });
    await keeping.initialize();
    try {
      const path = `/api/eventinventory/pricing/${await hamletEventId()}`;
      const staff = await signedIn(keeping, 'boxoffice@foyer.local');
      const anonymous = await signedIn(keeping, null);
      expect(await priceTypeCodes(staff, path)).toContain('Comp');
      expect(await priceTypeCodes(anonymous, path)).not.toContain('Comp');
      expect(await priceTypeCodes(staff, path)).toContain('Comp');
      expect(await priceTypeCodes(anonymous, `${path}/consumer`)).not.toContain('Comp');
    } finally {
      await keeping.stop();
      await runtime.dispose();
    }
  });
});

describe('a members-only code on the consumer prices', () => {
  test('anonymous 401, a customer without the tag 403, the member gets 20 % off; kept apart in the cache', async () => {
    const runtime = makeAppRuntime({ db: api.db, config: api.config });
    const keeping = await createHttpServer({
      config: api.config,
      runtime,
      version: 'test',
      publicReadTtlMs: 60_000,
    });
    await keeping.initialize();
    try {
      const eventId = await hamletEventId();
      const plain = `/api/eventinventory/pricing/${eventId}/consumer`;
      const members = `${plain}?promoCode=MEMBERS`;
      const full = (await (await signedIn(keeping, null)).call('GET', plain)).body as {
        PriceMaps: { PriceKey: string; Price: number }[];
      };

      const member = await signedIn(keeping, 'customer@foyer.local');
      const discounted = await member.call('GET', members);
      expect(discounted.status).toBe(200);
      for (const map of (discounted.body as { PriceMaps: { PriceKey: string; Price: number }[] }).PriceMaps) {
        const before = full.PriceMaps.find((m) => m.PriceKey === map.PriceKey)!.Price;
        expect(map.Price).toBe(Math.round(before * 0.8));
      }

      // The member's answer is kept, but never for anyone else.
      const anonymous = await (await signedIn(keeping, null)).call('GET', members);
      expect(anonymous).toMatchObject({ status: 401, body: { Message: 'Please log in to use this code.' } });
      const other = await newCustomer(keeping, 'nora.nonmember@example.com');
      expect(await other.call('GET', members)).toMatchObject({
        status: 403,
        body: { Message: 'This code is not available for your account.' },
      });
      const staff = await signedIn(keeping, 'boxoffice@foyer.local');
      expect((await staff.call('GET', members)).status).toBe(401);
    } finally {
      await keeping.stop();
      await runtime.dispose();
    }
  });
});

describe('validatepromocode for a members-only code', () => {
  test('anonymous 401 (login-required modal), a customer without the tag 403 (unavailable), the member the promotion', async () => {
    const path = '/api/promotions/validatepromocode?promoCode=MEMBERS&eventTemplateCode=HAMLET';
    expect((await (await signedIn(api.server, null)).call('GET', path)).status).toBe(401);
    const other = await newCustomer(api.server, 'otto.other@example.com');
    expect(await other.call('GET', path)).toMatchObject({
      status: 403,
      body: { Message: 'This code is not available for your account.' },
    });
    expect(await (await signedIn(api.server, 'customer@foyer.local')).call('GET', path)).toMatchObject({
      status: 200,
      body: { Code: 'MEMBERS', restrictToCustomerTag: true },
    });
  });
});
