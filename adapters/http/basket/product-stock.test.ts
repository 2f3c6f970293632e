import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, csrfHeaders, type TestApi } from '../../../test/api-server.ts';
import { saleEventId } from '../../../test/basket.ts';
import { Basket, BasketViewModel, EventProducts } from '../contract/basket.ts';

// Product stock through the basket's product update (PUT /api/v2/baskets/updateProducts), as
// buyers' browsers call it: each basket holds the units it has, a quantity beyond what is left is
// refused with how many there are and changes nothing, and units come back when the basket lets go.

let api: TestApi;
let server: Server;
let db: Knex;
let eventId: number;

beforeAll(async () => {
  api = await createTestApi({ env: { BASKET_HOLD_MINUTES: '5' } });
  server = api.server;
  db = api.db;
  eventId = await saleEventId(db, 'HAMLET', 3);
});

afterAll(async () => {
  await api?.close();
});

/** A browser with a products-only basket for the performance (continue without tickets). */
const buyer = async () => {
  const csrf = await csrfHeaders(server);
  let basketCookie: string | undefined;
  const call = async (method: string, url: string, payload?: unknown) => {
    const res = await server.inject({
      method,
      url,
      payload: payload as object,
      headers: { ...csrf, cookie: [csrf.cookie, basketCookie].filter(Boolean).join('; ') },
    });
    const set = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('foyer_basket='));
    if (set) basketCookie = set.split(';')[0]!.endsWith('=') ? undefined : set.split(';')[0];
    return { status: res.statusCode, body: res.payload ? JSON.parse(res.payload) : undefined };
  };
  expect((await call('PUT', `/api/baskets/continuewithouttickets/${eventId}`)).status).toBe(200);
  return {
    call,
    basketId: () => decodeURIComponent(basketCookie!.split('=')[1]!),
    set: (...lines: { variant: Variant; quantity: number }[]) =>
      call(
        'PUT',
        '/api/v2/baskets/updateProducts',
        lines.map((l) => ({
          ProductID: l.variant.productId,
          ProductVariantID: l.variant.id,
          Quantity: l.quantity,
        })),
      ),
  };
};

interface Variant {
  readonly productId: number;
  readonly id: number;
}

/** A product of this performance with one variant per stock (null: not counted). */
const product = async (name: string, variants: readonly [string, number | null][]): Promise<Variant[]> => {
  const [row] = await db('products').insert({ name, event_id: eventId }).returning('id');
  const rows: { id: number }[] = await db('product_variants')
    .insert(
      variants.map(([variantName, stock]) => ({ product_id: row.id, name: variantName, price: 500, stock })),
    )
    .returning('id');
  return rows.map((r) => ({ productId: row.id as number, id: r.id }));
};

const stockOf = async (variant: Variant): Promise<number | null> =>
  (await db('product_variants').where({ id: variant.id }).first('stock')).stock;

const quantities = (body: unknown) =>
  Basket.parse(body).ProductItems.map((p) => [p.ProductVariantID, p.Quantity]);

describe('product stock held by the basket', () => {
  test('a quantity holds units; beyond what is left is refused with how many, changing nothing', async () => {
    const [wine, soft] = await product('Interval drinks', [
      ['Wine', 5],
      ['Soft drink', null],
    ]);
    const b = await buyer();
    expect(quantities((await b.set({ variant: wine!, quantity: 3 })).body)).toEqual([[wine!.id, 3]]);
    expect(await stockOf(wine!)).toBe(2);

    const refused = await b.set({ variant: soft!, quantity: 4 }, { variant: wine!, quantity: 6 });
    expect(refused).toEqual({
      status: 400,
      body: expect.objectContaining({ Message: 'Only 5 left of Interval drinks: Wine. Choose 5 or fewer.' }),
    });
    // Nothing changed: neither the soft drinks asked in the same update nor the stock.
    const after = BasketViewModel.parse((await b.call('GET', '/api/baskets/viewmodel')).body);
    expect(quantities(after.Basket)).toEqual([[wine!.id, 3]]);
    expect(await stockOf(wine!)).toBe(2);

    expect(quantities((await b.set({ variant: wine!, quantity: 5 })).body)).toEqual([[wine!.id, 5]]);
    expect(await stockOf(wine!)).toBe(0);
    const soldOut = await (await buyer()).set({ variant: wine!, quantity: 1 });
    expect(soldOut.body.Message).toBe('Interval drinks: Wine is sold out.');

    expect(quantities((await b.set({ variant: wine!, quantity: 1 })).body)).toEqual([[wine!.id, 1]]);
    expect(await stockOf(wine!)).toBe(4);
    expect((await b.set({ variant: wine!, quantity: 0 })).status).toBe(200);
    expect(await stockOf(wine!)).toBe(5);
  });

  test('the view model and the selection page show the units left where counted', async () => {
    const [small, large] = await product('Scarf', [
      ['Small', 7],
      ['Large', null],
    ]);
    const b = await buyer();
    await b.set({ variant: small!, quantity: 2 });
    const model = BasketViewModel.parse((await b.call('GET', '/api/baskets/viewmodel')).body);
    const offer = (id: number) => model.Products.find((p) => p.ProductVariantID === id);
    expect(offer(small!.id)).toMatchObject({ Name: 'Scarf', VariantName: 'Small', Stock: 5 });
    expect(offer(large!.id)).toMatchObject({ VariantName: 'Large', Stock: null });

    const page = await server.inject({ method: 'GET', url: `/api/v2/products/event/${eventId}` });
    expect(page.statusCode).toBe(200);
    const selection = EventProducts.parse(JSON.parse(page.payload));
    expect(selection.Event).toMatchObject({ ID: eventId, EventTemplateCode: 'HAMLET' });
    expect(selection.Products.find((p) => p.ProductVariantID === small!.id)?.Stock).toBe(5);
    expect(selection.Products.map((p) => p.Name)).toContain('Interval drink');
    const unknown = await server.inject({ method: 'GET', url: '/api/v2/products/event/999999' });
    expect(unknown.statusCode).toBe(404);
  });

  test('removing the line, emptying the basket or ending it gives the units back', async () => {
    const [badge] = await product('Badge', [['Badge', 10]]);
    const b = await buyer();
    const held = Basket.parse((await b.set({ variant: badge!, quantity: 4 })).body);
    expect(await stockOf(badge!)).toBe(6);
    const itemId = held.ProductItems[0]!.ID;
    expect((await b.call('PUT', '/api/baskets/removeItems', { basketItemIds: [itemId] })).status).toBe(200);
    expect(await stockOf(badge!)).toBe(10);

    await b.set({ variant: badge!, quantity: 3 });
    expect((await b.call('DELETE', '/api/baskets/deleteitems')).status).toBe(200);
    expect(await stockOf(badge!)).toBe(10);

    const c = await buyer();
    await c.set({ variant: badge!, quantity: 2 });
    expect(await stockOf(badge!)).toBe(8);
    expect((await c.call('POST', '/api/baskets/expire')).status).toBe(200);
    expect(await stockOf(badge!)).toBe(10);
  });

  test('a basket whose time ran out gives its units to the next buyer who needs them', async () => {
    const [poster] = await product('Poster', [['Poster', 3]]);
    const early = await buyer();
    await early.set({ variant: poster!, quantity: 3 });
    expect((await (await buyer()).set({ variant: poster!, quantity: 1 })).status).toBe(400);
    // Its time runs out (still Active: the expiry job has not come by yet).
    await db('baskets')
      .where({ id: early.basketId() })
      .update({ expires_at: db.raw("now() - interval '1 second'") });
    const late = await buyer();
    expect(quantities((await late.set({ variant: poster!, quantity: 3 })).body)).toEqual([[poster!.id, 3]]);
    expect(await stockOf(poster!)).toBe(0);
    expect((await early.set({ variant: poster!, quantity: 1 })).status).toBe(404);
  });

  test('buyers racing for the last units never take the stock below zero', async () => {
    const [last] = await product('Signed script', [['Signed script', 5]]);
    const buyers = await Promise.all(Array.from({ length: 8 }, () => buyer()));
    const answers = await Promise.all(buyers.map((b) => b.set({ variant: last!, quantity: 2 })));
    const won = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(won).toHaveLength(2);
    for (const a of refused) {
      expect(a.status).toBe(400);
      expect(a.body.Message).toMatch(
        /^(Only 1 left of Signed script\. Choose 1 or fewer\.|Signed script is sold out\.)$/,
      );
    }
    expect(await stockOf(last!)).toBe(1);
    const holds = await db('product_stock_holds')
      .where({ product_variant_id: last!.id })
      .sum({ units: 'quantity' });
    expect(Number(holds[0]!.units)).toBe(4);
  });
});
