// The box office's bulk actions on a basket's tickets (the admin basket's bulk-edit menu; their
// names are the bulkEdit.* strings of core/i18n/strings/admin/en.ts). A plan's basket prices its
// tickets as the plan's package, so a new promotion or taking some tickets out would break the
// package: Change Promo (selectNewPromotion) and Remove Items are not offered for it.

export const BULK_ACTIONS = [
  'changePriceType',
  'selectNewPromotion',
  'overridePrice',
  'removeItems',
  'removeFees',
] as const;

export type BulkAction = (typeof BULK_ACTIONS)[number];

/** A basket with an event plan (its EventPlanID is set) is a plan basket. */
export type BasketKind = 'tickets' | 'plan';

const NOT_FOR_PLANS: ReadonlySet<BulkAction> = new Set(['selectNewPromotion', 'removeItems']);

export const basketKindOf = (basket: { readonly eventPlanId: number | null }): BasketKind =>
  basket.eventPlanId === null ? 'tickets' : 'plan';

/** The bulk actions offered for a basket of this kind, in the menu's order. */
export const bulkActionsFor = (kind: BasketKind): BulkAction[] =>
  kind === 'plan' ? BULK_ACTIONS.filter((a) => !NOT_FOR_PLANS.has(a)) : [...BULK_ACTIONS];
