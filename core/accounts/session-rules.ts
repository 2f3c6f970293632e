// How long a signed-in session lasts. Staff sessions guard the till and every customer's data, so
// they end after 30 minutes without a request or 12 hours after sign-in, whichever comes first;
// a customer stays signed in on their own device for 30 days. A point-of-sale device (a counter
// computer paired through bridge/, core/accounts/staff/device-pairing.ts) stays paired for a year while
// it is used at least once a month; revoking it ends its session at once.
export type SessionKind = 'customer' | 'staff' | 'device';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface SessionLifetime {
  /** Ends this long after the last request. */
  readonly idleMs: number;
  /** Ends this long after sign-in, however busy. */
  readonly absoluteMs: number;
}

export const SESSION_LIFETIMES: Record<SessionKind, SessionLifetime> = {
  staff: { idleMs: 30 * MINUTE, absoluteMs: 12 * HOUR },
  customer: { idleMs: 30 * DAY, absoluteMs: 30 * DAY },
  device: { idleMs: 30 * DAY, absoluteMs: 365 * DAY },
};

/** When a session ends if no request comes (ms since the epoch). */
export const sessionEndsAt = (kind: SessionKind, createdAt: number, lastSeenAt: number): number => {
  const life = SESSION_LIFETIMES[kind];
  return Math.min(createdAt + life.absoluteMs, lastSeenAt + life.idleMs);
};

export const sessionIsLive = (
  kind: SessionKind,
  createdAt: number,
  lastSeenAt: number,
  now: number,
): boolean => now < sessionEndsAt(kind, createdAt, lastSeenAt);

/**
 * A request records itself on the session only when the last record is this old: one write a
 * minute per busy session instead of one per request; the idle limit is long enough to absorb it.
 */
export const TOUCH_EVERY_MS = MINUTE;
export const shouldTouch = (lastSeenAt: number, now: number): boolean => now - lastSeenAt >= TOUCH_EVERY_MS;
