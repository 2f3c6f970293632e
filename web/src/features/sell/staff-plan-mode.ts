import { planModeOf, type PlanMode } from '../plans/plan-mode.ts';

// The staff seat map opened from the staff plan screen (?planType=..&planCode=..&slotId=..&seatQty=..)
// is in plan mode (features/plans/plan-mode.ts) for a known plan type.

/** A staff map's plan mode: a plan code and a known plan type (plans or pairedplans). */
export interface StaffPlanMode extends PlanMode {
  readonly planType: 'plans' | 'pairedplans';
}

export const staffPlanModeOf = (search: Readonly<Record<string, unknown>>): StaffPlanMode | null => {
  const mode = planModeOf(search);
  const planType = typeof search.planType === 'string' ? search.planType.toLowerCase() : '';
  if (!mode || (planType !== 'plans' && planType !== 'pairedplans')) return null;
  return { ...mode, planType };
};
