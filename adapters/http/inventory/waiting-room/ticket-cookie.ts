import type { Request, ResponseObject } from '@hapi/hapi';
import { createHmac, timingSafeEqual } from 'node:crypto';

// A queue ticket travels in an HttpOnly cookie per event, signed with HMAC-SHA256 so a visitor
// cannot claim someone else's place by guessing or editing it: `<ticketId>.<signature>`, the
// signature over the event id and ticket id.

export const ticketCookieName = (eventId: number) => `foyer_wr_${eventId}`;

const signature = (key: string, eventId: number, ticketId: string) =>
  createHmac('sha256', key).update(`${eventId}.${ticketId}`).digest('base64url');

export const signTicket = (key: string, eventId: number, ticketId: string) =>
  `${ticketId}.${signature(key, eventId, ticketId)}`;

const TICKET = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

/** The ticket id the cookie carries, when its signature holds; null otherwise. */
export const verifyTicket = (key: string, eventId: number, value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const match = TICKET.exec(value);
  if (!match) return null;
  const [, ticketId, given] = match as unknown as [string, string, string];
  const expected = Buffer.from(signature(key, eventId, ticketId));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? ticketId : null;
};

export const ticketFrom = (request: Request, key: string, eventId: number) =>
  verifyTicket(key, eventId, request.state[ticketCookieName(eventId)]);

export const setTicket = (
  response: ResponseObject,
  key: string,
  eventId: number,
  ticketId: string,
  secure: boolean,
) =>
  response.state(ticketCookieName(eventId), signTicket(key, eventId, ticketId), {
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
