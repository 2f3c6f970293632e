import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import type { Browser } from '../checkout/test-browser.ts';
import { signedIn, staffOfRole } from '../checkout/test-people.ts';

// The clerk's payment page reads and the comp types, against the demo's payment methods
// (migrations/20261201000100_orders.ts and 20261210000100_counter_payments.ts).

let api: TestApi;
let db: Knex;
let seller: Browser;
let supervisor: Browser;
let manager: Browser;

beforeAll(async () => {
  api = await createTestApi();
  db = api.db;
  seller = await staffOfRole(api.server, db, 'Seller');
  supervisor = await staffOfRole(api.server, db, 'BoxOfficeSupervisor');
  manager = await signedIn(api.server, 'boxoffice@foyer.local');
}, 120_000);
afterAll(async () => {
  await api?.close();
});

const types = (res: { body: { PaymentType: string; Name: string }[] }) => res.body.map((m) => m.Name);

describe('payment methods', () => {
  test('signed out 401; a customer 403; the list in the box office order, inactive ones only with all=true', async () => {
    const anonymous = await signedIn(api.server, null);
    expect((await anonymous.call('GET', '/api/admin/paymentmethods')).status).toBe(401);
    const customer = await signedIn(api.server, 'customer@foyer.local');
    expect((await customer.call('GET', '/api/admin/paymentmethods')).status).toBe(403);
    await db('payment_methods').where({ name: 'WorldPay' }).update({ is_active: false });
    const active = await seller.call('GET', '/api/admin/paymentmethods');
    expect(active.status).toBe(200);
    expect(types(active)).toEqual([
      'Credit card',
      'PayPal',
      'Cash',
      'Check',
      'Comp',
      'Apple Pay',
      'Afterpay',
      'Voucher',
      'Bank transfer',
    ]);
    const all = await seller.call('GET', '/api/admin/paymentmethods?all=true');
    expect(types(all)).toContain('WorldPay');
    expect(all.body.find((m: { Name: string }) => m.Name === 'Voucher')).toEqual({
      ID: expect.any(Number),
      PaymentType: 'Custom',
      Name: 'Voucher',
      RequiresPartner: true,
      HouseSeats: false,
      IsActive: true,
      DisplayOrder: 9,
    });
    expect((await seller.call('GET', '/api/admin/paymentmethods?all=maybe')).status).toBe(400);
    await db('payment_methods').where({ name: 'WorldPay' }).update({ is_active: true });
  });

  test("payment types: the installation's processor only, by permission, partner types only when allowed", async () => {
    // The test server takes cards offline (no Stripe key).
    const offline = await seller.call(
      'GET',
      '/api/admin/paymentmethods/paymentTypes?paymentProcessor=Offline',
    );
    expect(offline.status).toBe(200);
    expect(types(offline)).toEqual(['Credit card', 'Cash', 'Check', 'Bank transfer']);
    const stripe = await seller.call('GET', '/api/admin/paymentmethods/paymentTypes?paymentProcessor=Stripe');
    expect(types(stripe)).toEqual(['Cash', 'Check', 'Bank transfer']);
    const partner = await supervisor.call(
      'GET',
      '/api/admin/paymentmethods/paymentTypes?paymentProcessor=Offline&allowPartner=true',
    );
    expect(types(partner)).toEqual(['Credit card', 'Cash', 'Check', 'Comp', 'Voucher', 'Bank transfer']);
    const bad = await seller.call('GET', '/api/admin/paymentmethods/paymentTypes?paymentProcessor=Square');
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toMatch(/paymentProcessor/);
  });

  test('house-seat types, commissions and the venue checkout settings', async () => {
    const house = await seller.call('GET', '/api/admin/paymentmethods/houseSeatsPaymentTypes');
    expect(types(house)).toEqual(['Credit card', 'Cash', 'Check', 'Comp']);
    const commissions = await seller.call('GET', '/api/admin/paymentmethodcommissions');
    expect(commissions.body).toEqual([
      {
        ID: expect.any(Number),
        PaymentMethodID: expect.any(Number),
        PaymentMethodName: 'Credit card',
        PercentBasisPoints: 290,
        FixedAmount: 30,
        EffectiveFrom: '2026-01-01',
      },
    ]);
    const venue = await db('venues').where({ name: 'Riverside Arena' }).first('id');
    const settings = await seller.call(
      'GET',
      `/api/admin/nlivenpaymentaccounts/checkoutsettingsforvenue/${venue.id}`,
    );
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({
      PaymentAccountId: venue.id,
      Processor: 'Offline',
      PublishableKey: null,
      Currency: 'GBP',
    });
    expect(
      (await seller.call('GET', '/api/admin/nlivenpaymentaccounts/checkoutsettingsforvenue/9999')).status,
    ).toBe(404);
  });
});

describe('comp types', () => {
  test('a seller reads them; only a role managing payment methods changes them', async () => {
    const list = await seller.call('GET', '/api/admin/comptypes');
    expect(list.status).toBe(200);
    expect(list.body.map((c: { Name: string }) => c.Name)).toEqual(['Artist', 'House', 'Press']);
    expect(list.body.find((c: { Name: string }) => c.Name === 'Press')).toEqual({
      ID: expect.any(Number),
      Name: 'Press',
      Description: 'Reviewers and media',
      MaxCompQuantity: 2,
      IsActive: true,
    });
    for (const who of [seller, supervisor]) {
      const refused = await who.call('POST', '/api/admin/compTypes/0', { Name: 'Sponsor' });
      expect(refused.status).toBe(403);
    }
    expect(await db('comp_types').where({ name: 'Sponsor' }).first()).toBeUndefined();
  });

  test('create, change, refuse bad input and a taken name, archive; the audit log has each change', async () => {
    const created = await manager.call('POST', '/api/admin/compTypes/0', {
      Name: 'Sponsor',
      Description: 'Our sponsors',
      MaxCompQuantity: 6,
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ Name: 'Sponsor', MaxCompQuantity: 6, IsActive: true });
    const id = created.body.ID as number;

    const changed = await manager.call('PUT', `/api/admin/compTypes/${id}`, {
      Name: 'Sponsors',
      MaxCompQuantity: null,
    });
    expect(changed.body).toEqual({
      ID: id,
      Name: 'Sponsors',
      Description: null,
      MaxCompQuantity: null,
      IsActive: true,
    });

    for (const [body, field] of [
      [{ Name: '' }, 'Name'],
      [{ Name: 'X', MaxCompQuantity: 0 }, 'MaxCompQuantity'],
      [{ Name: 'X', MaxCompQuantity: 1.5 }, 'MaxCompQuantity'],
      [{}, 'Name'],
    ] as const) {
      const res = await manager.call('PUT', `/api/admin/compTypes/${id}`, body);
      expect(res.status).toBe(400);
      expect(res.body.Message).toContain(field);
    }
    const taken = await manager.call('PUT', `/api/admin/compTypes/${id}`, { Name: 'press' });
    expect(taken).toMatchObject({
      status: 409,
      body: { Message: 'An active comp type already has that name.' },
    });
    expect((await db('comp_types').where({ id }).first()).name).toBe('Sponsors');
    expect((await manager.call('PUT', '/api/admin/compTypes/9999', { Name: 'Ghost' })).status).toBe(404);

    expect((await manager.call('DELETE', `/api/admin/comptypes/${id}`)).status).toBe(204);
    expect((await db('comp_types').where({ id }).first()).is_active).toBe(false);
    expect((await manager.call('DELETE', `/api/admin/comptypes/${id}`)).status).toBe(404);
    const list = await seller.call('GET', '/api/admin/comptypes');
    expect(list.body.map((c: { Name: string }) => c.Name)).not.toContain('Sponsors');
    const archived = await seller.call('GET', '/api/admin/comptypes?includeArchived=true');
    expect(archived.body.map((c: { Name: string }) => c.Name)).toContain('Sponsors');
    // The archived name is free again.
    expect((await manager.call('POST', '/api/admin/compTypes/0', { Name: 'Sponsors' })).status).toBe(200);

    const audit = await db('audit_log')
      .where('action', 'like', '%/api/admin/compTypes/%')
      .orWhere('action', 'like', '%/api/admin/comptypes/%')
      .orderBy('id')
      .select('action', 'status', 'actor');
    expect(audit.filter((a) => a.status === 200 || a.status === 204).map((a) => a.action)).toEqual([
      'POST /api/admin/compTypes/{id}',
      'PUT /api/admin/compTypes/{id}',
      'DELETE /api/admin/comptypes/{id}',
      'POST /api/admin/compTypes/{id}',
    ]);
    expect(new Set(audit.map((a) => a.actor))).toEqual(new Set(['boxoffice@foyer.local']));
  });
});
