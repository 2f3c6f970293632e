import { isCalendarDate, localDay, startOfLocalDay, type CalendarDate } from '../catalogue/local-time.ts';
import { gatewaySlotOf } from '../payments/payment-types.ts';

// The till at shift close: a counter's day of money movements in, a report out. Pure.
//
// A movement is a payment taken at a counter (amount > 0, or 0 for a comp of nothing) or a
// refund paid out there (amount < 0). Payments are summed by what the drawer or the bank sees:
// cash, checks, cards, comps and the box office's own (custom) types. Refunds are kept apart as
// RefundsPaidOut, whatever their type; a cash refund also leaves the drawer, so
//   cash expected in the drawer = cash taken (amount = tendered - change) - cash refunds paid out.
// One row per seller and counter, with the lines (orders) behind its figures; totals over rows.

export type TillColumn = 'cash' | 'check' | 'card' | 'comp' | 'custom';

export interface TillMovement {
  readonly paymentId: number;
  readonly orderId: number;
  readonly orderName: string;
  /** null when the staff account is gone (the payment keeps the name). */
  readonly sellerId: number | null;
  readonly sellerName: string;
  readonly counter: string;
  readonly paymentType: string;
  readonly paymentMethodName: string | null;
  /** Minor units: > 0 taken, < 0 paid out (a refund). */
  readonly amount: number;
  readonly at: Date;
}

export interface TillFigures {
  readonly cash: number;
  readonly check: number;
  readonly card: number;
  readonly comp: number;
  readonly custom: number;
  /** Money given back at the counter, any type (a positive figure). */
  readonly refundsPaidOut: number;
  readonly cashExpected: number;
  /** Payments taken (refunds not counted). */
  readonly paymentCount: number;
}

export interface TillRow extends TillFigures {
  readonly sellerId: number | null;
  readonly sellerName: string;
  readonly counter: string;
  /** Oldest first. */
  readonly lines: readonly TillMovement[];
}

export interface TillReport {
  readonly rows: readonly TillRow[];
  readonly totals: TillFigures;
}

/** Which column of the till a payment type falls in. */
export const tillColumnOf = (paymentType: string): TillColumn => {
  switch (paymentType) {
    case 'Cash':
      return 'cash';
    case 'Check':
      return 'check';
    case 'Comp':
      return 'comp';
    default:
      return gatewaySlotOf(paymentType) === 'card' ? 'card' : 'custom';
  }
};

export const ZERO_FIGURES: TillFigures = {
  cash: 0,
  check: 0,
  card: 0,
  comp: 0,
  custom: 0,
  refundsPaidOut: 0,
  cashExpected: 0,
  paymentCount: 0,
};

const add = (figures: TillFigures, m: TillMovement): TillFigures => {
  const column = tillColumnOf(m.paymentType);
  if (m.amount < 0) {
    const out = -m.amount;
    return {
      ...figures,
      refundsPaidOut: figures.refundsPaidOut + out,
      cashExpected: figures.cashExpected - (column === 'cash' ? out : 0),
    };
  }
  return {
    ...figures,
    [column]: figures[column] + m.amount,
    cashExpected: figures.cashExpected + (column === 'cash' ? m.amount : 0),
    paymentCount: figures.paymentCount + 1,
  };
};

export const sumFigures = (movements: readonly TillMovement[]): TillFigures =>
  movements.reduce(add, ZERO_FIGURES);

const plus = (a: TillFigures, b: TillFigures): TillFigures => ({
  cash: a.cash + b.cash,
  check: a.check + b.check,
  card: a.card + b.card,
  comp: a.comp + b.comp,
  custom: a.custom + b.custom,
  refundsPaidOut: a.refundsPaidOut + b.refundsPaidOut,
  cashExpected: a.cashExpected + b.cashExpected,
  paymentCount: a.paymentCount + b.paymentCount,
});

const byTime = (a: TillMovement, b: TillMovement) =>
  a.at.getTime() - b.at.getTime() || a.paymentId - b.paymentId;

const keyOf = (m: TillMovement) => JSON.stringify([m.sellerId ?? `name:${m.sellerName}`, m.counter]);

/** The report: one row per seller and counter (by seller name, then counter), totals over all. */
export const tillReport = (movements: readonly TillMovement[]): TillReport => {
  const groups = new Map<string, TillMovement[]>();
  for (const m of movements) {
    const key = keyOf(m);
    const group = groups.get(key);
    if (group) group.push(m);
    else groups.set(key, [m]);
  }
  const rows = [...groups.values()]
    .map((group): TillRow => {
      const lines = [...group].sort(byTime);
      const first = lines[0]!;
      return {
        sellerId: first.sellerId,
        sellerName: first.sellerName,
        counter: first.counter,
        ...sumFigures(lines),
        lines,
      };
    })
    .sort(
      (a, b) =>
        a.sellerName.localeCompare(b.sellerName) ||
        (a.sellerId ?? 0) - (b.sellerId ?? 0) ||
        a.counter.localeCompare(b.counter),
    );
  return { rows, totals: rows.reduce<TillFigures>(plus, ZERO_FIGURES) };
};

/** 'YYYY-MM-DD' as a calendar date, or null when it names no real day. */
export const parseTillDate = (text: string): CalendarDate | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isCalendarDate(date) ? date : null;
};

/**
 * The instants a local day covers in `timeZone`: [from, to). 23 or 25 hours on the days the
 * clocks change.
 */
export const tillDay = (date: CalendarDate, timeZone: string): { from: Date; to: Date } => {
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day + 1));
  return {
    from: startOfLocalDay(date, timeZone),
    to: startOfLocalDay(
      { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() },
      timeZone,
    ),
  };
};

/** Today's date in `timeZone`, 'YYYY-MM-DD'. */
export const tillToday = (now: Date, timeZone: string): string => localDay(now, timeZone);
