import { z } from 'zod';

// Event plans (core/plans/read-plans.ts): the plan itself keeps its storefront field names
// (camelCase); the inventory and calendar reads are PascalCase like the event calls.

const id = (what: string) =>
  z.coerce
    .number({ error: `must be ${what}` })
    .int(`must be ${what}`)
    .positive(`must be ${what}`)
    .max(2_147_483_647, `must be ${what}`);

export const PlanIdParams = z.object({ id: id('an event plan id') });
export const PlanEventIdParams = z.object({ eventId: id('an event id') });
export const PlanCodeParams = z.object({ planCode: z.string().trim().min(1).max(64) });

export const PlansByMonthQuery = z.object({
  /** Any instant or date in the wanted month: ISO (2026-12-01 or full) or MM-DD-YYYY. */
  requestedTime: z.string().trim().min(1),
  /** Only this plan (404 when there is none). */
  planCode: z.string().trim().min(1).max(64).optional(),
});

export const PlanType = z.enum(['subscription', 'paired']);

export const PlanSlot = z.object({
  id: z.number().int(),
  position: z.number().int(),
  name: z.string(),
  required: z.boolean(),
  specialLinkedEvent: z.boolean(),
  eventTemplateIds: z.array(z.number().int()),
  eventIds: z.array(z.number().int()),
  selectedEvent: z.number().int().nullable(),
  slotInBasket: z.boolean(),
});

export const PlanTemplate = z.object({
  id: z.number().int(),
  code: z.string(),
  displayName: z.string(),
  description: z.string().nullable(),
});

export const EventPlan = z.object({
  id: z.number().int(),
  planCode: z.string(),
  name: z.string(),
  displayName: z.string(),
  description: z.string().nullable(),
  planType: PlanType,
  /** The limits in force: no minimum set is 1, no maximum the order's ticket limit. */
  minQuantity: z.number().int(),
  maxQuantity: z.number().int(),
  defaultSeatQty: z.number().int().nullable(),
  requireSameSeatQty: z.boolean(),
  minSlotsForPurchase: z.number().int(),
  maxSlotsForPurchase: z.number().int(),
  specialLinkedEventSetup: z.boolean(),
  onSaleDate: z.string().nullable(),
  offSaleDate: z.string().nullable(),
  isOnSale: z.boolean(),
  bannerUrl: z.string().nullable(),
  largeLogoBannerUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  slots: z.array(PlanSlot),
  templates: z.array(PlanTemplate),
});
export type EventPlan = z.infer<typeof EventPlan>;

export const PlanEvent = z.object({
  EventID: z.number().int(),
  EventPlanSlotID: z.number().int(),
  Name: z.string(),
  SeriesCode: z.string(),
  StartDate: z.string(),
  /** Venue time, 'YYYY-MM-DDTHH:mm'. */
  LocalStartDate: z.string(),
  Status: z.enum(['Active', 'Cancelled']),
  Availability: z.enum(['High', 'Medium', 'Low', 'SoldOut']),
  AvailableCount: z.number().int(),
  Capacity: z.number().int(),
  IsOnSale: z.boolean(),
  SeatSelectionPath: z.string(),
});
export type PlanEvent = z.infer<typeof PlanEvent>;

export const PlanInventory = z.object({
  EventPlanID: z.number().int(),
  PlanCode: z.string(),
  Slots: z.array(
    z.object({
      EventPlanSlotID: z.number().int(),
      Position: z.number().int(),
      Name: z.string(),
      Required: z.boolean(),
      SpecialLinkedEvent: z.boolean(),
      Events: z.array(PlanEvent),
    }),
  ),
});
export type PlanInventory = z.infer<typeof PlanInventory>;

export const PlansByMonth = z.object({
  Year: z.number().int(),
  Month: z.number().int().min(1).max(12),
  Plans: z.array(
    z.object({
      EventPlanID: z.number().int(),
      PlanCode: z.string(),
      DisplayName: z.string(),
      PlanType: PlanType,
      Events: z.array(PlanEvent),
    }),
  ),
});

export const PlanCalendar = z.object({
  Plan: EventPlan,
  Events: z.array(PlanEvent),
});
export type PlanCalendar = z.infer<typeof PlanCalendar>;
