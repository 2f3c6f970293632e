import { z } from 'zod';

// House-seat requests. Shared with web/: no server imports here.
//   POST /api/houseseatsrequest/             staff (manageHolds): HouseSeatRequestCreate -> HouseSeatRequestView (201)
//   GET  /api/houseseatsrequest/{id}         staff
//   POST /api/houseseatsrequest/{id}/cancel  staff: the seats go back on sale
//   GET  /api/houseseatsrequest/code?eventTemplateId&code   staff
//   POST /api/baskets/houseseat?paymentCode  the guest: the request's seats become the caller's
//        basket (the Basket answer, and the basket cookie). 400 'Error completing request' without
//        paymentCode; 404 when no open request has the code or its seats ran out.

export const HouseSeatRequestCreate = z.object({
  EventId: z.coerce.number().int(),
  /** Seat keys (section-row-seat), or none with Quantity for the best available. */
  Seats: z.array(z.string().max(80)).max(100).default([]),
  Quantity: z.coerce.number().int().nullish(),
  CustomerName: z.string().max(1000),
  CustomerEmail: z.string().max(1000),
  PaymentRequired: z.boolean().default(true),
});

export const HouseSeatRequestView = z.object({
  ID: z.number().int(),
  EventId: z.number().int(),
  /** The guest's code (also the link's paymentCode). */
  Code: z.string(),
  /** The guest's page, relative to the site. */
  Link: z.string(),
  CustomerName: z.string(),
  CustomerEmail: z.string(),
  Seats: z.array(z.string()),
  PaymentRequired: z.boolean(),
  Status: z.enum(['open', 'redeemed', 'cancelled']),
  CreatedAt: z.string(),
});
export type HouseSeatRequestView = z.infer<typeof HouseSeatRequestView>;

export const HouseSeatIdParams = z.object({ id: z.coerce.number().int().positive() });

export const HouseSeatCodeQuery = z.object({
  eventTemplateId: z.coerce.number().int().positive().optional(),
  code: z.string().trim().min(1).max(64),
});

export const HouseSeatRedeemQuery = z.object({ paymentCode: z.string().trim().max(64).optional() });
