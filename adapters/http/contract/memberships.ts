import { z } from 'zod';

// Shared with web/: no server imports here. Memberships: a membership type (its code is the
// URL's etCode, e.g. FRIENDS) sold at one of its price levels as a basket line, issued when the
// order is placed (to the buyer, or as a gift to the recipient, e-mailed now or on a chosen day),
// and the member's card. Amounts are integer minor units; dates are the venue's local dates.
//
// Answers besides 200:
//   400 { Message, Errors? }  a bad body (Errors names each field with its message)
//   404 { Message }           'Membership not found.' (an unknown or archived code, a card that is
//                             not the caller's), no live basket to add to when one is named

export const MembershipCodeParams = z.object({ etCode: z.string().min(1).max(40) });

export const MembershipOfferQuery = z.object({
  eventSlug: z.string().max(200).optional(),
  /** The price level to show as selected. */
  plid: z.coerce.number().int().optional(),
});

/** One price level of a membership type. */
export const MembershipPriceMap = z.object({
  PriceLevelID: z.number().int(),
  DisplayName: z.string(),
  Description: z.string().nullable(),
  Price: z.number().int(),
  DiscountedDisplayPrice: z.number().int().nullable(),
  Selected: z.boolean(),
});
export type MembershipPriceMap = z.infer<typeof MembershipPriceMap>;

/** GET /api/memberships/{etCode}: what the membership page offers. */
export const MembershipOffer = z.object({
  MembershipTypeID: z.number().int(),
  Code: z.string(),
  Name: z.string(),
  Description: z.string().nullable(),
  DurationMonths: z.number().int(),
  /** The venue's IANA time zone: gift delivery dates are local to it. */
  TimeZone: z.string(),
  CurrencyCode: z.string(),
  ImageUrl: z.string().nullable(),
  IsOnSale: z.boolean(),
  PriceMaps: z.array(MembershipPriceMap),
  /**
   * For a signed-in customer holding this type now or from a later day: the last day of that term,
   * and the day a term bought now starts (the day after); null for anyone else.
   */
  MemberUntil: z.string().nullable(),
  RenewsFrom: z.string().nullable(),
});
export type MembershipOffer = z.infer<typeof MembershipOffer>;

/** The longest gift message. */
export const GIFT_MESSAGE_MAX_LENGTH = 500;

/** POST /api/baskets/memberships: one membership into the caller's basket (answers the Basket). */
export const AddMembershipBody = z.object({
  etCode: z.string().min(1).max(40),
  priceLevelID: z.number().int(),
  isGift: z.boolean().default(false),
  giftFirstName: z.string().max(100).nullish(),
  giftLastName: z.string().max(100).nullish(),
  giftEmail: z.string().max(300).nullish(),
  giftMessage: z.string().max(GIFT_MESSAGE_MAX_LENGTH).nullish(),
  /** 'YYYY-MM-DD' in the venue's time zone: today or later, within a year. */
  giftDeliveryLocalDate: z.string().max(10).nullish(),
  isSendGiftNow: z.boolean().nullish(),
  /** Web for consumers; staff may name their counter's channel (BoxOffice). */
  salesChannel: z.string().max(40).default('Web'),
});
export type AddMembershipBody = z.input<typeof AddMembershipBody>;

/** A membership line of the basket (Basket.MembershipItems). */
export const MembershipItem = z.object({
  ID: z.number().int(),
  OrderItemType: z.literal('Membership'),
  MembershipTypeID: z.number().int(),
  Name: z.string(),
  PriceLevelID: z.number().int(),
  PriceLevelName: z.string(),
  Price: z.number().int(),
  Quantity: z.literal(1),
  IsGift: z.boolean(),
  GiftFirstName: z.string().nullable(),
  GiftLastName: z.string().nullable(),
  GiftEmail: z.string().nullable(),
  GiftMessage: z.string().nullable(),
  GiftDeliveryLocalDate: z.string().nullable(),
  IsSendGiftNow: z.boolean(),
});
export type MembershipItem = z.infer<typeof MembershipItem>;

export const MembershipCardParams = z.object({
  membershipId: z.coerce.number().int().positive(),
  customerId: z.coerce.number().int().positive(),
});

export const MembershipStatus = z.enum(['Active', 'Scheduled', 'Expired']);
export type MembershipStatus = z.infer<typeof MembershipStatus>;

/** GET /api/memberships/{membershipId}/customer/{customerId}: the member's card. */
export const MembershipCard = z.object({
  MembershipID: z.number().int(),
  CustomerID: z.number().int(),
  MemberName: z.string(),
  MembershipName: z.string(),
  PriceLevelName: z.string(),
  StartsOn: z.string(),
  EndsOn: z.string(),
  Status: MembershipStatus,
  Barcode: z.string(),
  /** Where the member buys the next term (the membership page). */
  RenewUrl: z.string(),
});
export type MembershipCard = z.infer<typeof MembershipCard>;

/** GET /api/customers/memberships: the signed-in customer's memberships. */
export const CustomerMemberships = z.object({ Memberships: z.array(MembershipCard) });
export type CustomerMemberships = z.infer<typeof CustomerMemberships>;
