import type { Request, ResponseObject, Server } from '@hapi/hapi';

// The consumer's basket is the one the foyer_basket cookie names: its random id, HttpOnly (no
// script reads it) and SameSite=Lax (sent on a top-level visit, never on another site's POST;
// state changes also need the CSRF header). A session cookie: the basket's own expiry decides.

export const BASKET_COOKIE = 'foyer_basket';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const registerBasketCookie = (server: Server, secure: boolean) =>
  server.state(BASKET_COOKIE, {
    isHttpOnly: true,
    isSameSite: 'Lax',
    isSecure: secure,
    path: '/',
    encoding: 'none',
    ttl: null,
    ignoreErrors: true,
    clearInvalid: true,
    strictHeader: true,
  });

/** The basket id the cookie names, or null (no cookie, or not a basket id). */
export const basketIdOf = (request: Request): string | null => {
  const value = request.state[BASKET_COOKIE] as unknown;
  return typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : null;
};

/** Points the cookie at the basket when it is not the one the caller sent. */
export const withBasketCookie = (request: Request, response: ResponseObject, basketId: string) =>
  basketIdOf(request) === basketId ? response : response.state(BASKET_COOKIE, basketId);
