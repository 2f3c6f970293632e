// The plan screens' words (web/src/features/plans/). plans.quantityLimits is the product's fixed
// sentence, word for word as core/plans/seat-quantity.ts gives it.
export const plansEn = {
  'plans.loading': 'Loading the plan…',
  'plans.notFound': 'This plan was not found. It may have ended or its link may be mistyped.',
  'plans.failed': 'The plan could not be loaded. Please try again.',
  'plans.seatQuantity': 'Seats for every show',
  'plans.quantityLimits': 'Minimum guest quantity is {{min}} and maximum guest quantity is {{max}}.',
  'plans.slotRule': 'Choose a performance for {{min}} to {{max}} of these shows.',
  'plans.slotRuleExact': 'Choose a performance for each of these {{count}} shows.',
  'plans.required': 'Required',
  'plans.optional': 'Optional',
  'plans.slotsLabel': 'Shows in this plan',
  'plans.noPerformances': 'No performances to choose from yet.',
  'plans.selectSeats': 'Choose seats',
  'plans.selectSeatsFor': 'Choose seats for {{name}}, {{date}}',
  'plans.soldOut': 'Sold out',
  'plans.notOnSale': 'Not on sale',
  'plans.seatsLeft_one': '{{count}} seat left',
  'plans.seatsLeft_other': '{{count}} seats left',
  'plans.partsLabel': 'The two parts',
} as const;

export type PlansKey = keyof typeof plansEn;
export type PlansTable = Record<PlansKey, string>;
