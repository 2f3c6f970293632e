import { countsTowardTicketLimit } from '../../../../core/inventory/accessibility.ts';
import type { MapSeat } from './seat-model.ts';

// Choosing seats on the map: the ticket limit (OrderTicketLimit, default
// 12), accessible seats (agreement once per session; they count toward the limit except Aisle
// Transfer), seat alerts that need acknowledging, package seats only for the selected event and
// seats locked to promotions. Pure: the screen asks, shows what is needed, and asks again.

export const DEFAULT_TICKET_LIMIT = 12;

export interface SelectedSeat {
  readonly key: string;
  readonly priceLevelId: number;
  readonly priceTypeId: number;
  readonly adaType?: string;
  readonly alertId?: number;
  /** The buyer read and accepted the seat's alert. */
  readonly alertAcknowledged: boolean;
  /** Bought as part of this package (null: a ticket for this performance only). */
  readonly packageId: number | null;
}

/** A general-admission quantity of one price type in one section. */
export interface GaPick {
  readonly sectionKey: string;
  readonly priceLevelId: number;
  readonly priceTypeId: number;
  readonly quantity: number;
}

export interface SelectionRules {
  readonly eventId: number;
  /** OrderTicketLimit; DEFAULT_TICKET_LIMIT when the event sets none. */
  readonly limit: number;
  /** ADATypes from pricing: types listed with CountsTowardLimit false do not count. */
  readonly adaTypes: readonly { Type: string; CountsTowardLimit: boolean }[];
  readonly alerts: readonly { ID: number; RequiresAcknowledgement: boolean }[];
  readonly packages: readonly { ID: number; EventIDs: readonly number[] }[];
  /** The promotion the prices were given for (Pricing.PromotionID). */
  readonly activePromotionId: number | null;
  readonly defaultPriceTypeId: number;
}

/** What the buyer has already answered for the seat being chosen. */
export interface Answers {
  /** hasAcceptedADA in this session. */
  readonly adaAccepted: boolean;
  readonly alertAcknowledged?: boolean;
  /** undefined: not asked yet; null: this performance only; a number: that package. */
  readonly packageId?: number | null;
}

export type RefusalReason = 'unavailable' | 'limit' | 'lockedPromotion' | 'packageOtherEvent';

export type SeatDecision =
  | { readonly kind: 'deselect' }
  | { readonly kind: 'refuse'; readonly reason: RefusalReason }
  | { readonly kind: 'askAdaAgreement' }
  | { readonly kind: 'askAlert'; readonly alertId: number }
  | { readonly kind: 'askPackage'; readonly packageIds: readonly number[] }
  | { readonly kind: 'select'; readonly seat: SelectedSeat };

export const ticketLimitOf = (orderTicketLimit: number | null | undefined): number =>
  orderTicketLimit && orderTicketLimit > 0 ? orderTicketLimit : DEFAULT_TICKET_LIMIT;

/** Whether a seat of this accessible type counts toward the limit (spec: all but Aisle Transfer). */
export const countsTowardLimit = (
  adaType: string | undefined,
  rules: Pick<SelectionRules, 'adaTypes'>,
): boolean => {
  if (!adaType) return true;
  const listed = rules.adaTypes.find((t) => t.Type === adaType);
  return listed ? listed.CountsTowardLimit : countsTowardTicketLimit(adaType);
};

/** Tickets that count toward the limit: seats (but aisle transfers) plus GA quantities. */
export const ticketCount = (
  seats: readonly Pick<SelectedSeat, 'adaType'>[],
  ga: readonly Pick<GaPick, 'quantity'>[],
  rules: Pick<SelectionRules, 'adaTypes'>,
): number =>
  seats.filter((s) => countsTowardLimit(s.adaType, rules)).length +
  ga.reduce((sum, g) => sum + g.quantity, 0);

/** Packages the seat may be bought in that include this performance. */
export const packagesForSeat = (
  seat: Pick<MapSeat, 'packageIds'>,
  rules: Pick<SelectionRules, 'packages' | 'eventId'>,
): number[] =>
  (seat.packageIds ?? []).filter((id) =>
    rules.packages.some((p) => p.ID === id && p.EventIDs.includes(rules.eventId)),
  );

/** The next step after a click (or Enter) on a seat. */
export const decideSeat = (
  seat: MapSeat,
  selected: readonly SelectedSeat[],
  ga: readonly GaPick[],
  rules: SelectionRules,
  answers: Answers,
): SeatDecision => {
  if (selected.some((s) => s.key === seat.key)) return { kind: 'deselect' };
  if (seat.status !== 'Open') return { kind: 'refuse', reason: 'unavailable' };
  if (seat.lockedPromotionIds?.length) {
    const unlocked =
      rules.activePromotionId !== null && seat.lockedPromotionIds.includes(rules.activePromotionId);
    if (!unlocked) return { kind: 'refuse', reason: 'lockedPromotion' };
  }
  if (countsTowardLimit(seat.adaType, rules) && ticketCount(selected, ga, rules) + 1 > rules.limit)
    return { kind: 'refuse', reason: 'limit' };
  if (seat.adaType && !answers.adaAccepted) return { kind: 'askAdaAgreement' };
  const alert = seat.alertId === undefined ? undefined : rules.alerts.find((a) => a.ID === seat.alertId);
  if (alert?.RequiresAcknowledgement && !answers.alertAcknowledged)
    return { kind: 'askAlert', alertId: alert.ID };
  if (answers.packageId !== undefined && answers.packageId !== null) {
    const chosen = rules.packages.find((p) => p.ID === answers.packageId);
    if (!chosen || !chosen.EventIDs.includes(rules.eventId))
      return { kind: 'refuse', reason: 'packageOtherEvent' };
  } else if (answers.packageId === undefined) {
    const offered = packagesForSeat(seat, rules);
    if (offered.length > 0) return { kind: 'askPackage', packageIds: offered };
  }
  return {
    kind: 'select',
    seat: {
      key: seat.key,
      priceLevelId: seat.priceLevelId,
      priceTypeId: rules.defaultPriceTypeId,
      ...(seat.adaType ? { adaType: seat.adaType } : {}),
      ...(seat.alertId !== undefined ? { alertId: seat.alertId } : {}),
      alertAcknowledged: Boolean(alert && answers.alertAcknowledged),
      packageId: answers.packageId ?? null,
    },
  };
};

/** Applies a decision: select adds the seat, deselect removes it, anything else changes nothing. */
export const applyDecision = (
  selected: readonly SelectedSeat[],
  key: string,
  decision: SeatDecision,
): readonly SelectedSeat[] => {
  if (decision.kind === 'select') return [...selected.filter((s) => s.key !== key), decision.seat];
  if (decision.kind === 'deselect') return selected.filter((s) => s.key !== key);
  return selected;
};

/**
 * Keeps what is still true after the inventory changed: seats no longer open are dropped (the
 * keys dropped are returned so the buyer can be told).
 */
export const keepAvailable = (
  selected: readonly SelectedSeat[],
  byKey: ReadonlyMap<string, Pick<MapSeat, 'status'>>,
): { kept: readonly SelectedSeat[]; dropped: readonly string[] } => {
  const kept: SelectedSeat[] = [];
  const dropped: string[] = [];
  for (const seat of selected) {
    if (byKey.get(seat.key)?.status === 'Open') kept.push(seat);
    else dropped.push(seat.key);
  }
  return { kept, dropped };
};
