import { z } from 'zod';

// The card terminal at the counter (/api/admin/stripeterminal/...): readers, starting and polling
// a card_present intent, cancelling it, and the simulated reader's test card. Shared with web/.

export const TerminalStatus = z.enum([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
]);

export const ConnectionTokenQuery = z.object({
  paymentAccountId: z.coerce.number().int().positive().optional(),
});
export const ConnectionToken = z.object({ Secret: z.string() });

export const ReadersQuery = z.object({ location: z.string().trim().min(1).max(200).optional() });
export const TerminalReaderRow = z.object({
  Id: z.string(),
  Label: z.string(),
  Location: z.string(),
  Status: z.enum(['online', 'offline']),
  Busy: z.boolean(),
});
export type TerminalReaderRow = z.infer<typeof TerminalReaderRow>;

const id = z.string().trim().min(1).max(255);

/**
 * Either paymentIntentId (read the intent: the web polls it every 1000 ms), or amount, currency
 * and idempotencyKey (start an intent on readerId, else on the first free reader).
 */
export const IntentQuery = z
  .object({
    paymentIntentId: id.optional(),
    amount: z.coerce
      .number()
      .int({ message: 'Amount must be a whole number of minor units.' })
      .min(1, { message: 'Amount must be at least 1.' })
      .max(99_999_999)
      .optional(),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, { message: 'Currency must be a three-letter ISO 4217 code.' })
      .optional(),
    readerId: id.optional(),
    idempotencyKey: id.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.paymentIntentId !== undefined) return;
    for (const field of ['amount', 'currency', 'idempotencyKey'] as const)
      if (q[field] === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `${field} is required to start a payment (or pass paymentIntentId to read one).`,
        });
  });
export type IntentQuery = z.infer<typeof IntentQuery>;

export const TerminalIntentAnswer = z.object({
  PaymentIntentId: z.string(),
  Status: TerminalStatus,
  Amount: z.number().int(),
  Currency: z.string(),
  ReaderId: z.string().nullable(),
  Card: z.object({ Brand: z.string(), Last4: z.string() }).nullable(),
  Failure: z.object({ Code: z.string(), Message: z.string() }).nullable(),
});
export type TerminalIntentAnswer = z.infer<typeof TerminalIntentAnswer>;

export const CancelIntentRequest = z.object({ PaymentIntentId: id });
export const CancelIntentAnswer = z.object({ Message: z.string() });

export const SimulateRequest = z.object({
  PaymentIntentId: id,
  Card: z.enum(['success', 'decline', 'insufficient_funds'], {
    message: "Card must be 'success', 'decline' or 'insufficient_funds'.",
  }),
});
