// The staff basket's bulk edits over the ticket lines a clerk ticked: which actions the basket
// and the clerk's permissions offer, the selection kept to lines still in the basket, and the
// warning that a new promotion overwrites seat-level promotions that differ. Pure.

export const BULK_ACTIONS = [
  'changePriceType',
  'changePromotion',
  'overridePrice',
  'removeItems',
  'removeFees',
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export interface BulkContext {
  /** A plan basket (EventPlanID set): its seats are the plan's, so no promo change nor removal. */
  readonly isPlan: boolean;
  /** Basket.CanOverridePrice. */
  readonly canOverridePrice: boolean;
  readonly mayBulkEdit: boolean;
  readonly mayOverridePrice: boolean;
}

/** The bulk actions offered, in the menu's order. */
export const offeredBulkActions = (context: BulkContext): BulkAction[] =>
  BULK_ACTIONS.filter((action) => {
    switch (action) {
      case 'overridePrice':
        return context.mayOverridePrice && context.canOverridePrice;
      case 'changePromotion':
      case 'removeItems':
        return context.mayBulkEdit && !context.isPlan;
      default:
        return context.mayBulkEdit;
    }
  });

/** Ticks or unticks lines. */
export const toggleSelection = (
  selected: ReadonlySet<number>,
  ids: readonly number[],
  on: boolean,
): ReadonlySet<number> => {
  const next = new Set(selected);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
};

/** The selection without lines the basket no longer has (the same set when nothing went). */
export const keepPresent = (
  selected: ReadonlySet<number>,
  itemIds: readonly number[],
): ReadonlySet<number> => {
  const present = new Set(itemIds);
  return [...selected].every((id) => present.has(id))
    ? selected
    : new Set([...selected].filter((id) => present.has(id)));
};

/**
 * A new promotion replaces each selected seat's own: warn when the seats carry promotions that
 * differ (a seat with none counts as different from one with a code).
 */
export const promotionOverwriteWarning = (items: readonly { readonly PromoCode: string | null }[]): boolean =>
  new Set(items.map((i) => (i.PromoCode ?? '').toUpperCase())).size > 1;
