import { z } from 'zod';

// Hold classes, hold subclasses and the Holds page's apply. Shared with web/: no server imports.
//   GET  /api/admin/holdclasses              HoldClassView[]
//   POST /api/admin/holdclasses              HoldClassCreate -> HoldClassView (201)
//   GET  /api/admin/holdsubclasses           HoldSubclassView[] (archived too, IsArchived says so)
//   POST /api/admin/holdsubclasses           HoldSubclassCreate -> HoldSubclassView (201)
//   PUT  /api/admin/holdsubclasses/{id}      HoldSubclassUpdate -> HoldSubclassView; 409 when the
//        Version is stale; archiving moves every held seat to AssignSeatsToSubclassID (null: open)
//   POST /api/admin/event/{id}/holds         EventHoldsApply -> EventHoldsAnswer
// All need manageHolds. 400 names the field.

export const HoldClassView = z.object({ ID: z.number().int(), Name: z.string() });
export type HoldClassView = z.infer<typeof HoldClassView>;

export const HoldClassCreate = z.object({ Name: z.string().max(200) });

export const HoldSubclassView = z.object({
  ID: z.number().int(),
  Name: z.string(),
  HoldClassID: z.number().int(),
  IsKill: z.boolean(),
  IsArchived: z.boolean(),
  HoldClass: HoldClassView,
  /** Send it back with a change: a stale one is refused (409). */
  Version: z.number().int(),
  /** Seats on hold on this subclass, over every performance. */
  HeldSeats: z.number().int(),
});
export type HoldSubclassView = z.infer<typeof HoldSubclassView>;

export const HoldSubclassCreate = z.object({
  Name: z.string().max(200),
  HoldClassID: z.coerce.number().int().positive(),
  IsKill: z.boolean().default(false),
});

export const HoldSubclassUpdate = z.object({
  Version: z.number().int(),
  Name: z.string().max(200).optional(),
  IsKill: z.boolean().optional(),
  IsArchived: z.boolean().optional(),
  /** When archiving: the subclass its held seats move to, or null to open them. */
  AssignSeatsToSubclassID: z.number().int().positive().nullable().optional(),
});

export const HoldIdParams = z.object({ id: z.coerce.number().int().positive() });

export const HoldActionName = z.enum(['hold', 'release', 'move']);
export type HoldActionName = z.infer<typeof HoldActionName>;

export const EventHoldsApply = z
  .object({
    /** hold: on HoldSubclassID; release: to open; move: held seats to HoldSubclassID. */
    Action: HoldActionName,
    HoldSubclassID: z.number().int().positive().nullish(),
    /** Seat keys (section-row-seat). */
    Seats: z.array(z.string().min(1).max(80)).min(1).max(25_000),
  })
  .refine((body) => body.Action === 'release' || body.HoldSubclassID != null, {
    path: ['HoldSubclassID'],
    message: 'choose the hold subclass for this action.',
  });

export const SkipReason = z.enum(['inBasket', 'sold', 'reserved', 'alreadyThere', 'notHeld', 'unknownSeat']);
export type SkipReason = z.infer<typeof SkipReason>;

export const EventHoldsAnswer = z.object({
  Action: HoldActionName,
  HoldSubclassID: z.number().int().nullable(),
  Applied: z.number().int(),
  AppliedSeats: z.array(z.string()),
  Skipped: z.array(z.object({ Reason: SkipReason, Count: z.number().int(), Seats: z.array(z.string()) })),
});
export type EventHoldsAnswer = z.infer<typeof EventHoldsAnswer>;
