import { z } from 'zod';
import { Basket, BasketItemRequest } from './basket.ts';

// Shared with web/: no server imports here. Buying a plan (core/plans/README.md): the plan basket
// holds, for each slot chosen, one performance at the plan's seat quantity. Field names are the
// storefront's; amounts are integer minor units.

const id = (what: string) =>
  z.coerce
    .number({ error: `must be ${what}` })
    .int(`must be ${what}`)
    .positive(`must be ${what}`)
    .max(2_147_483_647, `must be ${what}`);

const seatQty = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(100, 'must be at most 100');

const salesChannel = z.string().trim().min(1).max(32).default('Web');

// ---- 1. POST /api/baskets/eventplans/additems ----

export const PlanAddItemsBody = z
  .object({
    eventPlanId: id('an event plan id'),
    eventPlanSlotId: id('an event plan slot id'),
    eventId: id('an event id'),
    /** The plan's seat quantity; outside the plan's limits: 422 with the plan's message. */
    seatQty,
    /** Seated: the same items as POST /api/baskets/additems. */
    basketItems: z.array(BasketItemRequest).min(1, 'choose at least one seat').max(50).optional(),
    /** General admission: quantity per price key `${PriceLevelID}-${PriceTypeID}`, as POST /api/baskets/generaladmission. */
    ticketRequest: z
      .record(
        z.string().regex(/^\d+-\d+$/, 'must be a price key like 12-3'),
        z.number().int('must be a whole number').min(0).max(100),
      )
      .optional(),
    promoCode: z.string().trim().max(64).nullish(),
    salesChannel,
  })
  .refine((b) => (b.basketItems === undefined) !== (b.ticketRequest === undefined), {
    message: 'give either basketItems or ticketRequest',
    path: ['basketItems'],
  });
export type PlanAddItemsBody = z.input<typeof PlanAddItemsBody>;

// ---- 2. GET /api/baskets/eventplans/mapBasketViewModel ----

export const PlanCheckoutProblemKind = z.enum([
  'TooFewSlots',
  'TooManySlots',
  'RequiredSlotEmpty',
  'SeatQuantityDiffers',
  'SeatsDiffer',
]);

export const PlanCheckoutProblem = z.object({
  Kind: PlanCheckoutProblemKind,
  /** The slot the problem is about; null for the slot counts. */
  EventPlanSlotID: z.number().int().nullable(),
  /** English (core/plans/checkout-rules.ts describeCheckoutProblem). */
  Message: z.string(),
});
export type PlanCheckoutProblem = z.infer<typeof PlanCheckoutProblem>;

export const PlanBasketSlot = z.object({
  EventPlanSlotID: z.number().int(),
  Name: z.string(),
  Position: z.number().int(),
  Required: z.boolean(),
  /** The performance held for the slot; null: the slot is empty. */
  EventID: z.number().int().nullable(),
  EventName: z.string().nullable(),
  /** Venue time, 'YYYY-MM-DDTHH:mm'. */
  LocalStartDate: z.string().nullable(),
  /** Tickets held for the slot (0: empty). */
  Quantity: z.number().int(),
  BasketItemIDs: z.array(z.number().int()),
});
export type PlanBasketSlot = z.infer<typeof PlanBasketSlot>;

export const PlanBasketView = z.object({
  EventPlanID: z.number().int().nullable(),
  EventPlanCode: z.string().nullable(),
  /** The quantity held in the first filled slot; null when none is filled. */
  SeatQty: z.number().int().nullable(),
  Slots: z.array(PlanBasketSlot),
  CheckoutProblems: z.array(PlanCheckoutProblem),
  CanCheckout: z.boolean(),
});
export type PlanBasketView = z.infer<typeof PlanBasketView>;

// ---- 3. GET /api/eventinventory/eventplans/bestavailable ----

/** `slotId:eventId` pairs, comma-joined. */
const slotEvents = z
  .string()
  .regex(/^\d+:\d+(,\d+:\d+)*$/, 'must be comma-separated slotId:eventId pairs')
  .transform((v) =>
    v.split(',').map((pair) => {
      const [slotId, eventId] = pair.split(':').map(Number) as [number, number];
      return { eventPlanSlotId: slotId, eventId };
    }),
  );

export const PlanBestAvailableQuery = z.object({
  planId: id('an event plan id'),
  quantity: seatQty,
  /** Default: for each slot, its first on-sale Active performance with places. */
  events: slotEvents.optional(),
  salesChannel,
});
export type PlanBestAvailableQuery = z.input<typeof PlanBestAvailableQuery>;

export const PlanBestAvailableSeat = z.object({
  Key: z.string(),
  /** The section's code (the first part of Key). */
  Section: z.string(),
  /** The section's name ("Stalls"), as the basket's lines name it. */
  SectionName: z.string(),
  Row: z.string(),
  Number: z.string(),
  PriceLevelID: z.number().int(),
  /** The price level's default price, minor units. */
  Price: z.number().int(),
  /** A general-admission place: Key is the section's key (GA sections hold by quantity). */
  GA: z.boolean(),
});

export const PlanBestAvailableSlot = z.object({
  EventPlanSlotID: z.number().int(),
  EventID: z.number().int(),
  /** How many seats the slot's search found. */
  Found: z.number().int(),
  Seats: z.array(PlanBestAvailableSeat),
});

export const PlanBestAvailable = z.object({
  Found: z.boolean(),
  Quantity: z.number().int(),
  Slots: z.array(PlanBestAvailableSlot),
  /** The first slot that cannot seat the party together; null when every slot can. */
  ShortSlotID: z.number().int().nullable(),
  /** 'Not enough seats together for {slot name}.' when a slot falls short. */
  Message: z.string().nullable(),
});
export type PlanBestAvailable = z.infer<typeof PlanBestAvailable>;

// ---- 4. POST /api/eventinventory/eventplans/reserveBestAvailable ----

export const PlanReserveBestAvailableBody = z.object({
  planId: id('an event plan id'),
  quantity: seatQty,
  events: z
    .array(z.object({ eventPlanSlotId: id('an event plan slot id'), eventId: id('an event id') }))
    .max(50)
    .optional(),
  /** Default: each price level's default price type. */
  priceTypeId: id('a price type id').optional(),
  salesChannel,
});
export type PlanReserveBestAvailableBody = z.input<typeof PlanReserveBestAvailableBody>;

export const PlanReserved = z.object({ Basket, Plan: PlanBasketView });
export type PlanReserved = z.infer<typeof PlanReserved>;

/** 409 of reserveBestAvailable: a slot could not seat the party; nothing was held. */
export const PlanShort = z.object({ Message: z.string(), ShortSlotID: z.number().int().nullable() });
export type PlanShort = z.infer<typeof PlanShort>;

// ---- 5. GET /api/admin/eventinventory/{id}/eventplanboxoffice ----

export const PlanBoxOfficeEvent = z.object({
  EventID: z.number().int(),
  Name: z.string(),
  /** Venue time, 'YYYY-MM-DDTHH:mm'. */
  LocalStartDate: z.string(),
  Capacity: z.number().int(),
  Sold: z.number().int(),
  Held: z.number().int(),
  Available: z.number().int(),
  Status: z.enum(['Active', 'Cancelled']),
});

export const PlanBoxOffice = z.object({
  EventPlanID: z.number().int(),
  PlanCode: z.string(),
  DisplayName: z.string(),
  PlanType: z.enum(['subscription', 'paired']),
  MinQuantity: z.number().int(),
  MaxQuantity: z.number().int(),
  Slots: z.array(
    z.object({
      EventPlanSlotID: z.number().int(),
      Name: z.string(),
      Required: z.boolean(),
      Events: z.array(PlanBoxOfficeEvent),
    }),
  ),
});
export type PlanBoxOffice = z.infer<typeof PlanBoxOffice>;

// ---- 6. checkout of a plan basket with problems ----

/** 409 of POST /api/checkout (and the counter's checkout): nothing changed. */
export const PlanCheckoutRefused = z.object({
  Message: z.string(),
  CheckoutProblems: z.array(PlanCheckoutProblem),
});
export type PlanCheckoutRefused = z.infer<typeof PlanCheckoutRefused>;
