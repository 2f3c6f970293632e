import { z } from 'zod';

// Shared with web/: no server imports. GET /api/eventinventory/bestavailable and
// GET /api/eventinventory/{salesChannel}/reservebestavailable/{id}; the query names follow the
// storefront's entities (PriceLevelID, Zone).

const ids = (what: string) =>
  z
    .string()
    .regex(/^\d+(,\d+)*$/, `must be comma-separated ${what}`)
    .transform((v) => v.split(',').map(Number));

const names = z
  .string()
  .trim()
  .max(400)
  .transform((v) =>
    v
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );

const count = (max: number) =>
  z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(0).max(max);

/** What to search for; shared by both calls. */
export const BestAvailableFilters = z.object({
  /** The web caps it at the ticket limit; the basket enforces the limit. */
  quantity: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(50, 'must be at most 50')
    .optional(),
  /** Comma-joined price level ids (PriceKey of the seat map). */
  priceLevelIds: ids('price level ids').optional(),
  /** Comma-joined price zones (Price map Zone). */
  zones: names.optional(),
  /** Comma-joined section codes (the first part of a seat key). */
  sections: names.optional(),
  /** Comma-joined hold subclass ids the caller sells from. */
  holdSubclassIds: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'must be comma-separated ids')
    .optional(),
  /** Accessible search: accessible seats of this type plus companions. */
  accessibleType: z.enum(['Wheelchair', 'AisleTransfer']).default('Wheelchair'),
  accessibleSeats: count(12).default(0),
  companionSeats: count(12).default(0),
  promoCode: z.string().trim().max(64).optional(),
  groupCode: z.string().trim().max(64).optional(),
});

export const BestAvailableQuery = BestAvailableFilters.extend({
  eventId: z.coerce
    .number({ error: 'must be an event id' })
    .int('must be an event id')
    .positive('must be an event id')
    .max(2_147_483_647, 'must be an event id'),
  salesChannel: z.string().trim().max(32).default('Web'),
});

export const ReserveBestAvailableParams = z.object({
  salesChannel: z.string().trim().min(1).max(32),
  id: z.coerce
    .number({ error: 'must be an event id' })
    .int('must be an event id')
    .positive('must be an event id')
    .max(2_147_483_647, 'must be an event id'),
});

export const BestAvailableSeat = z.object({
  Key: z.string(),
  /** The section's code (the first part of Key). */
  Section: z.string(),
  /** The section's name ("Boxes (left)"), as the basket's lines name it. */
  SectionName: z.string(),
  Row: z.string(),
  Seat: z.string(),
  PriceKey: z.string(),
  PriceLevelID: z.number().int(),
  ADAType: z.string().optional(),
});

export const BestAvailable = z.object({
  EventID: z.number().int(),
  Found: z.boolean(),
  /** Which stage found the seats: 1-2 adjacent in a row, 3 one section, 4 across, 5 GA. */
  Stage: z.number().int().nullable(),
  Together: z.boolean(),
  Quantity: z.number().int(),
  LeavesOrphan: z.boolean(),
  AccessibleTrimmed: z.boolean(),
  Seats: z.array(BestAvailableSeat),
  GASection: z
    .object({
      Key: z.string(),
      Name: z.string(),
      PriceKey: z.string(),
      PriceLevelID: z.number().int(),
      Quantity: z.number().int(),
    })
    .nullable(),
});
export type BestAvailable = z.infer<typeof BestAvailable>;

/** The reserve answer: the search's answer and the basket now holding the seats (null: none found). */
export const ReservedBestAvailable = BestAvailable.extend({
  Basket: z
    .looseObject({
      ID: z.string(),
      SecondsTilExpiration: z.number(),
      Total: z.number().optional(),
      TicketItems: z.array(z.looseObject({ Key: z.string().optional() })),
    })
    .nullable(),
});
export type ReservedBestAvailable = z.infer<typeof ReservedBestAvailable>;
