import { Clock, Effect } from 'effect';
import { planSeatTickets, precheckSeats, type AddContext, type SeatRequest } from './add-plan.ts';
import { afterHold, answerBasket, channelFor, type Caller } from './basket-answer.ts';
import type { Basket } from './basket.ts';
import type { PricedPromotion } from './pricing/item-pricing.ts';
import { pricingForCaller } from './pricing/member-pricing-for.ts';
import { BasketRuleViolation } from './errors.ts';
import { checkOneCurrency, otherEventCurrencies } from './rules/one-currency.ts';
import { Baskets } from './ports.ts';
import { resolvePromotion } from './pricing/promotion-codes.ts';
import { sellableHoldSubclassIds } from './sale-context.ts';
import { checkOnSale } from './rules/sale-rules.ts';

// A buyer holds the seats they chose in their basket
// (a new one if they have none live). All or nothing: a seat someone else took answers 409
// with the taken seats and holds none.

export interface SeatChoice {
  readonly key: string;
  readonly priceTypeId?: number | null;
  readonly promoCode?: string | null;
  readonly groupCode?: string | null;
  readonly packageId?: number | null;
  readonly seatAlertAcknowledgement?: boolean;
}

export interface AddSeats {
  readonly caller: Caller;
  readonly holdSeconds: number;
  readonly eventId: number;
  readonly salesChannel: string;
  /** Hold subclasses the caller sells from (staff channels). */
  readonly holdSubclassIds?: ReadonlySet<number>;
  readonly seats: readonly SeatChoice[];
  /** Applies to every seat that names no code of its own. */
  readonly promoCode?: string | null;
  readonly groupCode?: string | null;
  /**
   * A plan basket holds one performance per plan slot: the basket rules (one event, ticket limit,
   * companions) weigh this event's tickets only, the plan's rules (core/plans/add-plan-items.ts)
   * the rest.
   */
  readonly planBasket?: boolean;
  /** Plan basket tickets this addition replaces: the basket rules judge the basket without them. */
  readonly replacing?: readonly number[];
}

/**
 * A plan basket (EventPlanID set) takes tickets only through its plan
 * (core/plans/add-plan-items.ts): an ordinary addition would leave a ticket of no slot.
 */
export const notThroughPlan = (
  basket: Pick<Basket, 'eventPlanId'>,
  planBasket: boolean | undefined,
): BasketRuleViolation | null =>
  basket.eventPlanId != null && planBasket !== true
    ? new BasketRuleViolation({
        rule: 'PlanBasket',
        message: 'Your basket holds a plan. Add seats through the plan, or remove it first.',
      })
    : null;

export const addSeats = (cmd: AddSeats) =>
  Effect.gen(function* () {
    const baskets = yield* Baskets;
    const sale = yield* baskets.saleContext(cmd.eventId);
    const channel = yield* channelFor(sale.salesChannels, cmd.salesChannel, cmd.caller.staff);
    // Each distinct code is checked once.
    const promotions = new Map<string, PricedPromotion | null>();
    const promotionOf = (code: string | null | undefined, group: string | null | undefined) =>
      Effect.gen(function* () {
        const id = `${code ?? ''}|${group ?? ''}`;
        if (!promotions.has(id))
          promotions.set(id, yield* resolvePromotion(code, group, sale.event.series.id, cmd.caller.customer));
        return promotions.get(id) ?? null;
      });
    const requests: SeatRequest[] = [];
    for (const seat of cmd.seats) {
      const own = (seat.promoCode ?? '').trim() !== '';
      requests.push({
        key: seat.key,
        priceTypeId: seat.priceTypeId ?? null,
        promotion: yield* promotionOf(
          own ? seat.promoCode : cmd.promoCode,
          own ? seat.groupCode : (seat.groupCode ?? cmd.groupCode),
        ),
        packageId: seat.packageId ?? null,
        acknowledged: seat.seatAlertAcknowledgement ?? false,
      });
    }
    const presale = requests.length > 0 && requests.every((r) => r.promotion?.isPresale === true);
    const now = new Date(yield* Clock.currentTimeMillis);
    const closed = checkOnSale(sale.event, now, presale, channel.isAdmin);
    if (closed) return yield* Effect.fail(closed);
    const context: AddContext = {
      eventId: cmd.eventId,
      pricing: yield* pricingForCaller(sale.pricing, channel.isAdmin, cmd.caller),
      audience: channel.isAdmin ? 'Staff' : 'Consumer',
      isAdminChannel: channel.isAdmin,
    };
    const currencies = yield* otherEventCurrencies(
      cmd.caller.basketId,
      cmd.eventId,
      channel.isAdmin || cmd.planBasket === true,
    );
    const judged = (basket: Pick<Basket, 'tickets'>) =>
      cmd.planBasket
        ? {
            tickets: basket.tickets.filter(
              (t) => t.eventId === cmd.eventId && !(cmd.replacing ?? []).includes(t.id),
            ),
          }
        : basket;
    const held = yield* baskets.holdSeats({
      open: {
        basketId: cmd.caller.basketId,
        salesChannelId: channel.id,
        holdSeconds: cmd.holdSeconds,
        staffLane: cmd.caller.staff,
      },
      eventId: cmd.eventId,
      venueConfigurationId: sale.event.venueConfigurationId,
      seatKeys: requests.map((r) => r.key),
      sellableHoldSubclassIds: sellableHoldSubclassIds(
        sale.holdSubclasses,
        channel,
        cmd.holdSubclassIds ?? new Set(),
        cmd.caller.staff && cmd.caller.manageHolds === true,
      ),
      precheck: (basket) =>
        notThroughPlan(basket, cmd.planBasket) ??
        checkOneCurrency(basket, currencies, sale.pricing.isoCurrencyCode) ??
        precheckSeats(context, judged(basket), requests),
      plan: (basket, seats) => planSeatTickets(context, judged(basket), requests, seats),
    });
    yield* afterHold(held);
    const basket =
      (cmd.promoCode ?? '').trim() !== ''
        ? yield* baskets.update(held.basket.id, {
            promotion: { code: cmd.promoCode!.trim(), groupCode: cmd.groupCode?.trim() || null },
          })
        : held.basket;
    return { basket: yield* answerBasket(basket), basketId: basket.id, created: held.created };
  });
