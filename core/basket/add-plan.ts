import type { PricingAudience, EventPricingData } from '../pricing/price-map.ts';
import type { Basket, TicketItem } from './basket.ts';
import { checkAccessibleSeats } from './rules/accessible-seats.ts';
import { BasketRuleViolation, SeatsTaken, type BasketError } from './errors.ts';
import { gaShortfall, type GaSectionNow } from './rules/ga-quantity.ts';
import { offeredPriceTypeIds, priceTicket, type PricedPromotion } from './pricing/item-pricing.ts';
import { checkOneEvent } from './rules/sale-rules.ts';
import { checkSeatAlerts } from './rules/seat-alerts.ts';
import { checkTicketLimit } from './rules/ticket-limit.ts';
import { checkUniqueSeats } from './rules/unique-items.ts';

// What goes in the basket when seats or GA places are added: every basket rule (ticket limit,
// companions, GA availability, unique seats, seat alerts, one event per consumer basket),
// checked against the whole basket, then each new ticket priced. The store runs these inside the
// hold's transaction (with the basket row locked), so the basket they judge is the one the new
// tickets join.

export type NewTicket = Omit<TicketItem, 'id'>;

export interface AddContext {
  readonly eventId: number;
  readonly pricing: EventPricingData;
  readonly audience: PricingAudience;
  readonly isAdminChannel: boolean;
}

export interface SeatRequest {
  readonly key: string;
  /** null: the price level's default price type. */
  readonly priceTypeId: number | null;
  readonly promotion: PricedPromotion | null;
  readonly packageId: number | null;
  /** SeatAlertAcknowledgement from the web's alert modal. */
  readonly acknowledged: boolean;
}

/** A seat as the hold statement returned it. */
export interface HeldSeat {
  readonly seatId: number;
  readonly key: string;
  readonly sectionId: number;
  readonly sectionName: string;
  readonly row: string;
  readonly seatNumber: string;
  readonly priceLevelId: number;
  readonly adaType: string | null;
  readonly seatAlertId: number | null;
  readonly holdSubclassId: number | null;
}

const limitRule = (pricing: EventPricingData) => ({
  limit: pricing.orderTicketLimit,
  message: pricing.ticketLimitMessage,
});

/** Rules that need only the basket and the keys: judged before any seat is touched. */
export const precheckSeats = (
  context: AddContext,
  basket: Pick<Basket, 'tickets'>,
  requests: readonly SeatRequest[],
): BasketError | null =>
  (requests.length === 0
    ? new BasketRuleViolation({ rule: 'NoSeats', message: 'Choose at least one seat.' })
    : null) ??
  checkOneEvent(basket, context.eventId, context.isAdminChannel) ??
  checkUniqueSeats(
    basket.tickets,
    requests.map((r) => ({ eventId: context.eventId, key: r.key, isGa: false })),
  );

/** The new seat tickets, or the first rule they break. */
export const planSeatTickets = (
  context: AddContext,
  basket: Pick<Basket, 'tickets'>,
  requests: readonly SeatRequest[],
  held: readonly HeldSeat[],
): NewTicket[] | BasketError => {
  const early = precheckSeats(context, basket, requests);
  if (early) return early;
  const byKey = new Map(held.map((seat) => [seat.key, seat]));
  const pairs = requests.map((request) => ({ request, seat: byKey.get(request.key) }));
  const missing = pairs.filter((p) => !p.seat).map((p) => p.request.key);
  if (missing.length > 0) return new SeatsTaken({ eventId: context.eventId, keys: missing });
  const seats = pairs as { request: SeatRequest; seat: HeldSeat }[];
  const violation =
    checkSeatAlerts(
      seats.map(({ request, seat }) => ({
        key: seat.key,
        seatAlertId: seat.seatAlertId,
        acknowledged: request.acknowledged,
      })),
      context.pricing.seatAlerts,
    ) ??
    checkAccessibleSeats([
      ...basket.tickets,
      ...seats.map(({ seat }) => ({ eventId: context.eventId, adaType: seat.adaType, quantity: 1 })),
    ]) ??
    checkTicketLimit(
      basket.tickets,
      seats.map(({ seat }) => ({ adaType: seat.adaType, quantity: 1 })),
      limitRule(context.pricing),
    );
  if (violation) return violation;
  const tickets: NewTicket[] = [];
  for (const { request, seat } of seats) {
    const priceTypeId =
      request.priceTypeId ?? offeredPriceTypeIds(context.pricing, context.audience, seat.priceLevelId)[0];
    if (priceTypeId === undefined)
      return new BasketRuleViolation({
        rule: 'PriceTypeNotOffered',
        message: `Seat ${seat.key} has no price.`,
      });
    const price = priceTicket(context.pricing, context.audience, {
      priceLevelId: seat.priceLevelId,
      priceTypeId,
      promotion: request.promotion,
      packageId: request.packageId,
    });
    if (price instanceof BasketRuleViolation) return price;
    tickets.push({
      ...price,
      eventId: context.eventId,
      isGa: false,
      key: seat.key,
      seatId: seat.seatId,
      sectionId: seat.sectionId,
      sectionName: seat.sectionName,
      row: seat.row,
      seatNumber: seat.seatNumber,
      quantity: 1,
      adaType: seat.adaType,
      seatAlertId: seat.seatAlertId,
      seatAlertAcknowledged: request.acknowledged,
      holdSubclassId: seat.holdSubclassId,
    });
  }
  return tickets;
};

export interface GaRequest {
  readonly sectionKey: string;
  readonly priceLevelId: number;
  readonly priceTypeId: number;
  readonly quantity: number;
  readonly promotion: PricedPromotion | null;
}

export interface GaSectionLocked extends GaSectionNow {
  readonly id: number;
  readonly name: string;
  readonly priceLevelId: number;
}

/**
 * The new GA tickets, or why not: too few places left (SeatsTaken naming the sections), or a
 * basket rule. `sections` were read with their rows locked.
 */
export const planGaTickets = (
  context: AddContext,
  basket: Pick<Basket, 'tickets'>,
  requests: readonly GaRequest[],
  sections: readonly GaSectionLocked[],
): NewTicket[] | BasketError => {
  if (requests.length === 0 || requests.some((r) => !Number.isSafeInteger(r.quantity) || r.quantity < 1))
    return new BasketRuleViolation({ rule: 'NoSeats', message: 'Choose how many tickets you want.' });
  const other = checkOneEvent(basket, context.eventId, context.isAdminChannel);
  if (other) return other;
  const short = gaShortfall(requests, sections);
  if (short.length > 0) return new SeatsTaken({ eventId: context.eventId, keys: short });
  const limit = checkTicketLimit(
    basket.tickets,
    requests.map((r) => ({ adaType: null, quantity: r.quantity })),
    limitRule(context.pricing),
  );
  if (limit) return limit;
  const tickets: NewTicket[] = [];
  for (const request of requests) {
    const section = sections.find((s) => s.key === request.sectionKey)!;
    if (section.priceLevelId !== request.priceLevelId)
      return new BasketRuleViolation({
        rule: 'GaSection',
        message: `Price ${request.priceLevelId}-${request.priceTypeId} is not a price of ${section.name}.`,
      });
    const price = priceTicket(context.pricing, context.audience, {
      priceLevelId: request.priceLevelId,
      priceTypeId: request.priceTypeId,
      promotion: request.promotion,
      packageId: null,
    });
    if (price instanceof BasketRuleViolation) return price;
    tickets.push({
      ...price,
      eventId: context.eventId,
      isGa: true,
      key: section.key,
      seatId: null,
      sectionId: section.id,
      sectionName: section.name,
      row: null,
      seatNumber: null,
      quantity: request.quantity,
      adaType: null,
      seatAlertId: null,
      seatAlertAcknowledged: false,
      holdSubclassId: null,
    });
  }
  return tickets;
};
