import { z } from 'zod';

// Shared with web/: the waiting room in front of a heavy on-sale.

export const WaitingRoomParams = z.object({
  eventId: z.coerce
    .number({ error: 'must be an event id' })
    .int('must be an event id')
    .positive('must be an event id')
    .max(2_147_483_647, 'must be an event id'),
});

export const WaitingRoomState = z.enum([
  'NotJoined',
  'BeforeOpening',
  'Waiting',
  'Paused',
  'Admitted',
  'Expired',
]);
export type WaitingRoomState = z.infer<typeof WaitingRoomState>;

export const WaitingRoomStatus = z.object({
  EventID: z.number().int(),
  /** false: no queue in front of this event. */
  Active: z.boolean(),
  State: WaitingRoomState,
  /** 1-based place; null before the opening draw. */
  Position: z.number().int().nullable(),
  Ahead: z.number().int().nullable(),
  EstimatedWaitSeconds: z.number().int().nullable(),
  OpensAt: z.string().nullable(),
  /** An admitted visitor must start buying before this time. */
  AdmittedUntil: z.string().nullable(),
  RatePerMinute: z.number().int().nullable(),
});
export type WaitingRoomStatus = z.infer<typeof WaitingRoomStatus>;

/** The 403 body of a guarded call: the web shows the waiting room. */
export const WaitingRoomRefusal = z.object({
  Message: z.string(),
  WaitingRoom: z.literal(true),
  EventID: z.number().int(),
  Reason: z.enum(['NoTicket', 'Waiting', 'Expired']),
});
