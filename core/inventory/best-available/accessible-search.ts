// The accessible search's limits: accessible seats plus companions at most 2; an ask over the
// limit is cut to 2 seats (or 1 and a companion) and the web shows an error flag; companions
// without an accessible seat are refused. The best-available accessible modal asks for
// accessible seats of one type and companion seats beside them.

/** The accessible seat types a companion may accompany (core/basket/rules/accessible-seats.ts). */
export const ACCESSIBLE_SEARCH_TYPES = ['Wheelchair', 'AisleTransfer'] as const;
export type AccessibleSearchType = (typeof ACCESSIBLE_SEARCH_TYPES)[number];

/** Accessible seats plus companions in one search. */
export const MAX_ACCESSIBLE_PARTY = 2;

export interface AccessibleAsk {
  readonly type: AccessibleSearchType;
  readonly seats: number;
  readonly companions: number;
}

export type AccessibleSearch =
  | {
      readonly ok: true;
      readonly type: AccessibleSearchType;
      readonly seats: number;
      readonly companions: number;
      /** The ask was over the limit and was cut: the web shows the error flag. */
      readonly trimmed: boolean;
    }
  | { readonly ok: false; readonly reason: 'CompanionWithoutSeat' | 'NothingAsked' };

const whole = (n: number) => (Number.isSafeInteger(n) && n > 0 ? n : 0);

/**
 * The accessible search to run. Over the limit, companions stay (at most one: a companion needs
 * a seat beside it) and accessible seats are cut to what is left: 2 without a companion, 1 with.
 */
export const accessibleSearch = (ask: AccessibleAsk): AccessibleSearch => {
  const seats = whole(ask.seats);
  const companions = whole(ask.companions);
  if (companions > 0 && seats === 0) return { ok: false, reason: 'CompanionWithoutSeat' };
  if (seats === 0) return { ok: false, reason: 'NothingAsked' };
  if (seats + companions <= MAX_ACCESSIBLE_PARTY)
    return { ok: true, type: ask.type, seats, companions, trimmed: false };
  const keptCompanions = Math.min(companions, MAX_ACCESSIBLE_PARTY - 1);
  return {
    ok: true,
    type: ask.type,
    seats: MAX_ACCESSIBLE_PARTY - keptCompanions,
    companions: keptCompanions,
    trimmed: true,
  };
};
