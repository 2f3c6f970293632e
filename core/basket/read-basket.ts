import { Effect } from 'effect';
import { HouseCurrencySetting } from '../accounts/house-currency.ts';
import { Pricing } from '../pricing/ports.ts';
import { normalizeCode } from '../pricing/promotion-rules.ts';
import { secondsTilExpiration } from './basket.ts';
import { answerBasket, basketContexts, liveBasket } from './basket-answer.ts';
import { checkAccessibleSeats } from './accessible-seats.ts';
import { BasketRuleViolation } from './errors.ts';
import { Baskets } from './ports.ts';
import { checkSeatAlerts } from './seat-alerts.ts';
import { checkTicketLimit } from './ticket-limit.ts';
import { basketViewModel, mapBasketViewModel } from './view.ts';
import type { CustomerLookup } from '../pricing/promotion-customer.ts';
import { pricingForCaller } from './pricing/member-pricing-for.ts';
import type { SaleContext } from './sale-context.ts';

// The basket's read calls. Each answers 404 (BasketNotFound) when the caller has no live basket.

/** GET expirationtime: seconds left by the database's clock. */
export const expirationTime = (cmd: { readonly basketId: string | null }) =>
  Effect.map(liveBasket(cmd.basketId), (basket) => ({
    SecondsTilExpiration: secondsTilExpiration(basket.secondsLeft),
    ExpiresAt: basket.expiresAt.toISOString(),
  }));

export const currentBasket = (cmd: { readonly basketId: string | null }) =>
  Effect.flatMap(liveBasket(cmd.basketId), answerBasket);

/** GET mapBasketViewModel. */
export const mapBasket = (cmd: { readonly basketId: string | null }) =>
  Effect.gen(function* () {
    const basket = yield* liveBasket(cmd.basketId);
    return mapBasketViewModel(basket, yield* basketContexts(basket));
  });

/** GET viewmodel (eventID: the event the buyer came from, whose products are offered too). */
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
    return basketViewModel({
      basket,
      contexts: offered,
      deliveryMethods: yield* baskets.deliveryMethods(),
      products: yield* baskets.productOffers(eventIds),
      staff: cmd.staff,
      house: yield* (yield* HouseCurrencySetting).current(),
    });
  });

/**
 * GET validate: whether the basket may go to payment. Answers the basket, or the first thing
 * to put right (a 400 with its words).
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

/** GET /api/promotions/getbasketpromotion: the promotion the basket was given, or null. */
export const basketPromotion = (cmd: { readonly basketId: string | null }) =>
  Effect.gen(function* () {
    const basket = yield* liveBasket(cmd.basketId);
    const code = normalizeCode(basket.promoCode);
    if (code === '') return null;
    const promotion = yield* (yield* Pricing).promotionByCode(code);
    if (!promotion) return null;
    return {
      ID: promotion.id,
      Code: promotion.code,
      DisplayName: promotion.displayName,
      InstructionText: promotion.instructionText,
      IsPresale: promotion.isPresale,
      GroupPromoCode: promotion.groupPromoCode,
      usedGroupCode: basket.groupCode,
      HideFullRetailPriceOnWeb: promotion.hideFullRetailPriceOnWeb,
    };
  });

/** GET marketingOptIns (eventTemplateIds): the opt-ins the basket page offers. */
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
