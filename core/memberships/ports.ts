import { Context, Data, type Effect } from 'effect';
import type { Basket } from '../basket/basket.ts';
import type { BasketNotFound, BasketRuleViolation } from '../basket/errors.ts';
import type { MailFailed } from '../orders/ports.ts';
import type { FieldProblem, GiftRequest } from './gift-delivery.ts';

// What memberships need from the world: the types on sale, the basket line, the memberships
// issued once per basket item, their delivery (PostgreSQL: adapters/postgres/memberships/), and
// the job that delivers a dated gift (pg-boss: adapters/postgres/memberships/gift-jobs.ts).

export interface MembershipPriceLevel {
  readonly id: number;
  readonly displayName: string;
  readonly description: string | null;
  readonly price: number;
  readonly discountedDisplayPrice: number | null;
}

export interface MembershipType {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  readonly description: string | null;
  readonly durationMonths: number;
  readonly customerTagTypeId: number;
  readonly timeZone: string;
  readonly currency: string;
  readonly imageUrl: string | null;
  readonly isOnSale: boolean;
  /** In display order. */
  readonly priceLevels: readonly MembershipPriceLevel[];
}

/** A membership line of a placed order, with its membership once issued. */
export interface MembershipSaleLine {
  /** The basket item it was sold as: issuing is once per item. */
  readonly itemId: number;
  readonly membershipTypeId: number;
  readonly priceLevelId: number;
  readonly price: number;
  readonly gift: GiftRequest;
  readonly membershipId: number | null;
}

export interface MembershipTypeSummary {
  readonly type: MembershipType;
  /** Customers whose delivered membership of the type covers today in its venue's time zone. */
  readonly activeMembers: number;
}

export interface MembershipOrder {
  readonly orderId: number;
  readonly customerId: number | null;
  readonly buyerFirstName: string;
  readonly buyerLastName: string;
  readonly buyerEmail: string | null;
  readonly lines: readonly MembershipSaleLine[];
}

/** What to issue for one line (the store adds the barcode). */
export interface MembershipToIssue {
  readonly orderId: number;
  readonly itemId: number;
  readonly membershipTypeId: number;
  readonly priceLevelId: number;
  readonly price: number;
  /** The order's customer for oneself (null: found by e-mail, or made), the recipient of a gift. */
  readonly member: {
    readonly customerId: number | null;
    readonly email: string;
    readonly firstName: string;
    readonly lastName: string;
  };
  readonly buyerCustomerId: number | null;
  /**
   * The planned first day and the type's months: the store makes the term (membership-term.ts
   * renewedTerm), after the member's current term of the same type when this is a renewal.
   */
  readonly startsOn: string;
  readonly durationMonths: number;
  readonly isGift: boolean;
  readonly giftMessage: string | null;
  /** When a dated gift is due; null: at once. */
  readonly deliverAt: Date | null;
}

/** A membership as its card and its e-mail show it. */
export interface IssuedMembership {
  readonly id: number;
  readonly customerId: number;
  readonly memberFirstName: string;
  readonly memberLastName: string;
  readonly memberEmail: string;
  readonly membershipTypeCode: string;
  readonly membershipName: string;
  readonly priceLevelName: string;
  readonly timeZone: string;
  readonly startsOn: string;
  readonly endsOn: string;
  readonly barcode: string;
  readonly isGift: boolean;
  readonly giftMessage: string | null;
  readonly giverName: string | null;
  readonly deliverAt: Date | null;
  readonly deliveredAt: Date | null;
}

export type DeliveryOutcome = 'Delivered' | 'AlreadyDelivered' | 'NotDue' | 'NoSuchMembership';

export class Memberships extends Context.Service<
  Memberships,
  {
    /** A type by code (any case); null: none, or archived. */
    readonly typeByCode: (code: string) => Effect.Effect<MembershipType | null>;
    /** Adds the line to the caller's live basket, or to a new one on the channel. */
    readonly addToBasket: (request: {
      readonly basketId: string | null;
      readonly channelCode: string;
      readonly holdSeconds: number;
      readonly staffLane: boolean;
      readonly type: MembershipType;
      readonly level: MembershipPriceLevel;
      readonly gift: GiftRequest;
    }) => Effect.Effect<
      { readonly basket: Basket; readonly created: boolean },
      BasketNotFound | BasketRuleViolation
    >;
    /** A placed order's membership lines (none: it sold none); null: no such order. */
    readonly order: (orderId: number) => Effect.Effect<MembershipOrder | null>;
    readonly typeById: (id: number) => Effect.Effect<MembershipType | null>;
    /** Every type not archived, by code, with its members today (`foyer memberships list`). */
    readonly typeSummaries: () => Effect.Effect<readonly MembershipTypeSummary[]>;
    /** Issues the line's membership (the member found by e-mail, or made), or answers the one already issued. */
    readonly issue: (request: MembershipToIssue) => Effect.Effect<IssuedMembership>;
    readonly byId: (membershipId: number) => Effect.Effect<IssuedMembership | null>;
    readonly ofCustomer: (customerId: number) => Effect.Effect<readonly IssuedMembership[]>;
    /**
     * Delivers once: under the membership's row lock, if it is due at `now` and not delivered,
     * gives the member the type's tag, runs `send` and marks it delivered, all in one transaction
     * (a failed send changes nothing). A twin run waits for the lock and answers AlreadyDelivered.
     */
    readonly deliver: (
      membershipId: number,
      now: Date,
      send: (membership: IssuedMembership) => Effect.Effect<void, MailFailed>,
    ) => Effect.Effect<DeliveryOutcome, MailFailed>;
    /** Gifts due at `now` and not delivered (the sweep behind the jobs). */
    readonly dueGifts: (now: Date) => Effect.Effect<readonly number[]>;
    /** The storefront's address, for the card link in e-mails. */
    readonly publicUrl: string;
  }
>()('foyer/memberships/Memberships') {}

/** The job that delivers a dated gift at its instant (pg-boss; none in a process without a queue). */
export class GiftDeliveryJobs extends Context.Service<
  GiftDeliveryJobs,
  { readonly schedule: (membershipId: number, at: Date) => Effect.Effect<void> }
>()('foyer/memberships/GiftDeliveryJobs') {}

/** No such membership type, an archived one, or a card that is not the caller's. */
export class MembershipNotFound extends Data.TaggedError('MembershipNotFound')<{
  readonly what: 'type' | 'card';
}> {}

/** The request names fields to put right; nothing was changed. */
export class MembershipRequestInvalid extends Data.TaggedError('MembershipRequestInvalid')<{
  readonly problems: readonly FieldProblem[];
}> {}
