import { z } from 'zod';

// Shared with web/: no server imports here. Apple Pay merchant validation and Afterpay/Clearpay,
// two ways to pay at checkout. The order itself is then placed with
// POST /api/checkout (PaymentType ApplePay with the wallet's card token, or Afterpay with
// PaymentIntentId).

/** POST /api/applepay/validatemerchantsession: the URL from Apple's onvalidatemerchant event. */
export const ValidateMerchantSessionRequest = z.object({ validationURL: z.string().trim().min(1).max(500) });
/** Apple's opaque merchant session, handed to session.completeMerchantValidation as is. */
export const MerchantSession = z.record(z.string(), z.unknown());

/** The words shown when validation fails (the web aborts the session). */
export const APPLE_PAY_VALIDATION_FAILED =
  'Apple Pay merchant validation has failed. Please use a different payment method.';

const optionalText = (max: number) => z.string().trim().max(max).nullish();
const address = (prefix: 'BillTo' | 'ShipTo') =>
  ({
    [`${prefix}Address1`]: optionalText(120),
    [`${prefix}Address2`]: optionalText(120),
    [`${prefix}City`]: optionalText(80),
    [`${prefix}State`]: optionalText(80),
    [`${prefix}CountryCode`]: optionalText(2),
    [`${prefix}PostalCode`]: optionalText(20),
  }) as Record<string, z.ZodType>;

/**
 * POST /api/afterpay/createPaymentIntent: the amount is the live basket's total (never the
 * browser's); the buyer's name and shipping address (Afterpay requires one; the billing address
 * is used when no shipping address is given).
 */
export const AfterpayIntentRequest = z
  .object({
    /** The key the browser will send with POST /api/checkout for this payment (optional). */
    IdempotencyKey: z.string().trim().min(16).max(80).nullish(),
    FirstName: z.string().trim().min(1).max(80),
    LastName: z.string().trim().min(1).max(80),
    Email: optionalText(200),
    Phone: optionalText(40),
    ...address('ShipTo'),
    ...address('BillTo'),
  })
  .strip();
export type AfterpayIntentRequest = z.input<typeof AfterpayIntentRequest>;

export const AfterpayIntent = z.object({ clientSecret: z.string(), paymentIntentId: z.string() });
export type AfterpayIntent = z.infer<typeof AfterpayIntent>;

/** GET /api/afterpay/getPaymentIntent?venueId&paymentIntentId&clientSecret */
export const AfterpayIntentQuery = z.object({
  venueId: z.coerce.number().int().positive().optional(),
  paymentIntentId: z
    .string()
    .trim()
    .regex(/^pi_\w+$/, 'must be a payment intent id'),
  clientSecret: z.string().trim().min(10).max(200),
});

export const AfterpayIntentState = z.object({
  PaymentIntentId: z.string(),
  /** Stripe's intent status: requires_capture means authorised, to be captured by the checkout. */
  Status: z.string(),
  LatestChargeStatus: z.string().nullable(),
  /** The Afterpay return goes on only when the latest charge succeeded. */
  LatestChargeSucceeded: z.boolean(),
  Amount: z.number().int(),
  IsoCurrencyCode: z.string(),
});
export type AfterpayIntentState = z.infer<typeof AfterpayIntentState>;
