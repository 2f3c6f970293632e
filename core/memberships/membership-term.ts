import { addDays } from './gift-delivery.ts';

// A membership's term: it starts on the day it is delivered (the day of the order for oneself,
// the delivery day for a dated gift), in the venue's time zone, and lasts its type's months; the
// last day is the day before the same date that many months later (a month without that day ends
// on its last day: 31 January + 1 month ends on 27/28 February).

export interface MembershipTerm {
  /** 'YYYY-MM-DD', the first day. */
  readonly startsOn: string;
  /** 'YYYY-MM-DD', the last day included. */
  readonly endsOn: string;
}

/** The same day `months` later, clamped to the last day of a shorter month. */
export const addMonths = (localDate: string, months: number): string => {
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, lastDay)))
    .toISOString()
    .slice(0, 10);
};

export const membershipTerm = (startsOn: string, durationMonths: number): MembershipTerm => ({
  startsOn,
  endsOn: addDays(addMonths(startsOn, durationMonths), -1),
});

/**
 * A renewal: bought while the member holds a membership of the same type that ends on or after
 * the planned first day (`currentEnd`, the latest such last day), the new term starts the day
 * after it, so no day is paid for twice and none is lost between the two; else the planned term.
 */
export const renewedTerm = (
  startsOn: string,
  durationMonths: number,
  currentEnd: string | null,
): MembershipTerm =>
  currentEnd !== null && currentEnd >= startsOn
    ? membershipTerm(addDays(currentEnd, 1), durationMonths)
    : membershipTerm(startsOn, durationMonths);

/**
 * What the membership page tells a member about buying the type again on `today`: the last day of
 * their latest term of it that has not ended (`ends`: the last days of their terms of that type),
 * and the day a term bought now starts (renewedTerm); null when none runs or is to come.
 */
export const renewalOf = (
  ends: readonly string[],
  today: string,
): { readonly until: string; readonly from: string } | null => {
  const until = ends.reduce<string | null>(
    (latest, end) => (latest === null || end > latest ? end : latest),
    null,
  );
  return until === null || until < today ? null : { until, from: addDays(until, 1) };
};

export type MembershipStatus = 'Active' | 'Scheduled' | 'Expired';

/**
 * Where a membership stands on `today` (the venue's local date): a gift not yet delivered, or a
 * term not yet begun, is Scheduled; after its last day it is Expired; else Active.
 */
export const membershipStatus = (
  membership: MembershipTerm & { readonly delivered: boolean },
  today: string,
): MembershipStatus => {
  if (!membership.delivered || today < membership.startsOn) return 'Scheduled';
  if (today > membership.endsOn) return 'Expired';
  return 'Active';
};
