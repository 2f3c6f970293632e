import { AccessibleSeatsInvalid } from '../errors.ts';

// "seats plus companions at most 2 ... companions without a seat invalid".
// A companion seat is sold to someone accompanying a guest in an accessible seat: at most two
// companions per accessible seat of the same event, and none without one. Accessible seats a
// companion may accompany: wheelchair spaces and aisle transfer seats (both mobility seats).

export const COMPANIONS_PER_ACCESSIBLE_SEAT = 2;

const ACCOMPANIED = new Set(['Wheelchair', 'AisleTransfer']);

export interface AccessibleTicket {
  readonly eventId: number;
  readonly adaType: string | null;
  readonly quantity: number;
}

/** Null when every event's companions are within the rule, else the first event that breaks it. */
export const checkAccessibleSeats = (tickets: readonly AccessibleTicket[]): AccessibleSeatsInvalid | null => {
  const byEvent = new Map<number, { accessible: number; companions: number }>();
  for (const t of tickets) {
    const counts = byEvent.get(t.eventId) ?? { accessible: 0, companions: 0 };
    if (t.adaType !== null && ACCOMPANIED.has(t.adaType)) counts.accessible += t.quantity;
    if (t.adaType === 'Companion') counts.companions += t.quantity;
    byEvent.set(t.eventId, counts);
  }
  for (const [eventId, { accessible, companions }] of byEvent) {
    if (companions > 0 && accessible === 0)
      return new AccessibleSeatsInvalid({ reason: 'CompanionWithoutAccessibleSeat', eventId });
    if (companions > accessible * COMPANIONS_PER_ACCESSIBLE_SEAT)
      return new AccessibleSeatsInvalid({ reason: 'TooManyCompanions', eventId });
  }
  return null;
};
