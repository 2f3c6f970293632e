// The waiting room of a heavy on-sale: a fair queue in front of the
// event's inventory, best-available and basket calls.
//
// - Order: visitors who arrive before the on-sale time draw a secret lottery number when they
//   join; at opening they are ordered by it (one random shuffle at opening, decided by numbers
//   nobody sees before). Everyone arriving later queues behind them in arrival order (FIFO).
// - Admission: a budget of admissions grows at the configured rate per minute from opening,
//   not while paused, and never banks more than the number of people queued (an empty queue
//   does not save up a burst). Position p is admitted once the budget reaches p, so every place
//   is admitted exactly once and nobody is overtaken.
// - An admitted visitor must make a first guarded call within the admitted ticket's lifetime,
//   or the turn lapses.
// Pure rules over plain numbers (times in epoch milliseconds); the Redis adapter's Lua script
// does the same arithmetic, and one contract test suite holds both to it.

export interface WaitingRoomSettings {
  readonly enabled: boolean;
  readonly ratePerMinute: number;
  readonly paused: boolean;
  /** How long an admitted visitor has to make their first call. */
  readonly admittedTtlSeconds: number;
  /** Bumped by every change, with the time of the change. */
  readonly version: number;
  readonly changedAt: number;
}

/** One event's room as the queue store needs it. */
export interface Room {
  readonly eventId: number;
  /** The on-sale time: admissions start here. */
  readonly opensAt: number;
  readonly settings: WaitingRoomSettings;
}

/** The admission budget as last folded, with the settings it was folded under. */
export interface AdmissionBudget {
  readonly budget: number;
  readonly at: number;
  readonly version: number;
  readonly ratePerMinute: number;
  readonly paused: boolean;
}

export const DEFAULT_RATE_PER_MINUTE = 500;
export const DEFAULT_ADMITTED_TTL_SECONDS = 600;

/** Pre-opening lottery numbers are below this; later arrivals score LATE_BASE + their order. */
export const LATE_BASE = 2 ** 40;

const accrue = (room: Room, from: number, to: number, ratePerMinute: number, paused: boolean) => {
  const start = Math.max(from, room.opensAt);
  if (paused || to <= start) return 0;
  return (ratePerMinute * (to - start)) / 60_000;
};

/**
 * The budget at `now`. Settings changed since the last fold apply from their change time (the
 * old rate up to it). `queued`: how many are in the queue now; the budget never exceeds it.
 */
export const foldBudget = (
  previous: AdmissionBudget | null,
  room: Room,
  now: number,
  queued: number,
): AdmissionBudget => {
  const settings = room.settings;
  const last: AdmissionBudget = previous ?? {
    budget: 0,
    at: room.opensAt,
    version: settings.version,
    ratePerMinute: settings.ratePerMinute,
    paused: settings.paused,
  };
  let budget = last.budget;
  let at = last.at;
  if (last.version !== settings.version) {
    const switchAt = Math.min(Math.max(settings.changedAt, at), now);
    budget = Math.min(budget + accrue(room, at, switchAt, last.ratePerMinute, last.paused), queued);
    at = switchAt;
  }
  budget = Math.min(budget + accrue(room, at, now, settings.ratePerMinute, settings.paused), queued);
  return {
    budget,
    at: Math.max(at, now),
    version: settings.version,
    ratePerMinute: settings.ratePerMinute,
    paused: settings.paused,
  };
};

/** Queue order: early arrivals by lottery number, then everyone else by arrival. */
export const queueScore = (room: Room, joinedAt: number, lottery: number, arrival: number): number =>
  joinedAt < room.opensAt ? Math.floor(lottery) % LATE_BASE : LATE_BASE + arrival;

/** What the store knows of one ticket. */
export interface Standing {
  /** 1-based place in the queue; null before opening for an early arrival (not drawn yet). */
  readonly position: number | null;
  readonly budget: number;
  readonly queued: number;
  /** When the store first saw the ticket admitted. */
  readonly admittedAt: number | null;
  /** When the ticket made its first guarded call. */
  readonly usedAt: number | null;
}

export type TicketState = 'BeforeOpening' | 'Waiting' | 'Paused' | 'Admitted' | 'Expired';

export interface TicketView {
  readonly state: TicketState;
  readonly position: number | null;
  /** People ahead who are not admitted yet. */
  readonly ahead: number | null;
  readonly estimatedWaitSeconds: number | null;
  /** An admitted ticket that has not been used lapses at this time. */
  readonly admittedUntil: number | null;
}

export const isAdmitted = (position: number | null, budget: number): boolean =>
  position !== null && position <= Math.floor(budget + 1e-9);

export const viewTicket = (room: Room, standing: Standing, now: number): TicketView => {
  const { position, budget, admittedAt, usedAt } = standing;
  const ttl = room.settings.admittedTtlSeconds * 1000;
  if (position === null || now < room.opensAt)
    return {
      state: 'BeforeOpening',
      position: null,
      ahead: null,
      estimatedWaitSeconds: Math.ceil(Math.max(0, room.opensAt - now) / 1000),
      admittedUntil: null,
    };
  if (isAdmitted(position, budget)) {
    const since = admittedAt ?? now;
    const expired = usedAt === null && now > since + ttl;
    return {
      state: expired ? 'Expired' : 'Admitted',
      position,
      ahead: 0,
      estimatedWaitSeconds: 0,
      admittedUntil: usedAt === null ? since + ttl : null,
    };
  }
  const ahead = Math.max(0, position - Math.floor(budget) - 1);
  const paused = room.settings.paused || room.settings.ratePerMinute <= 0;
  return {
    state: paused ? 'Paused' : 'Waiting',
    position,
    ahead,
    estimatedWaitSeconds: paused ? null : Math.ceil(((position - budget) / room.settings.ratePerMinute) * 60),
    admittedUntil: null,
  };
};

/** The room holds the event's calls: switched on, and the event sells as a heavy on-sale. */
export const roomIsActive = (settings: WaitingRoomSettings | null, useHeavyOnSale: boolean): boolean =>
  settings !== null && settings.enabled && useHeavyOnSale;
