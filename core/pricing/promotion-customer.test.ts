import fc from 'fast-check';
import { Effect } from 'effect';
import { describe, expect, it } from 'vitest';
import { anonymousBuyer, customerFor } from './promotion-customer.ts';
import { checkPromotionCode, type Promotion, type PromotionCustomer } from './promotion-rules.ts';
import { promotionOf } from './test-promotions.ts';

const NOW = new Date('2026-11-20T12:00:00Z');

const promotion = (over: Partial<Promotion> = {}): Promotion =>
  promotionOf({
    code: 'MEMBERS',
    displayName: 'Members',
    discount: { kind: 'Percent', value: 2000 },
    ...over,
  });

const tagIds = fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 4 });
const promotions = fc
  .record({ restrictToCustomerTag: fc.boolean(), restrictToCustomerTagIds: tagIds })
  .map((over) => promotion(over));
const customers = fc.option(
  tagIds.map((ids): PromotionCustomer => ({ customerTagTypeIds: ids })),
  { nil: null },
);

/** A lookup that counts its reads. */
const counted = (value: PromotionCustomer | null) => {
  let reads = 0;
  return {
    lookup: Effect.sync(() => {
      reads++;
      return value;
    }),
    reads: () => reads,
  };
};

describe('the buyer of a restricted promotion', () => {
  it('is read only when the promotion is restricted to customer tags', () => {
    fc.assert(
      fc.property(fc.option(promotions, { nil: null }), customers, (p, who) => {
        const buyer = counted(who);
        Effect.runSync(customerFor(p, buyer.lookup));
        expect(buyer.reads()).toBe(p?.restrictToCustomerTag ? 1 : 0);
      }),
    );
  });

  it('checking with the lazy buyer answers what checking with the buyer at hand answers', () => {
    fc.assert(
      fc.property(promotions, customers, (p, who) => {
        const attempt = {
          enteredCode: 'members',
          promotion: p,
          seriesId: 1,
          enteredGroupCode: '',
          groupCode: null,
          now: NOW,
        };
        const lazy = checkPromotionCode({
          ...attempt,
          customer: Effect.runSync(customerFor(p, counted(who).lookup)),
        });
        expect(lazy).toEqual(checkPromotionCode({ ...attempt, customer: who }));
      }),
    );
  });

  it('nobody is anonymous: a restricted code asks to log in', () => {
    const members = promotion({ restrictToCustomerTag: true, restrictToCustomerTagIds: [7] });
    expect(
      checkPromotionCode({
        enteredCode: 'MEMBERS',
        promotion: members,
        seriesId: 1,
        enteredGroupCode: '',
        groupCode: null,
        now: NOW,
        customer: Effect.runSync(customerFor(members)),
      }),
    ).toEqual({ ok: false, reason: 'LoginRequired' });
    expect(Effect.runSync(anonymousBuyer)).toBeNull();
  });
});
