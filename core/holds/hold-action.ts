import type { EventSeatStatus } from '../inventory/seat-status.ts';

// What one apply of the Holds page does to each seat it names: put it on hold on a subclass,
// release it to open, or move a held seat to another subclass. A seat in a customer's live basket
// or sold is never touched, whatever the action: a hold must not take a seat from a buyer. The
// PostgreSQL statement (adapters/postgres/inventory/seat-status/staff-holds.ts) writes the same
// rule in SQL; adapters/postgres/holds/holds.test.ts checks the two agree on every state.

export type HoldAction =
  | { readonly kind: 'hold'; readonly subclassId: number }
  | { readonly kind: 'release' }
  | { readonly kind: 'move'; readonly subclassId: number };

/** Why a seat was left as it was. */
export type SkipReason = 'inBasket' | 'sold' | 'reserved' | 'alreadyThere' | 'notHeld' | 'unknownSeat';

export const SKIP_REASONS: readonly SkipReason[] = [
  'inBasket',
  'sold',
  'reserved',
  'alreadyThere',
  'notHeld',
  'unknownSeat',
];

/** A seat of the performance as the statement locked it. */
export interface SeatNow {
  readonly status: EventSeatStatus;
  /** Set exactly when status is Hold. */
  readonly holdSubclassId: number | null;
  /** A customer's basket holds the seat and its time has not run out. */
  readonly liveBasketHold: boolean;
}

export type SeatOutcome = { readonly apply: true } | { readonly apply: false; readonly reason: SkipReason };

const skip = (reason: SkipReason): SeatOutcome => ({ apply: false, reason });
const APPLY: SeatOutcome = { apply: true };

export const outcomeFor = (seat: SeatNow, action: HoldAction): SeatOutcome => {
  if (seat.liveBasketHold) return skip('inBasket');
  if (seat.status === 'Sold') return skip('sold');
  if (seat.status === 'Inquiry' || seat.status === 'Reserved') return skip('reserved');
  const held = seat.status === 'Hold';
  switch (action.kind) {
    case 'release':
      return held ? APPLY : skip('notHeld');
    case 'hold':
      return held && seat.holdSubclassId === action.subclassId ? skip('alreadyThere') : APPLY;
    case 'move':
      if (!held) return skip('notHeld');
      return seat.holdSubclassId === action.subclassId ? skip('alreadyThere') : APPLY;
  }
};

/** The seat after the action was applied to it (unchanged when skipped). */
export const seatAfter = (seat: SeatNow, action: HoldAction): SeatNow => {
  if (!outcomeFor(seat, action).apply) return seat;
  return action.kind === 'release'
    ? { ...seat, status: 'Open', holdSubclassId: null }
    : { ...seat, status: 'Hold', holdSubclassId: action.subclassId };
};

/** The subclass the applied seats end on (null: open). */
export const targetOf = (action: HoldAction): number | null =>
  action.kind === 'release' ? null : action.subclassId;

export interface ApplySummary {
  readonly applied: readonly string[];
  /** Each reason with the seats it kept, reasons in SKIP_REASONS order, empty ones left out. */
  readonly skipped: readonly { readonly reason: SkipReason; readonly keys: readonly string[] }[];
}

/**
 * The answer for the seats asked for: `found` is what the statement locked (and whether it
 * applied); a key the performance does not have is skipped as unknown.
 */
export const summarize = (
  requested: readonly string[],
  found: ReadonlyMap<string, SeatNow>,
  action: HoldAction,
): ApplySummary => {
  const applied: string[] = [];
  const byReason = new Map<SkipReason, string[]>();
  for (const key of new Set(requested)) {
    const seat = found.get(key);
    const outcome = seat === undefined ? skip('unknownSeat') : outcomeFor(seat, action);
    if (outcome.apply) applied.push(key);
    else byReason.set(outcome.reason, [...(byReason.get(outcome.reason) ?? []), key]);
  }
  return {
    applied,
    skipped: SKIP_REASONS.flatMap((reason) => {
      const keys = byReason.get(reason);
      return keys ? [{ reason, keys }] : [];
    }),
  };
};
