import Boom from '@hapi/boom';
import type { Plugin, Request } from '@hapi/hapi';
import { randomBytes, timingSafeEqual } from 'node:crypto';

// CSRF protection for every state change (double-submit token): the server gives each browser a
// random token in a cookie scripts can read; a POST/PUT/PATCH/DELETE to /api/ must echo it in
// the X-CSRF-Token header. Another site can make the browser send the cookie, never the header.
export const CSRF_COOKIE = 'foyer_csrf';
export const CSRF_HEADER = 'x-csrf-token';

const SAFE = new Set(['get', 'head', 'options']);
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const tokenOf = (request: Request): string | undefined => {
  const value = request.state?.[CSRF_COOKIE] as unknown;
  return typeof value === 'string' && TOKEN.test(value) ? value : undefined;
};

/** Routes that other systems call (payment webhooks) opt out with `plugins: { csrf: false }`. */
export const csrfPlugin: Plugin<{ secure: boolean }> = {
  name: 'foyer-csrf',
  register: (server, { secure }) => {
    server.state(CSRF_COOKIE, {
      isHttpOnly: false, // the web app reads it to echo it back
      isSameSite: 'Strict',
      isSecure: secure,
      path: '/',
      encoding: 'none',
      ttl: null,
      ignoreErrors: true,
      clearInvalid: true,
      strictHeader: true,
    });
    server.ext('onPreAuth', (request, h) => {
      // `plugins: { csrf: 'always' }`: a GET that changes state (reservebestavailable holds seats).
      const settings = request.route.settings.plugins as { csrf?: boolean | 'always' } | undefined;
      const safe = SAFE.has(request.method) && settings?.csrf !== 'always';
      if (safe || !request.path.toLowerCase().startsWith('/api/')) return h.continue;
      if (settings?.csrf === false) return h.continue;
      const cookie = tokenOf(request);
      const header = request.headers[CSRF_HEADER];
      if (!cookie || typeof header !== 'string' || !same(cookie, header))
        throw Boom.forbidden(
          'Your session has expired or this request did not come from Foyer. Reload the page and try again.',
        );
      return h.continue;
    });
    server.ext('onPreResponse', (request, h) => {
      if (!tokenOf(request)) {
        const token = randomBytes(32).toString('base64url');
        const response = request.response;
        if ('isBoom' in response) {
          // Errors carry their own headers; a cookie is not worth adding there.
          return h.continue;
        }
        response.state(CSRF_COOKIE, token);
      }
      return h.continue;
    });
  },
};
