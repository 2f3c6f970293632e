import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BULK_ACTIONS, basketKindOf, bulkActionsFor } from './bulk-actions.ts';

describe('the bulk actions of a basket', () => {
  it('offers every action for a ticket basket and all but Change Promo and Remove Items for a plan basket', () => {
    expect(bulkActionsFor('tickets')).toEqual([...BULK_ACTIONS]);
    expect(bulkActionsFor('plan')).toEqual(['changePriceType', 'overridePrice', 'removeFees']);
  });

  it('treats a basket as a plan basket exactly when it has an event plan', () => {
    fc.assert(
      fc.property(fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: null }), (eventPlanId) => {
        const actions = bulkActionsFor(basketKindOf({ eventPlanId }));
        const hidden = eventPlanId !== null;
        expect(actions.includes('selectNewPromotion')).toBe(!hidden);
        expect(actions.includes('removeItems')).toBe(!hidden);
        // The menu keeps its order whatever is hidden.
        expect(actions).toEqual(BULK_ACTIONS.filter((a) => actions.includes(a)));
      }),
    );
  });
});
