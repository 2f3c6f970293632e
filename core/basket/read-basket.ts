import { Effect } from 'effect';
import { HouseCurrencySetting } from '../accounts/house-currency.ts';
import { Pricing } from '../pricing/ports.ts';
import { isVisibleTo, type PriceType } from '../pricing/price-map.ts';
import { normalizeCode } from '../pricing/promotion-rules.ts';
import { secondsTilExpiration, type Basket, type DeliveryMethod } from './basket.ts';
import { answerBasket, basketContexts, liveBasket, type AnsweredBasket } from './basket-answer.ts';
import { checkAccessibleSeats } from './rules/accessible-seats.ts';
import { BasketRuleViolation } from './errors.ts';
import {
  hasSomethingToDeliver,
  isComplimentaryBasket,
  offeredDeliveryMethods,
} from './complimentary-delivery.ts';
import { Baskets, type ProductOffer } from './ports.ts';
import { checkSeatAlerts } from './rules/seat-alerts.ts';
import { checkTicketLimit } from './rules/ticket-limit.ts';
import type { CustomerLookup } from '../pricing/promotion-customer.ts';
import { pricingForCaller } from './pricing/member-pricing-for.ts';
import type { SaleContext } from './sale-context.ts';

// The basket's read calls. Each answers 404 (BasketNotFound) when the caller has no live basket.

/** The basket's time left: whole seconds by the database's clock, and the moment it ends. */
export const expirationTime = (cmd: { readonly basketId: string | null }) =>
  Effect.map(liveBasket(cmd.basketId), (basket) => ({
    secondsTilExpiration: secondsTilExpiration(basket.secondsLeft),
    expiresAt: basket.expiresAt,
  }));

export const currentBasket = (cmd: { readonly basketId: string | null }) =>
  Effect.flatMap(liveBasket(cmd.basketId), answerBasket);

/** What the seat map needs to mark the caller's own seats. */
export interface MapBasket {
  readonly basket: Basket;
  readonly contexts: ReadonlyMap<number, SaleContext>;
  /** The event the buyer is choosing seats for: that of the ticket added last; null without tickets. */
  readonly currentEvent: SaleContext | null;
}

/** The seat map's reading of the caller's basket. */
export const mapBasket = (cmd: { readonly basketId: string | null }) =>
  Effect.gen(function* () {
    const basket = yield* liveBasket(cmd.basketId);
    const contexts = yield* basketContexts(basket);
    const current = basket.tickets.at(-1);
    const answer: MapBasket = {
      basket,
      contexts,
      currentEvent: (current ? contexts.get(current.eventId) : undefined) ?? null,
    };
    return answer;
  });

/** The basket page's data, shaped to what the caller is offered. */
export interface BasketPage {
  /**
   * The basket priced for the caller (a member is offered the member price types), charged for
   * its delivery method only when it has something to deliver.
   */
  readonly answered: AnsweredBasket;
  /** The delivery methods the caller is offered (staff see them all; a comp basket only free ones). */
  readonly deliveryMethods: readonly DeliveryMethod[];
  readonly products: readonly ProductOffer[];
  /** The price types the caller may choose, each once, event by event. */
  readonly priceTypes: readonly PriceType[];
  /** Fees are hidden until checkout when any event of the basket says so. */
  readonly hideFeesUntilCheckout: boolean;
}

/** The basket page (eventId: the event the buyer came from, whose products are offered too). */
export const viewModel = (cmd: {
  readonly basketId: string | null;
  readonly staff: boolean;
  readonly eventId?: number;
  /** The signed-in customer: a member is offered the member price types too. */
  readonly customer?: CustomerLookup;
}) =>
  Effect.gen(function* () {
    const baskets = yield* Baskets;
    const basket = yield* liveBasket(cmd.basketId);
    const contexts = yield* basketContexts(basket);
    const eventIds = [...contexts.keys(), ...(cmd.eventId === undefined ? [] : [cmd.eventId])];
    const offered = new Map<number, SaleContext>();
    for (const [eventId, context] of contexts)
      offered.set(eventId, {
        ...context,
        pricing: yield* pricingForCaller(context.pricing, cmd.staff, {
          basketId: cmd.basketId,
          staff: cmd.staff,
          ...(cmd.customer ? { customer: cmd.customer } : {}),
        }),
      });
    const deliveryMethods = yield* baskets.deliveryMethods();
    const chosen = hasSomethingToDeliver(basket)
      ? (deliveryMethods.find((m) => m.id === basket.deliveryMethodId) ?? null)
      : null;
    const audience = cmd.staff ? 'Staff' : 'Consumer';
    const priceTypes = new Map<number, PriceType>();
    for (const context of offered.values())
      for (const type of context.pricing.priceTypes)
        if (isVisibleTo(type, audience)) priceTypes.set(type.id, type);
    const page: BasketPage = {
      answered: {
        basket,
        contexts: offered,
        deliveryMethod: chosen,
        house: yield* (yield* HouseCurrencySetting).current(),
      },
      deliveryMethods: offeredDeliveryMethods(deliveryMethods, {
        staff: cmd.staff,
        complimentary: isComplimentaryBasket(basket, offered),
      }),
      products: yield* baskets.productOffers(eventIds),
      priceTypes: [...priceTypes.values()],
      hideFeesUntilCheckout: [...offered.values()].some((c) => c.pricing.hideFeesUntilCheckout),
    };
    return page;
  });

/**
 * Whether the basket may go to payment: answers the basket, or fails with the first thing to put
 * right (its words for the buyer).
 */
export const validateBasket = (cmd: { readonly basketId: string | null }) =>
  Effect.gen(function* () {
    const basket = yield* liveBasket(cmd.basketId);
    const contexts = yield* basketContexts(basket);
    if (
      basket.tickets.length === 0 &&
      (basket.giftCertificates ?? []).length === 0 &&
      (basket.memberships ?? []).length === 0 &&
      (basket.products.length === 0 || basket.continueWithoutTicketsEventId === null)
    )
      return yield* Effect.fail(
        new BasketRuleViolation({ rule: 'EmptyBasket', message: 'Your basket is empty.' }),
      );
    for (const [eventId, context] of contexts) {
      const tickets = basket.tickets.filter((t) => t.eventId === eventId);
      const problem =
        checkTicketLimit([], tickets, {
          limit: context.pricing.orderTicketLimit,
          message: context.pricing.ticketLimitMessage,
        }) ??
        checkAccessibleSeats(tickets) ??
        checkSeatAlerts(
          tickets.map((t) => ({
            key: t.key,
            seatAlertId: t.seatAlertId,
            acknowledged: t.seatAlertAcknowledged,
          })),
          context.pricing.seatAlerts,
        );
      if (problem) return yield* Effect.fail(problem);
    }
    return yield* answerBasket(basket);
  });

/** The promotion the basket was given, with the group code it was used with; null when none. */
export const basketPromotion = (cmd: { readonly basketId: string | null }) =>
  Effect.gen(function* () {
    const basket = yield* liveBasket(cmd.basketId);
    const code = normalizeCode(basket.promoCode);
    if (code === '') return null;
    const promotion = yield* (yield* Pricing).promotionByCode(code);
    if (!promotion) return null;
    return { promotion, groupCode: basket.groupCode };
  });

/** The marketing opt-ins the basket page offers, each checked when chosen or checked by default. */
export const marketingOptIns = (cmd: { readonly basketId: string | null }) =>
  Effect.gen(function* () {
    const basket = yield* liveBasket(cmd.basketId);
    const chosen = new Set(basket.marketingOptInTagIds);
    return (yield* (yield* Baskets).marketingOptIns()).map((o) => ({
      customerTagId: o.customerTagId,
      customerTagText: o.customerTagText,
      defaultStateChecked: o.defaultStateChecked,
      checked: chosen.has(o.customerTagId) || o.defaultStateChecked,
    }));
  });
