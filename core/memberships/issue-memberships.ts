import { Effect } from 'effect';
import { currentTime } from '../catalogue/current-time.ts';
import { MailSender } from '../orders/ports.ts';
import { giftDeliveryInstant, isGiftDue, localDateAt } from './gift-delivery.ts';
import { cardPath, membershipEmail } from './membership-email.ts';
import { membershipTerm } from './membership-term.ts';
import {
  GiftDeliveryJobs,
  Memberships,
  type DeliveryOutcome,
  type MembershipOrder,
  type MembershipSaleLine,
  type MembershipType,
} from './ports.ts';

// After an order is placed: each membership line issued once (keyed by its basket item), then
// delivered (the tag given and the card e-mailed) at once, or, for a gift dated later, by the
// gift job at 09:00 on its day in the venue's time zone (worker/membership-gifts.ts).

export interface MembershipIssueTally {
  readonly issued: number;
  readonly delivered: number;
  readonly scheduled: number;
}

/** Who the line's membership is for, its term and when it is due, as of `now`. */
export const planIssue = (
  order: MembershipOrder,
  line: MembershipSaleLine,
  type: MembershipType,
  now: Date,
) => {
  const gift = line.gift;
  const member = gift.isGift
    ? {
        customerId: null,
        email: gift.email ?? '',
        firstName: gift.firstName ?? '',
        lastName: gift.lastName ?? '',
      }
    : {
        customerId: order.customerId,
        email: order.buyerEmail ?? '',
        firstName: order.buyerFirstName,
        lastName: order.buyerLastName,
      };
  const dated = gift.isGift && !gift.isSendNow && gift.deliveryLocalDate !== null;
  const deliverAt = dated ? giftDeliveryInstant(gift.deliveryLocalDate!, type.timeZone) : null;
  const term = membershipTerm(
    dated ? gift.deliveryLocalDate! : localDateAt(now, type.timeZone),
    type.durationMonths,
  );
  return { member, deliverAt, ...term };
};

/**
 * Delivers one membership if it is due and not yet delivered: tag and e-mail in the store's one
 * transaction (Memberships.deliver), so twice is never, and a failed send is tried again later.
 */
export const deliverMembership = (membershipId: number) =>
  Effect.gen(function* () {
    const store = yield* Memberships;
    const mail = yield* MailSender;
    const now = yield* currentTime;
    return yield* store.deliver(membershipId, now, (m) =>
      mail.send(
        membershipEmail({
          to: m.memberEmail,
          memberName: `${m.memberFirstName} ${m.memberLastName}`.trim(),
          membershipName: m.membershipName,
          priceLevelName: m.priceLevelName,
          startsOn: m.startsOn,
          endsOn: m.endsOn,
          cardUrl: `${store.publicUrl}${cardPath(m.id, m.customerId)}`,
          giverName: m.isGift ? (m.giverName ?? 'A friend') : null,
          message: m.giftMessage,
        }),
      ),
    );
  });

/** Issues an order's memberships (each once) and delivers those due; schedules the dated gifts. */
export const issueMemberships = (orderId: number) =>
  Effect.gen(function* () {
    const store = yield* Memberships;
    const order = yield* store.order(orderId);
    const tally = { issued: 0, delivered: 0, scheduled: 0 };
    if (!order) return tally satisfies MembershipIssueTally;
    const now = yield* currentTime;
    for (const line of order.lines) {
      let id = line.membershipId;
      let deliverAt: Date | null;
      if (id === null) {
        const type = yield* store.typeById(line.membershipTypeId);
        if (!type) continue;
        const plan = planIssue(order, line, type, now);
        if (plan.member.email === '') continue;
        const issued = yield* store.issue({
          orderId: order.orderId,
          itemId: line.itemId,
          membershipTypeId: type.id,
          priceLevelId: line.priceLevelId,
          price: line.price,
          member: plan.member,
          buyerCustomerId: order.customerId,
          startsOn: plan.startsOn,
          durationMonths: type.durationMonths,
          isGift: line.gift.isGift,
          giftMessage: line.gift.message,
          deliverAt: plan.deliverAt,
        });
        id = issued.id;
        deliverAt = issued.deliverAt;
        if (issued.deliveredAt !== null) continue;
      } else {
        const found = yield* store.byId(id);
        if (!found || found.deliveredAt !== null) continue;
        deliverAt = found.deliverAt;
      }
      tally.issued++;
      if (!isGiftDue(deliverAt, now)) {
        yield* (yield* GiftDeliveryJobs).schedule(id, deliverAt!);
        tally.scheduled++;
        continue;
      }
      const outcome = yield* Effect.orElseSucceed(deliverMembership(id), (): DeliveryOutcome => 'NotDue');
      if (outcome === 'Delivered') tally.delivered++;
    }
    return tally satisfies MembershipIssueTally;
  });

/**
 * Every membership due at the Clock's `now` and not delivered, delivered (the gift job's work,
 * and the sweep after a failed send). Answers how many were delivered.
 */
export const deliverDueMemberships = Effect.gen(function* () {
  const store = yield* Memberships;
  const ids = yield* store.dueGifts(yield* currentTime);
  let delivered = 0;
  for (const id of ids) {
    const outcome = yield* Effect.orElseSucceed(deliverMembership(id), (): DeliveryOutcome => 'NotDue');
    if (outcome === 'Delivered') delivered++;
  }
  return delivered;
});
