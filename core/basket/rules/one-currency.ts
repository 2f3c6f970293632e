import { Effect } from 'effect';
import type { HouseCurrency } from '../../accounts/house-currency.ts';
import { localeWriting } from '../../i18n/currency-locales.ts';
import type { Basket } from '../basket.ts';
import { BasketRuleViolation } from '../errors.ts';
import { Baskets } from '../ports.ts';
import type { SaleContext } from '../sale-context.ts';

// A basket is paid in one currency (basketCurrency below): a total of dollars and pounds is no
// amount anyone can charge. A ticket is priced in its event's venue currency; a gift certificate
// in the house currency it was sold in, a membership in its type's currency (each kept on the
// line when added). A consumer basket holds one event at a time (core/basket/rules/sale-rules.ts
// checkOneEvent), but staff baskets and plan baskets mix events, and any basket may hold
// certificates and memberships beside its tickets: lines of another currency than those already
// held are refused, nothing changed.

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

/** What the basket holds, in words, by the kind of its line priced in another currency. */
const HELD = {
  ticket: 'tickets',
  product: 'add-ons',
  gift: 'a gift certificate',
  membership: 'a membership',
} as const;

/** A line of the basket and its currency, where known. */
export interface LineCurrency {
  readonly kind: keyof typeof HELD;
  readonly currency: string;
}

/**
 * The currencies of the basket's lines: a ticket's is its event's (when read), a gift
 * certificate's or membership's is the one it was added in (none on lines older than that).
 */
export const lineCurrencies = (
  basket: Pick<Basket, 'tickets' | 'giftCertificates' | 'memberships'>,
  eventCurrencies: EventCurrencies,
): LineCurrency[] => [
  ...basket.tickets.flatMap((t) => {
    const currency = eventCurrencies.get(t.eventId);
    return currency === undefined ? [] : [{ kind: 'ticket' as const, currency }];
  }),
  ...(basket.giftCertificates ?? []).flatMap((g) =>
    g.currency === null ? [] : [{ kind: 'gift' as const, currency: g.currency }],
  ),
  ...(basket.memberships ?? []).flatMap((m) =>
    m.currency === null ? [] : [{ kind: 'membership' as const, currency: m.currency }],
  ),
];

/**
 * Null when every line is priced in `currency`; else the refusal naming the first line's currency
 * and what is being added ('Tickets', 'A gift certificate').
 */
export const checkLineCurrencies = (
  lines: readonly LineCurrency[],
  currency: string,
  adding: string,
): BasketRuleViolation | null => {
  const other = lines.find((l) => l.currency !== currency.toUpperCase());
  if (other === undefined) return null;
  const needs = adding === 'Tickets' ? 'need a basket of their own' : 'needs a basket of its own';
  const those = other.kind === 'ticket' || other.kind === 'product' ? 'those' : 'it';
  return new BasketRuleViolation({
    rule: 'OtherCurrency',
    message: `Your basket holds ${HELD[other.kind]} priced in ${other.currency}. ${adding} priced in ${currency.toUpperCase()} ${needs}: check out or remove ${those} first.`,
  });
};

/** Null when every line of the basket is priced in `currency` (or of an event not read). */
export const checkOneCurrency = (
  basket: Pick<Basket, 'tickets' | 'giftCertificates' | 'memberships'>,
  currencies: EventCurrencies,
  currency: string,
): BasketRuleViolation | null => checkLineCurrencies(lineCurrencies(basket, currencies), currency, 'Tickets');

/**
 * What the basket is paid in: its first event's venue currency; without events, the currency its
 * certificates or memberships were added in (written by the house's locale when it is the house
 * currency, else by the first locale that writes it); else the house currency.
 */
export const basketCurrency = (
  basket: Pick<Basket, 'tickets' | 'products' | 'giftCertificates' | 'memberships'>,
  contexts: ReadonlyMap<number, SaleContext>,
  house: HouseCurrency,
): HouseCurrency => {
  const first = basket.tickets[0]?.eventId ?? basket.products.find((p) => p.eventId !== null)?.eventId;
  const pricing = first === undefined || first === null ? undefined : contexts.get(first)?.pricing;
  if (pricing) return { isoCurrencyCode: pricing.isoCurrencyCode, currencyLocale: pricing.currencyLocale };
  const extra = [...(basket.giftCertificates ?? []), ...(basket.memberships ?? [])].find(
    (line) => line.currency !== null,
  )?.currency;
  if (extra === undefined || extra === null || extra === house.isoCurrencyCode) return house;
  const writer = localeWriting(extra);
  return writer ? { isoCurrencyCode: extra, currencyLocale: writer } : house;
};
