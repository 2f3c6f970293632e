import { Clock, Effect } from 'effect';
import { planGaTickets, type AddContext, type GaRequest } from './add-plan.ts';
import { notThroughPlan } from './add-seats.ts';
import { checkOneCurrency, otherEventCurrencies } from './rules/one-currency.ts';
import { afterHold, answerBasket, channelFor, type Caller } from './basket-answer.ts';
import { BasketRuleViolation } from './errors.ts';
import { pricingForCaller } from './pricing/member-pricing-for.ts';
import { Baskets } from './ports.ts';
import { resolvePromotion } from './pricing/promotion-codes.ts';
import { checkOnSale } from './rules/sale-rules.ts';

// A buyer holds general-admission places: a quantity per price key
// (`${PriceLevelID}-${PriceTypeID}`) of a general-admission section. The section rows are
// locked while capacity - sold - live holds is checked and the holds written, so held plus sold
// never exceed capacity.

export interface AddGeneralAdmission {
  readonly caller: Caller;
  readonly holdSeconds: number;
  readonly eventId: number;
  readonly salesChannel: string;
  /** Quantity per price key. */
  readonly ticketRequest: Readonly<Record<string, number>>;
  /** The GA section; optional when only one GA section has the price level. */
  readonly sectionKey?: string | null;
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

const PRICE_KEY = /^(\d+)-(\d+)$/;

export const addGeneralAdmission = (cmd: AddGeneralAdmission) =>
  Effect.gen(function* () {
    const baskets = yield* Baskets;
    const sale = yield* baskets.saleContext(cmd.eventId);
    const channel = yield* channelFor(sale.salesChannels, cmd.salesChannel, cmd.caller.staff);
    const promotion = yield* resolvePromotion(
      cmd.promoCode,
      cmd.groupCode,
      sale.event.series.id,
      cmd.caller.customer,
    );
    const closed = checkOnSale(
      sale.event,
      new Date(yield* Clock.currentTimeMillis),
      promotion?.isPresale === true,
      channel.isAdmin,
    );
    if (closed) return yield* Effect.fail(closed);
    const requests: GaRequest[] = [];
    for (const [priceKey, quantity] of Object.entries(cmd.ticketRequest)) {
      if (quantity === 0) continue;
      const match = PRICE_KEY.exec(priceKey);
      if (!match)
        return yield* Effect.fail(
          new BasketRuleViolation({ rule: 'GaSection', message: `${priceKey} is not a price key.` }),
        );
      const priceLevelId = Number(match[1]);
      const sections = sale.pricing.gaSections.filter(
        (s) =>
          s.priceLevelId === priceLevelId &&
          (cmd.sectionKey == null || s.key.toLowerCase() === cmd.sectionKey.toLowerCase()),
      );
      if (sections.length !== 1)
        return yield* Effect.fail(
          new BasketRuleViolation({
            rule: 'GaSection',
            message:
              sections.length === 0
                ? `No general-admission section of this performance has price ${priceKey}.`
                : `Several sections have price ${priceKey}: name the section.`,
          }),
        );
      requests.push({
        sectionKey: sections[0]!.key,
        priceLevelId,
        priceTypeId: Number(match[2]),
        quantity,
        promotion,
      });
    }
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
    const held = yield* baskets.holdGeneralAdmission({
      open: { basketId: cmd.caller.basketId, salesChannelId: channel.id, holdSeconds: cmd.holdSeconds },
      eventId: cmd.eventId,
      sectionKeys: [...new Set(requests.map((r) => r.sectionKey))],
      plan: (basket, sections) =>
        notThroughPlan(basket, cmd.planBasket) ??
        checkOneCurrency(basket, currencies, sale.pricing.isoCurrencyCode) ??
        planGaTickets(
          context,
          cmd.planBasket
            ? {
                tickets: basket.tickets.filter(
                  (t) => t.eventId === cmd.eventId && !(cmd.replacing ?? []).includes(t.id),
                ),
              }
            : basket,
          requests,
          sections,
        ),
    });
    yield* afterHold(held);
    const basket = promotion
      ? yield* baskets.update(held.basket.id, {
          promotion: { code: promotion.code, groupCode: promotion.groupCode },
        })
      : held.basket;
    return { basket: yield* answerBasket(basket), basketId: basket.id, created: held.created };
  });
