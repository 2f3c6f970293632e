import { z } from 'zod';

// The box office's promotion calls (/api/admin/promotions/...). Shared with web/: zod only.

export const AdminPromotion = z.object({
  ID: z.number().int(),
  Code: z.string().nullable(),
  DisplayName: z.string(),
  InstructionText: z.string().nullable(),
  IsPresale: z.boolean(),
  HidePreSale: z.boolean(),
  GroupPromoCode: z.boolean(),
  RestrictToCustomerTag: z.boolean(),
  IsOutletSale: z.boolean(),
  IsArchived: z.boolean(),
  StartDate: z.string().nullable(),
  EndDate: z.string().nullable(),
  /** Percent: basis points (1000 = 10 %); Amount: minor units off each ticket. */
  DiscountKind: z.enum(['Percent', 'Amount']),
  DiscountValue: z.number().int(),
  EventTemplateIDs: z.array(z.number().int()),
  IsActive: z.boolean(),
});
export type AdminPromotion = z.infer<typeof AdminPromotion>;
export const AdminPromotionList = z.array(AdminPromotion);

const id = (what: string) =>
  z.coerce
    .number({ error: `must be ${what}` })
    .int(`must be ${what}`)
    .positive(`must be ${what}`)
    .max(2_147_483_647, `must be ${what}`);

export const TemplateIdParams = z.object({ id: id('an event template id') });
export const EventPromotionsQuery = z.object({ eventID: id('an event id') });
export const PromotionListQuery = z.object({
  showArchive: z.enum(['true', 'false']).default('false'),
});

export const ApplyPromoCodeBody = z.object({
  PromoCode: z.string().trim().min(1, 'enter a promotion code').max(64),
  GroupCode: z.string().trim().max(64).nullish(),
  /** The basket items to apply it to; missing or empty: every ticket. */
  BasketItemIds: z.array(id('a basket item id')).max(200).optional(),
});
