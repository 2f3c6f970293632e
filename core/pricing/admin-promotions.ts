import { Clock, Context, Effect } from 'effect';
import type { NotFound } from '../shared/errors.ts';
import { appliesToSeries, isPromotionRunning, type Promotion } from './promotion-rules.ts';

// The box office's view of promotions (the clerk's promotion lists): which are running for a
// series, which may price house seats, and a series' whole list for the admin pages.

export class AdminPromotions extends Context.Service<
  AdminPromotions,
  {
    /** Every promotion that applies to the series, archived ones included. */
    readonly ofSeries: (seriesId: number) => Effect.Effect<readonly Promotion[]>;
    /** The series (event template) an event belongs to. */
    readonly seriesOfEvent: (eventId: number) => Effect.Effect<number, NotFound>;
    /** Every promotion that applies to any series. */
    readonly all: () => Effect.Effect<readonly Promotion[]>;
  }
>()('foyer/pricing/AdminPromotions') {}

/** Running now for the series, not archived. */
export const isActiveForSeries = (promotion: Promotion, seriesId: number, now: Date): boolean =>
  !promotion.isArchived && appliesToSeries(promotion, seriesId) && isPromotionRunning(promotion, now);

/**
 * May price house seats released at the counter: running, not archived, with a code staff can
 * type, and nothing the counter cannot give (no presale window, no one-time group code).
 */
export const isHouseSeatPromotion = (promotion: Promotion, now: Date): boolean =>
  !promotion.isArchived &&
  promotion.code !== null &&
  !promotion.isPresale &&
  !promotion.groupPromoCode &&
  promotion.eventTemplateIds.length > 0 &&
  isPromotionRunning(promotion, now);

export interface AdminPromotionRow {
  ID: number;
  Code: string | null;
  DisplayName: string;
  InstructionText: string | null;
  IsPresale: boolean;
  HidePreSale: boolean;
  GroupPromoCode: boolean;
  RestrictToCustomerTag: boolean;
  IsOutletSale: boolean;
  IsArchived: boolean;
  StartDate: string | null;
  EndDate: string | null;
  /** Percent: basis points; Amount: minor units off each ticket. */
  DiscountKind: 'Percent' | 'Amount';
  DiscountValue: number;
  EventTemplateIDs: number[];
  IsActive: boolean;
}

export const adminPromotionRow = (promotion: Promotion, now: Date): AdminPromotionRow => ({
  ID: promotion.id,
  Code: promotion.code,
  DisplayName: promotion.displayName,
  InstructionText: promotion.instructionText,
  IsPresale: promotion.isPresale,
  HidePreSale: promotion.hidePreSale,
  GroupPromoCode: promotion.groupPromoCode,
  RestrictToCustomerTag: promotion.restrictToCustomerTag,
  IsOutletSale: promotion.isOutletSale,
  IsArchived: promotion.isArchived,
  StartDate: promotion.startsAt?.toISOString() ?? null,
  EndDate: promotion.endsAt?.toISOString() ?? null,
  DiscountKind: promotion.discount.kind,
  DiscountValue: promotion.discount.value,
  EventTemplateIDs: [...promotion.eventTemplateIds],
  IsActive: !promotion.isArchived && isPromotionRunning(promotion, now),
});

const byName = (a: Promotion, b: Promotion) => a.displayName.localeCompare(b.displayName) || a.id - b.id;

const nowOf = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms));

export const activePromotionsOfSeries = (seriesId: number) =>
  Effect.gen(function* () {
    const now = yield* nowOf;
    const promotions = yield* AdminPromotions.use((p) => p.ofSeries(seriesId));
    return promotions
      .filter((p) => isActiveForSeries(p, seriesId, now))
      .sort(byName)
      .map((p) => adminPromotionRow(p, now));
  });

export const activePromotionsOfEvent = (eventId: number) =>
  Effect.flatMap(
    AdminPromotions.use((p) => p.seriesOfEvent(eventId)),
    activePromotionsOfSeries,
  );

export const houseSeatPromotions = () =>
  Effect.gen(function* () {
    const now = yield* nowOf;
    const promotions = yield* AdminPromotions.use((p) => p.all());
    return promotions
      .filter((p) => isHouseSeatPromotion(p, now))
      .sort(byName)
      .map((p) => adminPromotionRow(p, now));
  });

export const promotionsListOfSeries = (seriesId: number, showArchive: boolean) =>
  Effect.gen(function* () {
    const now = yield* nowOf;
    const promotions = yield* AdminPromotions.use((p) => p.ofSeries(seriesId));
    return promotions
      .filter((p) => showArchive || !p.isArchived)
      .sort(byName)
      .map((p) => adminPromotionRow(p, now));
  });
