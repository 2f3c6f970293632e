import { Effect } from 'effect';
import { currentTime } from '../catalogue/current-time.ts';
import { localDateAt } from './gift-delivery.ts';
import { membershipStatus, type MembershipStatus } from './membership-term.ts';
import { MembershipNotFound, Memberships, type IssuedMembership } from './ports.ts';

// The member's card: shown to the member themself (their session) or to staff. Anyone else, and
// a gift not yet delivered to anyone but staff, gets "not found": the answer never tells that a
// membership exists.

export interface Viewer {
  readonly customerId: number | null;
  readonly staff: boolean;
}

export interface MembershipCardView {
  readonly membership: IssuedMembership;
  readonly status: MembershipStatus;
}

/** Whether the viewer may see the card. */
export const maySee = (membership: IssuedMembership, viewer: Viewer): boolean =>
  viewer.staff || (viewer.customerId === membership.customerId && membership.deliveredAt !== null);

const cardOf = (membership: IssuedMembership, now: Date): MembershipCardView => ({
  membership,
  status: membershipStatus(
    { startsOn: membership.startsOn, endsOn: membership.endsOn, delivered: membership.deliveredAt !== null },
    localDateAt(now, membership.timeZone),
  ),
});

/** One membership's card, for its member (or staff). */
export const membershipCard = (membershipId: number, customerId: number, viewer: Viewer) =>
  Effect.gen(function* () {
    const found = yield* (yield* Memberships).byId(membershipId);
    if (!found || found.customerId !== customerId || !maySee(found, viewer))
      return yield* Effect.fail(new MembershipNotFound({ what: 'card' }));
    return cardOf(found, yield* currentTime);
  });

/** The signed-in customer's account page: their delivered memberships. */
export const customerMemberships = (customerId: number) =>
  Effect.gen(function* () {
    const all = yield* (yield* Memberships).ofCustomer(customerId);
    const now = yield* currentTime;
    return all.filter((m) => m.deliveredAt !== null).map((m) => cardOf(m, now));
  });
