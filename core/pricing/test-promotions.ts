import type { Promotion } from './promotion-rules.ts';

/** A plain promotion for tests: 10% off code SAVE10 for series 1, no restriction; override any field. */
export const promotionOf = (over: Partial<Promotion> = {}): Promotion => ({
  id: 1,
  code: 'SAVE10',
  displayName: '10% off',
  instructionText: null,
  isPresale: false,
  hidePreSale: false,
  groupPromoCode: false,
  startsAt: null,
  endsAt: null,
  restrictToCustomerTag: false,
  restrictToCustomerTagIds: [],
  hideFullRetailPriceOnWeb: false,
  isOutletSale: false,
  isArchived: false,
  eventTemplateIds: [1],
  discount: { kind: 'Percent', value: 1000 },
  lockedPriceTypeIds: [],
  binRestrictions: [],
  ...over,
});
