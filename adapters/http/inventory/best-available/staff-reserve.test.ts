import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../../test/api-server.ts';
import { saleEventId } from '../../../../test/basket.ts';
import { signedIn } from '../../checkout/test-people.ts';

// Best available decides staff or consumer from the session, like the basket calls: the box
// office reserves on its own sales channel, a buyer may not.

let api: TestApi;
let eventId: number;
beforeAll(async () => {
  api = await createTestApi({ env: { BASKET_HOLD_MINUTES: '10' } });
  eventId = await saleEventId(api.db, 'HAMLET', 3);
});
afterAll(() => api?.close());

const reserveOn = (channel: string) =>
  `/api/eventinventory/${channel}/reservebestavailable/${eventId}?quantity=2`;

test('the box office reserves best available on its sales channel; anonymous and customer callers may not', async () => {
  for (const email of [null, 'customer@foyer.local']) {
    const buyer = await signedIn(api.server, email);
    const refused = await buyer.call('GET', reserveOn('BoxOffice'));
    expect(refused.status, `${email ?? 'anonymous'} on BoxOffice`).toBe(403);
    expect(buyer.basketId()).toBeNull();
  }
  const clerk = await signedIn(api.server, 'boxoffice@foyer.local');
  const held = await clerk.call('GET', reserveOn('BoxOffice'));
  expect(held.status).toBe(200);
  expect(clerk.basketId()).not.toBeNull();
  const basket = await api.db('baskets').where({ id: clerk.basketId() }).first('sales_channel_id');
  const channel = await api.db('sales_channels').where({ id: basket.sales_channel_id }).first('name');
  expect(channel.name).toMatch(/box ?office/i);
});
