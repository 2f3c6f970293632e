import { Data, Effect } from 'effect';
import { NotFound, PromotionInvalid } from '../shared/errors.ts';
import {
  checkPromotionCode,
  isListedForSeries,
  normalizeCode,
  promotionWindow,
  type Promotion,
  type PromotionCustomer,
} from '../pricing/promotion-rules.ts';
import { currentTime } from './current-time.ts';
import { localDateTime } from './local-time.ts';
import { Catalogue } from './ports.ts';
import { seriesTimeZone } from './series.ts';

/** A series' promotion, as the storefront reads it. */
export interface SeriesPromotionView {
  readonly ID: number;
  /** Only for promotions the storefront applies by itself (outlet sale) or a validated code. */
  readonly Code: string | null;
  readonly DisplayName: string;
  readonly IsPresale: boolean;
  readonly HidePreSale: boolean;
  readonly PromoStarted: boolean;
  readonly PromoEnded: boolean;
  readonly LocalStartDate: string | null;
  readonly GroupPromoCode: boolean;
  readonly InstructionText: string | null;
  readonly restrictToCustomerTag: boolean;
  readonly restrictToCustomerTagIds: number[];
  readonly HideFullRetailPriceOnWeb: boolean;
  readonly IsOutletSale: boolean;
  /** The one-time group code a validation accepted (checkout uses it up), else null. */
  readonly usedGroupCode: string | null;
}

/**
 * A code-restricted promotion the buyer cannot use as who they are: LoginRequired (anonymous)
 * or TagMismatch (logged in without the customer tag). The web shows the login-required or
 * unavailable modal.
 */
export class PromotionRestricted extends Data.TaggedError('PromotionRestricted')<{
  readonly code: string;
  readonly reason: 'LoginRequired' | 'TagMismatch';
}> {}

export const seriesPromotionView = (
  promotion: Promotion,
  now: Date,
  timeZone: string,
  revealed: { code?: string; groupCode?: string | null } = {},
): SeriesPromotionView => {
  const window = promotionWindow(promotion, now);
  return {
    ID: promotion.id,
    // A listed presale promotion must not give its code away: buyers type it.
    Code: revealed.code ?? (promotion.isOutletSale ? promotion.code : null),
    DisplayName: promotion.displayName,
    IsPresale: promotion.isPresale,
    HidePreSale: promotion.hidePreSale,
    PromoStarted: window.started,
    PromoEnded: window.ended,
    LocalStartDate: promotion.startsAt ? localDateTime(promotion.startsAt, timeZone) : null,
    GroupPromoCode: promotion.groupPromoCode,
    InstructionText: promotion.instructionText,
    restrictToCustomerTag: promotion.restrictToCustomerTag,
    restrictToCustomerTagIds: [...promotion.restrictToCustomerTagIds],
    HideFullRetailPriceOnWeb: promotion.hideFullRetailPriceOnWeb,
    IsOutletSale: promotion.isOutletSale,
    usedGroupCode: revealed.groupCode ?? null,
  };
};

/** The promotions the storefront lists for a series, in id order. */
export const listedPromotions = (
  promotions: readonly Promotion[],
  seriesId: number,
  now: Date,
  timeZone: string,
) =>
  promotions
    .filter((p) => isListedForSeries(p, seriesId))
    .sort((a, b) => a.id - b.id)
    .map((p) => seriesPromotionView(p, now, timeZone));

/** The storefront's promotions of a series (its presale codes). */
export const seriesPromotions = (
  seriesCode: string,
): Effect.Effect<SeriesPromotionView[], NotFound, Catalogue> =>
  Effect.gen(function* () {
    const catalogue = yield* Catalogue;
    const series = yield* catalogue.series(seriesCode);
    if (!series) return yield* new NotFound({ entity: 'Series', id: seriesCode });
    const promotions = yield* catalogue.seriesPromotions(series.id);
    return listedPromotions(promotions, series.id, yield* currentTime, seriesTimeZone(series));
  });

export interface ValidatePromoCode {
  readonly promoCode: string;
  readonly oneTimeGroupCode?: string;
  readonly eventTemplateCode: string;
  /** The logged-in customer, or null for an anonymous buyer. */
  readonly customer: PromotionCustomer | null;
}

/**
 * The storefront's promotion code check: whether the code unlocks a promotion for the series.
 * It only reads: a one-time group code is used up at checkout, not here.
 */
export const validatePromoCode = (
  request: ValidatePromoCode,
): Effect.Effect<SeriesPromotionView, NotFound | PromotionInvalid | PromotionRestricted, Catalogue> =>
  Effect.gen(function* () {
    const enteredCode = normalizeCode(request.promoCode);
    if (enteredCode === '') return yield* new PromotionInvalid({ code: '', reason: 'Empty' });
    const catalogue = yield* Catalogue;
    const series = yield* catalogue.series(request.eventTemplateCode);
    if (!series) return yield* new NotFound({ entity: 'Series', id: request.eventTemplateCode });
    const promotion = yield* catalogue.promotionByCode(enteredCode);
    const enteredGroupCode = normalizeCode(request.oneTimeGroupCode);
    const groupCode =
      promotion?.groupPromoCode && enteredGroupCode !== ''
        ? yield* catalogue.groupCode(promotion.id, enteredGroupCode)
        : null;
    const now = yield* currentTime;
    const check = checkPromotionCode({
      enteredCode,
      promotion,
      seriesId: series.id,
      enteredGroupCode,
      groupCode,
      customer: request.customer,
      now,
    });
    if (!check.ok) {
      switch (check.reason) {
        case 'LoginRequired':
        case 'TagMismatch':
          return yield* new PromotionRestricted({ code: enteredCode, reason: check.reason });
        case 'GroupCodeUnknown':
          return yield* new PromotionInvalid({ code: enteredCode, reason: 'Unknown' });
        default:
          return yield* new PromotionInvalid({ code: enteredCode, reason: check.reason });
      }
    }
    return seriesPromotionView(check.promotion, now, seriesTimeZone(series), {
      code: check.promotion.code ?? enteredCode,
      groupCode: check.groupCode,
    });
  });
