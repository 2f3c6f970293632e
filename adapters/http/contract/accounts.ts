import { z } from 'zod';

// Shared with web/: no server imports here.
export const BillingField = z.object({ Field: z.string(), Required: z.boolean(), Enabled: z.boolean() });
export const AccountInformation = z.object({
  Countries: z.array(z.object({ Code: z.string(), Name: z.string() })),
  BillingFields: z.array(BillingField),
  DisplayTermsOfService: z.boolean(),
  RequireTosAgreement: z.boolean(),
  TermsOfService: z.string().nullable(),
  EnableAudienceRewards: z.boolean(),
  AllowCustomerLogin: z.boolean(),
});
export type AccountInformation = z.infer<typeof AccountInformation>;

export const ConsumerFeatures = z.record(
  z.string(),
  z.union([z.boolean(), z.number(), z.string(), z.null()]),
);
export type ConsumerFeatures = z.infer<typeof ConsumerFeatures>;
