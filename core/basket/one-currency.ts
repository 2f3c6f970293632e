import { Effect } from 'effect';
import type { Basket } from './basket.ts';
import { BasketRuleViolation } from './errors.ts';
import { Baskets } from './ports.ts';

// A basket is paid in one currency: the venue currency of its tickets (core/basket/view.ts). A
// consumer basket holds one event at a time (core/basket/sale-rules.ts checkOneEvent), but staff
// baskets and plan baskets mix events, and events of venues in other currencies may not meet in
// one basket: a total of dollars and pounds is no amount anyone can charge.

/** The venue currency of each other event the basket holds tickets for. */
export type EventCurrencies = ReadonlyMap<number, string>;

/**
 * The currencies of the caller's basket's other events, read before a hold that may mix events
 * (staff or plan baskets); empty for a basket that cannot (one event only) or that does not exist.
 */
export const otherEventCurrencies = (basketId: string | null, eventId: number, mayMixEvents: boolean) =>
  Effect.gen(function* () {
    const currencies = new Map<number, string>();
    if (basketId === null || !mayMixEvents) return currencies as EventCurrencies;
    const baskets = yield* Baskets;
    const basket = yield* baskets.find(basketId);
    const others = new Set((basket?.tickets ?? []).map((t) => t.eventId).filter((id) => id !== eventId));
    for (const id of others) {
      const sale = yield* Effect.result(baskets.saleContext(id));
      if (sale._tag === 'Success') currencies.set(id, sale.success.pricing.isoCurrencyCode);
    }
    return currencies as EventCurrencies;
  });

/** Null when every ticket of the basket is priced in `currency` (or of an event not read). */
export const checkOneCurrency = (
  basket: Pick<Basket, 'tickets'>,
  currencies: EventCurrencies,
  currency: string,
): BasketRuleViolation | null => {
  const other = basket.tickets
    .map((t) => currencies.get(t.eventId))
    .find((c) => c !== undefined && c !== currency);
  return other === undefined
    ? null
    : new BasketRuleViolation({
        rule: 'OtherCurrency',
        message: `Your basket holds tickets priced in ${other}. Tickets priced in ${currency} need a basket of their own: check out or remove those first.`,
      });
};
