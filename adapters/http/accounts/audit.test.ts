import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import { checkoutBody } from '../checkout/test-browser.ts';
import { signedIn, staffOfRole } from '../checkout/test-people.ts';
import { AuditRow } from '../contract/staff.ts';

// A sale at the counter leaves its trail: every state change the clerk made, with who, the
// basket and the order, readable per order by a role that may view reports.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ env: { BASKET_HOLD_MINUTES: '10' } });
});
afterAll(() => api?.close());

test("a box-office sale is in the order's audit log: who held the seats and who took the cash", async () => {
  const clerk = await signedIn(api.server, 'boxoffice@foyer.local');
  const eventId = await saleEventId(api.db, 'HAMLET', 4);
  const [seat] = await plainOpenSeats(api.db, eventId, 1);
  const held = await clerk.call('POST', '/api/baskets/additems', {
    eventId,
    salesChannel: 'BoxOffice',
    basketItems: [{ Key: seat!.key }],
  });
  expect(held.status).toBe(200);
  const basketId = clerk.basketId()!;
  const sold = await clerk.checkout(checkoutBody(null, { PaymentType: 'Cash' }));
  expect(sold.status).toBe(200);
  const orderId: number = sold.body.Order.ID;

  // A customer's own purchases are not audited: only staff actions are.
  const customer = await signedIn(api.server, 'customer@foyer.local');
  await customer.call('POST', '/api/account/logout');

  const manager = await signedIn(api.server, 'admin@foyer.local');
  const log = AuditRow.array().parse(
    (await manager.call('GET', `/api/admin/orders/${orderId}/auditlog`)).body,
  );
  expect(log.map((r) => [r.Actor, r.Action, r.Status, r.BasketID])).toEqual([
    ['boxoffice@foyer.local', 'POST /api/checkout', 200, basketId],
  ]);
  const basketTrail = await api.db('audit_log').where({ basket_id: basketId }).orderBy('id');
  expect(basketTrail.map((r) => r.action)).toEqual(['POST /api/baskets/additems', 'POST /api/checkout']);
  expect(await api.db('audit_log').where({ actor: 'customer@foyer.local' }).first()).toBeUndefined();
  // A seller may not read it.
  const seller = await staffOfRole(api.server, api.db, 'Seller');
  expect((await seller.call('GET', `/api/admin/orders/${orderId}/auditlog`)).status).toBe(403);
});
