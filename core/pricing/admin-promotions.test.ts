import fc from 'fast-check';
import { expect, test } from 'vitest';
import { adminPromotionRow, isActiveForSeries, isHouseSeatPromotion } from './admin-promotions.ts';
import type { Promotion } from './promotion-rules.ts';

const NOW = new Date('2027-03-01T12:00:00Z');
const instant = fc.option(
  fc.integer({ min: -30, max: 30 }).map((d) => new Date(NOW.getTime() + d * 86_400_000)),
  { nil: null },
);

const promotionArb: fc.Arbitrary<Promotion> = fc.record({
  id: fc.integer({ min: 1, max: 100 }),
  code: fc.option(fc.constantFrom('SAVE10', 'MEMBERS'), { nil: null }),
  displayName: fc.constant('Promo'),
  instructionText: fc.constant(null),
  isPresale: fc.boolean(),
  hidePreSale: fc.boolean(),
  groupPromoCode: fc.boolean(),
  startsAt: instant,
  endsAt: instant,
  restrictToCustomerTag: fc.boolean(),
  restrictToCustomerTagIds: fc.constant([]),
  hideFullRetailPriceOnWeb: fc.boolean(),
  isOutletSale: fc.boolean(),
  isArchived: fc.boolean(),
  eventTemplateIds: fc.subarray([1, 2, 3]),
  discount: fc.record({
    kind: fc.constantFrom('Percent' as const, 'Amount' as const),
    value: fc.nat(10_000),
  }),
  lockedPriceTypeIds: fc.constant([]),
  binRestrictions: fc.constant([]),
});

const running = (p: Promotion) =>
  (p.startsAt === null || p.startsAt <= NOW) && (p.endsAt === null || p.endsAt > NOW);

test('active for a series: linked to it, not archived, running now', () => {
  fc.assert(
    fc.property(promotionArb, fc.constantFrom(1, 2, 3), (p, series) => {
      expect(isActiveForSeries(p, series, NOW)).toBe(
        !p.isArchived && p.eventTemplateIds.includes(series) && running(p),
      );
    }),
  );
});

test('a house-seat promotion is active somewhere, has a code, and needs no presale or group code', () => {
  fc.assert(
    fc.property(promotionArb, (p) => {
      if (!isHouseSeatPromotion(p, NOW)) return;
      expect(p.code).not.toBeNull();
      expect(p.isPresale || p.groupPromoCode || p.isArchived).toBe(false);
      expect(p.eventTemplateIds.length).toBeGreaterThan(0);
      expect(running(p)).toBe(true);
    }),
  );
});

test('the row keeps money as integer minor units or basis points, and says whether it runs', () => {
  fc.assert(
    fc.property(promotionArb, (p) => {
      const row = adminPromotionRow(p, NOW);
      expect(Number.isInteger(row.DiscountValue)).toBe(true);
      expect(row.DiscountValue).toBe(p.discount.value);
      expect(row.IsActive).toBe(!p.isArchived && running(p));
    }),
  );
});
