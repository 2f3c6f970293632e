import { randomUUID } from 'node:crypto';
import type { Server } from '@hapi/hapi';
import { csrfHeaders } from '../../../test/api-server.ts';
import { cookieJar } from '../../../test/cookie-jar.ts';

// A browser for API tests: keeps its cookies (CSRF, basket, session) between calls, holds
// seats, turns a test card into an offline token and checks out, as the storefront does.

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  raw: string;
  headers: Record<string, unknown>;
}

export const browser = async (server: Server) => {
  const csrf = await csrfHeaders(server);
  const jar = cookieJar({ foyer_csrf: csrf['x-csrf-token']! });
  const call = async (
    method: string,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const res = await server.inject({
      method,
      url,
      payload: payload as object,
      headers: { ...csrf, cookie: jar.header(), ...headers },
    });
    jar.take(res.headers['set-cookie']);
    let body: unknown;
    try {
      body =
        res.payload && res.headers['content-type']?.toString().includes('json')
          ? JSON.parse(res.payload)
          : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.statusCode, body, raw: res.payload, headers: res.headers };
  };
  return {
    call,
    basketId: () => jar.get('foyer_basket') ?? null,
    cookies: jar,
    holdSeats: (eventId: number, keys: readonly string[]) =>
      call('POST', '/api/baskets/additems', {
        eventId,
        salesChannel: 'Web',
        basketItems: keys.map((Key) => ({ Key })),
      }),
    token: async (number: string) => {
      const res = await call('POST', '/api/offline/tokens', {
        number,
        expMonth: 12,
        expYear: 2034,
        cvc: '123',
      });
      if (res.status !== 200) throw new Error(`tokenising ${number}: ${res.status} ${res.raw}`);
      return res.body as { Token: string; CardBrand: string; CCBin: string; CCLast4: string };
    },
    checkout: (body: Record<string, unknown>) => call('POST', '/api/checkout', body),
    /** The customer's answer on the offline processor's 3-D Secure page (a plain HTML form). */
    authenticate: (actionUrl: string, answer: 'complete' | 'fail') =>
      call('POST', actionUrl, `answer=${answer}`, { 'content-type': 'application/x-www-form-urlencoded' }),
  };
};

export type Browser = Awaited<ReturnType<typeof browser>>;

/** A complete checkout form for the demo account settings (billing fields, Terms of Service). */
export const checkoutBody = (
  card: { Token: string; CardBrand: string; CCBin: string; CCLast4: string } | null,
  extra: Record<string, unknown> = {},
): Record<string, unknown> => ({
  IdempotencyKey: randomUUID(),
  PaymentType: 'CreditCard',
  ...(card ?? {}),
  CardHolderName: 'Ada Lovelace',
  FirstName: 'Ada',
  LastName: 'Lovelace',
  Email: 'ada@example.com',
  Phone: '+1 212 555 0100',
  BillToAddress1: '1 Theatre Row',
  BillToCity: 'New York',
  BillToState: 'NY',
  BillToPostalCode: '10036',
  BillToCountryCode: 'US',
  AcceptTermsOfService: true,
  ...extra,
});
