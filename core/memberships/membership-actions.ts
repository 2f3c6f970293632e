import { Effect } from 'effect';
import { afterHold, answerBasket, type Caller } from '../basket/basket-answer.ts';
import { BasketRuleViolation } from '../basket/errors.ts';
import { currentTime } from '../catalogue/current-time.ts';
import { cleanGift, giftProblems, localDateAt, type GiftRequest } from './gift-delivery.ts';
import { renewalOf } from './membership-term.ts';
import { MembershipNotFound, MembershipRequestInvalid, Memberships, type MembershipType } from './ports.ts';

// The membership page's offer and a membership into the basket (paid through the normal checkout).

/** The storefront's membership page: the type on sale and its price levels. */
export const membershipOffer = (code: string) =>
  Effect.gen(function* () {
    const type = yield* (yield* Memberships).typeByCode(code.trim());
    if (!type) return yield* Effect.fail(new MembershipNotFound({ what: 'type' }));
    return type;
  });

/** A buyer puts one membership in their basket (a new one if none is live). */
export const addMembership = (cmd: {
  readonly caller: Caller;
  readonly holdSeconds: number;
  readonly salesChannel: string;
  readonly code: string;
  readonly priceLevelId: number;
  readonly gift: GiftRequest;
}) =>
  Effect.gen(function* () {
    const memberships = yield* Memberships;
    const type = yield* memberships.typeByCode(cmd.code.trim());
    if (!type) return yield* Effect.fail(new MembershipNotFound({ what: 'type' }));
    const level = type.priceLevels.find((l) => l.id === cmd.priceLevelId);
    const problems = [
      ...(level ? [] : [{ field: 'priceLevelID', message: 'This price level is not offered.' }]),
      ...giftProblems(cmd.gift, yield* currentTime, type.timeZone),
    ];
    if (problems.length > 0) return yield* Effect.fail(new MembershipRequestInvalid({ problems }));
    if (!type.isOnSale)
      return yield* Effect.fail(
        new BasketRuleViolation({ rule: 'Membership', message: `${type.name} is not on sale.` }),
      );
    const channel = cmd.salesChannel.trim() === '' ? 'Web' : cmd.salesChannel.trim();
    if (channel.toLowerCase() !== 'web' && !cmd.caller.staff)
      return yield* Effect.fail(
        new BasketRuleViolation({
          rule: 'SalesChannel',
          message: `Only box-office staff may sell on the ${channel} channel.`,
        }),
      );
    const added = yield* memberships.addToBasket({
      basketId: cmd.caller.basketId,
      channelCode: channel,
      holdSeconds: cmd.holdSeconds,
      staffLane: cmd.caller.staff,
      type,
      level: level!,
      gift: cleanGift(cmd.gift),
    });
    yield* afterHold({ basket: added.basket, created: added.created, changes: [] });
    return { basket: yield* answerBasket(added.basket), basketId: added.basket.id, created: added.created };
  });

/**
 * For a signed-in customer who holds `type` now or from a later day: until when, and from when a
 * term bought today would run (membership-term.ts renewalOf); null for anyone else.
 */
export const memberRenewal = (customerId: number | null, type: MembershipType) =>
  Effect.gen(function* () {
    if (customerId === null) return null;
    const held = yield* (yield* Memberships).ofCustomer(customerId);
    const ends = held.filter((m) => m.membershipTypeCode === type.code).map((m) => m.endsOn);
    return renewalOf(ends, localDateAt(yield* currentTime, type.timeZone));
  });

/** `foyer memberships list`: every type on the books, its levels and its members today. */
export const membershipTypeSummaries = Memberships.use((store) => store.typeSummaries());

/** Today where the membership type's venue is (for the page's date picker). */
export const todayAt = (timeZone: string) => Effect.map(currentTime, (now) => localDateAt(now, timeZone));
