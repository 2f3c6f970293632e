import type { PlanRecord } from './ports.ts';

// A plan's own sale window (event_plans.on_sale_at / off_sale_at, either may be unset): plan
// tickets join a basket only inside it. A staff channel may sell before the plan goes on sale
// (the box office takes subscriptions early), never after it goes off sale. Each performance's
// own sale is still checked by the hold (core/basket/rules/sale-rules.ts checkOnSale).

export type PlanSaleClosed = { readonly rule: 'PlanNotOnSale' } | { readonly rule: 'PlanOffSale' };

export const planSaleClosed = (
  plan: Pick<PlanRecord, 'onSaleAt' | 'offSaleAt'>,
  now: Date,
  staffChannel: boolean,
): PlanSaleClosed | null => {
  if (plan.offSaleAt !== null && now.getTime() >= plan.offSaleAt.getTime()) return { rule: 'PlanOffSale' };
  if (!staffChannel && plan.onSaleAt !== null && now.getTime() < plan.onSaleAt.getTime())
    return { rule: 'PlanNotOnSale' };
  return null;
};
