import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isEmailPattern } from '../../../core/accounts/email-pattern.ts';

// Shared with web/: no server imports here (core/accounts/email-pattern.ts is a pure rule).

/** POST /api/ticketnotificationrequests: the sold-out e-mail form. */
export const TicketNotificationRequest = z.object({
  EventID: z
    .number({ error: 'is required and must be a number' })
    .int('must be a whole number')
    .positive('must be positive')
    .max(2_147_483_647, 'is too large'),
  Email: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(EMAIL_MAX_LENGTH, 'is too long')
    .refine(isEmailPattern, 'must be an e-mail address'),
});
export type TicketNotificationRequest = z.infer<typeof TicketNotificationRequest>;

/** 201 when recorded, 200 when the address had already asked for this performance. */
export const TicketNotificationReceipt = z.object({
  EventID: z.number().int(),
  Email: z.string(),
  AlreadyRequested: z.boolean(),
});
export type TicketNotificationReceipt = z.infer<typeof TicketNotificationReceipt>;
