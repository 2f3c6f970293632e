import Boom from '@hapi/boom';
import type { Plugin, Request, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import type { Identity, Session, StaffIdentity } from '../../../core/accounts/identity.ts';
import { AuditLog, Sessions } from '../../../core/accounts/ports.ts';
import { can, type Permission } from '../../../core/accounts/staff/permissions.ts';
import { ROLE_LABELS } from '../../../core/accounts/staff/roles.ts';
import { SESSION_LIFETIMES, type SessionKind } from '../../../core/accounts/session-rules.ts';
import type { AppRuntime } from '../../wiring.ts';
import { basketIdOf } from '../basket/basket-cookie.ts';

// Who a request speaks for: the server-side session its HttpOnly cookie names
// (adapters/postgres/accounts/sessions.ts). Read at most once per request, and only when a route
// asks (or a staff state change is to be audited), so consumer pages without a session pay nothing.
// Also here: the permission check of admin routes and the audit of staff state changes.

export interface SessionCookies {
  /** HttpOnly, SameSite=Lax; `__Host-` and Secure when the site is served over https. */
  readonly session: string;
  /** The login state cookie: readable by the web app ('customer' or 'staff'), no secret in it. */
  readonly signedIn: string;
}

export const SIGNED_IN_COOKIE = 'foyer_signed_in';
export const sessionCookiesFor = (secure: boolean): SessionCookies => ({
  session: secure ? '__Host-foyer_session' : 'foyer_session',
  signedIn: SIGNED_IN_COOKIE,
});

interface SessionState {
  readonly cookies: SessionCookies;
  readonly runtime: AppRuntime;
  read?: Promise<Session | null>;
}

declare module '@hapi/hapi' {
  interface RequestApplicationState {
    foyerSession?: SessionState;
  }
}

const stateOf = (request: Request): SessionState => {
  const state = request.app.foyerSession;
  if (!state) throw new Error('the session plugin is not registered');
  return state;
};

const tokenOf = (request: Request): string | null => {
  const value = request.state?.[stateOf(request).cookies.session] as unknown;
  return typeof value === 'string' && value.length > 0 ? value : null;
};

/** The request's live session, or null. */
export const sessionOf = (request: Request): Promise<Session | null> => {
  const state = stateOf(request);
  if (state.read) return state.read;
  const token = tokenOf(request);
  state.read = token
    ? state.runtime.runPromise(Sessions.use((sessions) => sessions.read(token)))
    : Promise.resolve(null);
  return state.read;
};

export const identityOf = async (request: Request): Promise<Identity | null> =>
  (await sessionOf(request))?.identity ?? null;

/** The signed-in staff member, when the session is staff's. */
export const staffOf = async (request: Request): Promise<StaffIdentity | null> => {
  const identity = await identityOf(request);
  return identity?.kind === 'staff' ? identity : null;
};

/** The signed-in customer's id, or a 401 for anyone else. */
export const requireCustomer = async (request: Request) => {
  const identity = await identityOf(request);
  if (identity?.kind !== 'customer') throw Boom.unauthorized('Please sign in to your account.');
  return { identity, session: (await sessionOf(request))! };
};

/** Does the session's role allow this? Consumers and customers never do. */
export const mayDo = async (request: Request, permission: Permission): Promise<boolean> => {
  const staff = await staffOf(request);
  return staff !== null && can(staff.role, permission);
};

/** Points the cookies at a new session (sign-in, sign-up). */
export const withSession = (
  request: Request,
  response: ResponseObject,
  token: string,
  kind: SessionKind,
): ResponseObject => {
  const { cookies } = stateOf(request);
  // Staff cookies end with the browser; a customer's lasts as long as the session may.
  const ttl = kind === 'customer' ? SESSION_LIFETIMES.customer.absoluteMs : null;
  stateOf(request).read = undefined;
  return response.state(cookies.session, token, { ttl }).state(cookies.signedIn, kind, { ttl });
};

/** Erases both cookies (sign-out, deleted account). */
export const withoutSession = (request: Request, response: ResponseObject): ResponseObject => {
  const { cookies } = stateOf(request);
  return response.unstate(cookies.session).unstate(cookies.signedIn);
};

/** The cookie's session token, to end it. */
export const sessionTokenOf = tokenOf;

const SAFE = new Set(['get', 'head', 'options']);

const routePermission = (request: Request): Permission | undefined =>
  (request.route.settings.plugins as { foyer?: { permission?: Permission } } | undefined)?.foyer?.permission;

const orderIdOf = (request: Request): number | null => {
  const response = request.response as ResponseObject | { isBoom: true };
  const source = 'source' in response ? (response.source as { Order?: { ID?: unknown } } | null) : null;
  if (source && typeof source === 'object' && typeof source.Order?.ID === 'number') return source.Order.ID;
  const id = Number((request.params as Record<string, string> | undefined)?.id);
  return /\/orders\//i.test(request.route.path) && Number.isSafeInteger(id) ? id : null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The basket a change was made to: the one the answer names (a new basket), else the cookie's. */
const auditedBasketOf = (request: Request): string | null => {
  const response = request.response as ResponseObject | { isBoom: true };
  const source =
    'source' in response ? (response.source as { ID?: unknown; Basket?: { ID?: unknown } } | null) : null;
  const named = source && typeof source === 'object' ? (source.Basket?.ID ?? source.ID) : undefined;
  return typeof named === 'string' && UUID.test(named) ? named.toLowerCase() : basketIdOf(request);
};

export const sessionPlugin: Plugin<{ runtime: AppRuntime; secure: boolean }> = {
  name: 'foyer-session',
  register: (server, { runtime, secure }) => {
    const cookies = sessionCookiesFor(secure);
    const common = {
      isSecure: secure,
      path: '/',
      encoding: 'none',
      ignoreErrors: true,
      clearInvalid: true,
      strictHeader: true,
    } as const;
    server.state(cookies.session, { ...common, isHttpOnly: true, isSameSite: 'Lax' });
    server.state(cookies.signedIn, { ...common, isHttpOnly: false, isSameSite: 'Lax' });

    server.ext('onRequest', (request, h) => {
      request.app.foyerSession = { cookies, runtime };
      return h.continue;
    });

    // After the CSRF check (onPreAuth), before the payload is validated: an unauthorised caller
    // learns nothing about the call's body.
    server.ext('onPostAuth', async (request, h: ResponseToolkit) => {
      const permission = routePermission(request);
      if (!permission) return h.continue;
      const identity = await identityOf(request);
      if (identity === null) throw Boom.unauthorized('Please sign in with a staff account.');
      if (identity.kind !== 'staff') throw Boom.forbidden('This needs a staff account.');
      if (!can(identity.role, permission))
        throw Boom.forbidden(`A ${ROLE_LABELS[identity.role].toLowerCase()} may not do this.`);
      return h.continue;
    });

    // A cookie whose session has ended (signed out elsewhere, idle, disabled) is erased, so the
    // readable login-state cookie does not go on saying someone is signed in.
    server.ext('onPreResponse', async (request, h) => {
      const state = request.app.foyerSession;
      if (!state?.read || !tokenOf(request)) return h.continue;
      const session = await state.read.catch(() => undefined);
      const response = request.response;
      if (session === null && !('isBoom' in response && response.isBoom))
        (response as ResponseObject).unstate(cookies.session).unstate(cookies.signedIn);
      return h.continue;
    });

    // Every state change a staff member makes through the API is written down: who, what, which
    // order or basket, the answer's status. Written before the answer leaves.
    server.ext('onPreResponse', async (request, h) => {
      if (SAFE.has(request.method) || !request.path.toLowerCase().startsWith('/api/')) return h.continue;
      if (!tokenOf(request)) return h.continue;
      const staff = await staffOf(request).catch(() => null);
      if (!staff) return h.continue;
      const response = request.response;
      const status =
        'isBoom' in response && response.isBoom
          ? response.output.statusCode
          : (response as ResponseObject).statusCode;
      if (status === 401 || status === 403) return h.continue;
      await runtime.runPromise(
        AuditLog.use((log) =>
          log.record({
            staff: { staffUserId: staff.staffUserId, email: staff.email },
            action: `${request.method.toUpperCase()} ${request.route.path}`,
            orderId: orderIdOf(request),
            basketId: auditedBasketOf(request),
            status,
            details: { path: request.path },
          }),
        ),
      );
      return h.continue;
    });
  },
};
