// Promotions and their codes: when a promotion runs, which series it
// serves, whether the storefront lists it, who may use it, and whether an entered code (plus a
// one-time group code) unlocks it. Pure: plain data in, plain data out, `now` passed in.
// Validating a code never consumes a group code; checkout does, in its own transaction.

export type DiscountKind = 'Percent' | 'Amount';

export interface Promotion {
  readonly id: number;
  /** null: applied without a code (outlet sale, default promotion). */
  readonly code: string | null;
  readonly displayName: string;
  readonly instructionText: string | null;
  readonly isPresale: boolean;
  /** Keeps the promotion off the storefront's list of presale codes: buyers must know the code. */
  readonly hidePreSale: boolean;
  /** Needs a one-time group code as well as the promotion code. */
  readonly groupPromoCode: boolean;
  readonly startsAt: Date | null;
  readonly endsAt: Date | null;
  readonly restrictToCustomerTag: boolean;
  /** Customer tag types (e.g. a membership) allowed to use it when restricted. */
  readonly restrictToCustomerTagIds: readonly number[];
  readonly hideFullRetailPriceOnWeb: boolean;
  readonly isOutletSale: boolean;
  readonly isArchived: boolean;
  /** The series (event templates) it applies to. */
  readonly eventTemplateIds: readonly number[];
  /** Percent: basis points (1000 = 10 %); Amount: minor units off each ticket. */
  readonly discount: { readonly kind: DiscountKind; readonly value: number };
  readonly lockedPriceTypeIds: readonly number[];
  /** First six card digits the promotion is limited to; empty: any card. */
  readonly binRestrictions: readonly string[];
}

/** The part of a promotion that says when it runs. */
export type PromotionTiming = Pick<Promotion, 'startsAt' | 'endsAt'>;

export interface PromotionWindow {
  /** No start, or the start has passed. */
  readonly started: boolean;
  /** An end that has passed. */
  readonly ended: boolean;
}

export const promotionWindow = (promotion: PromotionTiming, now: Date): PromotionWindow => ({
  started: promotion.startsAt === null || promotion.startsAt.getTime() <= now.getTime(),
  ended: promotion.endsAt !== null && promotion.endsAt.getTime() <= now.getTime(),
});

/** Running at `now`: started and not ended. */
export const isPromotionRunning = (promotion: PromotionTiming, now: Date): boolean => {
  const window = promotionWindow(promotion, now);
  return window.started && !window.ended;
};

export const appliesToSeries = (promotion: Pick<Promotion, 'eventTemplateIds'>, seriesId: number): boolean =>
  promotion.eventTemplateIds.includes(seriesId);

/**
 * Whether the storefront lists the promotion for a series (the presale codes list, calendar
 * series): archived and hidden presale promotions are left out; they still work by code.
 */
export const isListedForSeries = (
  promotion: Pick<Promotion, 'eventTemplateIds' | 'isArchived' | 'hidePreSale'>,
  seriesId: number,
): boolean => !promotion.isArchived && !promotion.hidePreSale && appliesToSeries(promotion, seriesId);

/** Who is asking: null for an anonymous buyer. */
export interface PromotionCustomer {
  readonly customerTagTypeIds: readonly number[];
}

export type CustomerTagCheck = 'Allowed' | 'LoginRequired' | 'TagMismatch';

/**
 * Promotions restricted to customer tags need login and a matching tag,
 * otherwise the web shows a login-required (LoginRequired) or unavailable (TagMismatch) modal.
 * A restriction that names no tag only asks for a logged-in customer.
 */
export const customerTagCheck = (
  promotion: Pick<Promotion, 'restrictToCustomerTag' | 'restrictToCustomerTagIds'>,
  customer: PromotionCustomer | null,
): CustomerTagCheck => {
  if (!promotion.restrictToCustomerTag) return 'Allowed';
  if (!customer) return 'LoginRequired';
  if (promotion.restrictToCustomerTagIds.length === 0) return 'Allowed';
  return customer.customerTagTypeIds.some((id) => promotion.restrictToCustomerTagIds.includes(id))
    ? 'Allowed'
    : 'TagMismatch';
};

/** The one-time group code as found for the promotion: null when no such code exists. */
export interface GroupCode {
  readonly code: string;
  readonly usedAt: Date | null;
}

export type PromotionRejection =
  | 'Empty'
  | 'Unknown'
  | 'NotForSeries'
  | 'NotStarted'
  | 'Ended'
  | 'GroupCodeRequired'
  | 'GroupCodeUnknown'
  | 'GroupCodeUsed'
  | 'LoginRequired'
  | 'TagMismatch';

export type PromotionCodeCheck =
  | { readonly ok: true; readonly promotion: Promotion; readonly groupCode: string | null }
  | { readonly ok: false; readonly reason: PromotionRejection };

export interface PromotionCodeAttempt {
  /** What the buyer typed. */
  readonly enteredCode: string;
  /** The promotion found for that code (case-insensitively), or null. */
  readonly promotion: Promotion | null;
  readonly seriesId: number;
  /** What the buyer typed as the one-time group code ('' when nothing). */
  readonly enteredGroupCode: string;
  /** The group code found for that text and promotion, or null. */
  readonly groupCode: GroupCode | null;
  readonly customer: PromotionCustomer | null;
  readonly now: Date;
}

/** Trimmed text of an entered code; '' when only blanks. */
export const normalizeCode = (text: string | null | undefined): string => (text ?? '').trim();

/**
 * Whether an entered code unlocks its promotion for a series, checked in the order a buyer
 * would want to hear about it: empty, unknown, wrong series, not yet / no longer running,
 * group code, then who is asking.
 */
export const checkPromotionCode = (attempt: PromotionCodeAttempt): PromotionCodeCheck => {
  const reject = (reason: PromotionRejection): PromotionCodeCheck => ({ ok: false, reason });
  // 'Presale Code is empty'.
  if (normalizeCode(attempt.enteredCode) === '') return reject('Empty');
  const promotion = attempt.promotion;
  if (!promotion || promotion.isArchived || promotion.code === null) return reject('Unknown');
  if (promotion.code.toLowerCase() !== normalizeCode(attempt.enteredCode).toLowerCase())
    return reject('Unknown');
  if (!appliesToSeries(promotion, attempt.seriesId)) return reject('NotForSeries');
  const window = promotionWindow(promotion, attempt.now);
  if (!window.started) return reject('NotStarted');
  if (window.ended) return reject('Ended');
  let groupCode: string | null = null;
  if (promotion.groupPromoCode) {
    const entered = normalizeCode(attempt.enteredGroupCode);
    if (entered === '') return reject('GroupCodeRequired');
    const found = attempt.groupCode;
    if (!found || found.code.toLowerCase() !== entered.toLowerCase()) return reject('GroupCodeUnknown');
    if (found.usedAt !== null) return reject('GroupCodeUsed');
    groupCode = found.code;
  }
  const tags = customerTagCheck(promotion, attempt.customer);
  if (tags !== 'Allowed') return reject(tags);
  return { ok: true, promotion, groupCode };
};
