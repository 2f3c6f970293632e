import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import { csrfHeaders } from '../../api-server.ts';
import { plainOpenSeats } from '../../basket.ts';

// A shopper's browser for the payment hand-off tests (PayPal, WorldPay): keeps the CSRF and
// basket cookies between calls, as adapters/http/basket/plugin.test.ts does.

export const shopper = async (server: Server) => {
  const csrf = await csrfHeaders(server);
  let basketCookie: string | undefined;
  const call = async (method: string, url: string, payload?: unknown, options: { csrf?: boolean } = {}) => {
    const res = await server.inject({
      method,
      url,
      payload: payload as object,
      headers: {
        ...(options.csrf === false ? {} : csrf),
        cookie: [csrf.cookie, basketCookie].filter(Boolean).join('; '),
      },
    });
    const set = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('foyer_basket='));
    if (set) basketCookie = set.split(';')[0];
    return { status: res.statusCode, body: res.payload ? JSON.parse(res.payload) : undefined };
  };
  const basketId = () => basketCookie?.slice('foyer_basket='.length) ?? null;
  return { call, basketId };
};

export type Shopper = Awaited<ReturnType<typeof shopper>>;

/** Holds `count` plain open seats of the event in the shopper's basket; answers the basket (Total, currency). */
export const holdSeats = async (db: Knex, b: Shopper, eventId: number, count: number, offset: number) => {
  const seats = await plainOpenSeats(db, eventId, count, offset);
  const res = await b.call('POST', '/api/baskets/additems', {
    eventId,
    salesChannel: 'Web',
    basketItems: seats.map((s) => ({ Key: s.key })),
  });
  if (res.status !== 200) throw new Error(`could not hold seats: ${JSON.stringify(res.body)}`);
  return res.body as { ID: string; Total: number; IsoCurrencyCode: string };
};
