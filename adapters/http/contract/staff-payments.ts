import { z } from 'zod';

// The admin calls about payment methods, commissions, checkout settings and comp types
// (/api/admin/paymentmethods..., /api/admin/comptypes...). Shared with web/.

export const PaymentMethodRow = z.object({
  ID: z.number(),
  PaymentType: z.string(),
  Name: z.string(),
  RequiresPartner: z.boolean(),
  HouseSeats: z.boolean(),
  IsActive: z.boolean(),
  DisplayOrder: z.number(),
});
export type PaymentMethodRow = z.infer<typeof PaymentMethodRow>;

const flag = z
  .enum(['true', 'false'], { message: 'must be true or false' })
  .optional()
  .transform((v) => v === 'true');

export const PaymentMethodsQuery = z.object({ all: flag });

export const PaymentTypesQuery = z.object({
  paymentProcessor: z.enum(['Stripe', 'Offline'], { message: 'must be Stripe or Offline' }),
  allowPartner: flag,
});

export const CommissionRow = z.object({
  ID: z.number(),
  PaymentMethodID: z.number(),
  PaymentMethodName: z.string(),
  /** 290 = 2.90 % */
  PercentBasisPoints: z.number(),
  /** Minor units per payment. */
  FixedAmount: z.number(),
  /** YYYY-MM-DD */
  EffectiveFrom: z.string(),
});

export const VenueIdParams = z.object({ venueId: z.coerce.number().int().positive() });

export const CheckoutSettings = z.object({
  PaymentAccountId: z.number(),
  Processor: z.enum(['Stripe', 'Offline']),
  PublishableKey: z.string().nullable(),
  Currency: z.string(),
  TerminalConfigured: z.boolean(),
  TerminalLocation: z.string().nullable(),
});

export const CompTypeRow = z.object({
  ID: z.number(),
  Name: z.string(),
  Description: z.string().nullable(),
  /** null: no limit per order. */
  MaxCompQuantity: z.number().nullable(),
  IsActive: z.boolean(),
});
export type CompTypeRow = z.infer<typeof CompTypeRow>;

export const CompTypesQuery = z.object({ includeArchived: flag });

export const CompTypeRequest = z.object({
  Name: z
    .string()
    .trim()
    .min(1, { message: 'Enter a name.' })
    .max(100, { message: 'at most 100 characters' }),
  Description: z.string().trim().max(500, { message: 'at most 500 characters' }).nullish(),
  MaxCompQuantity: z
    .number({ message: 'must be a whole number of at least 1, or null for no limit' })
    .int({ message: 'must be a whole number of at least 1, or null for no limit' })
    .min(1, { message: 'must be a whole number of at least 1, or null for no limit' })
    .max(10_000, { message: 'must be at most 10000' })
    .nullish(),
});
export type CompTypeRequest = z.infer<typeof CompTypeRequest>;

/** {id}: 0 creates (POST only). */
export const CompTypeIdParams = z.object({ id: z.coerce.number().int().min(0) });
