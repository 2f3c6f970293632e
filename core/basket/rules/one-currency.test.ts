import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basketCurrency, checkLineCurrencies, checkOneCurrency, lineCurrencies } from './one-currency.ts';
import type { SaleContext } from '../sale-context.ts';
import { giftCertificateItem, membershipItem, pricingData, ticket } from '../test-factories.ts';

// One currency per basket (one-currency.ts): tickets of events priced in another currency than
// the one being added refuse the addition; events whose currency was not read never do. Gift
// certificates and memberships count in the currency kept on the line (none on older lines).

const currencyArb = fc.constantFrom('USD', 'GBP', 'EUR');

describe('checkOneCurrency', () => {
  it('refuses exactly when a ticket of the basket is of an event priced in another currency (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 8 }),
        fc.dictionary(fc.integer({ min: 1, max: 6 }).map(String), currencyArb),
        currencyArb,
        (eventIds, byEvent, currency) => {
          const currencies = new Map(Object.entries(byEvent).map(([id, c]) => [Number(id), c]));
          const basket = { tickets: eventIds.map((eventId, i) => ticket({ id: i + 1, eventId })) };
          const refusal = checkOneCurrency(basket, currencies, currency);
          const mixed = eventIds.some((id) => currencies.has(id) && currencies.get(id) !== currency);
          expect(refusal !== null).toBe(mixed);
          if (refusal) {
            expect(refusal.rule).toBe('OtherCurrency');
            expect(refusal.message).toContain(`Tickets priced in ${currency}`);
          }
        },
      ),
    );
  });

  it('names the currency the basket already holds', () => {
    const basket = { tickets: [ticket({ id: 1, eventId: 7 })] };
    expect(checkOneCurrency(basket, new Map([[7, 'USD']]), 'GBP')?.message).toBe(
      'Your basket holds tickets priced in USD. Tickets priced in GBP need a basket of their own: check out or remove those first.',
    );
    expect(checkOneCurrency(basket, new Map([[7, 'GBP']]), 'GBP')).toBeNull();
  });
});

const gift = (id: number, currency: string | null) => giftCertificateItem({ id, currency });
const membership = (id: number, currency: string | null) => membershipItem({ id, currency });
const lineCurrencyArb = fc.option(currencyArb, { nil: null });

describe('certificates and memberships', () => {
  it('refuse what is added in another currency exactly when one of them is kept in another (property)', () => {
    fc.assert(
      fc.property(
        fc.array(lineCurrencyArb, { maxLength: 4 }),
        fc.array(lineCurrencyArb, { maxLength: 4 }),
        currencyArb,
        (gifts, members, currency) => {
          const basket = {
            tickets: [],
            giftCertificates: gifts.map((c, i) => gift(i + 1, c)),
            memberships: members.map((c, i) => membership(i + 1, c)),
          };
          const refusal = checkOneCurrency(basket, new Map(), currency);
          const kept = [...gifts, ...members].filter((c) => c !== null);
          expect(refusal !== null).toBe(kept.some((c) => c !== currency));
          expect(lineCurrencies(basket, new Map())).toHaveLength(kept.length);
        },
      ),
    );
  });

  it('say what the basket holds and what is being added', () => {
    const held = lineCurrencies(
      { tickets: [], giftCertificates: [gift(1, 'USD')], memberships: [] },
      new Map(),
    );
    expect(checkLineCurrencies(held, 'gbp', 'Tickets')?.message).toBe(
      'Your basket holds a gift certificate priced in USD. Tickets priced in GBP need a basket of their own: check out or remove it first.',
    );
    expect(checkLineCurrencies([{ kind: 'ticket', currency: 'GBP' }], 'USD', 'A membership')?.message).toBe(
      'Your basket holds tickets priced in GBP. A membership priced in USD needs a basket of its own: check out or remove those first.',
    );
    expect(checkLineCurrencies(held, 'usd', 'A gift certificate')).toBeNull();
  });
});

describe('basketCurrency', () => {
  const house = { isoCurrencyCode: 'USD', currencyLocale: 'en-us' };
  const pounds = {
    pricing: pricingData({ isoCurrencyCode: 'GBP', currencyLocale: 'en-gb' }),
  } as unknown as SaleContext;

  it("is the first event's, else the currency kept on a certificate or membership, else the house's (property)", () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(lineCurrencyArb, { maxLength: 3 }),
        fc.array(lineCurrencyArb, { maxLength: 3 }),
        (withTickets, gifts, members) => {
          const basket = {
            tickets: withTickets ? [ticket({ id: 1, eventId: 7 })] : [],
            products: [],
            giftCertificates: gifts.map((c, i) => gift(i + 1, c)),
            memberships: members.map((c, i) => membership(i + 1, c)),
          };
          const currency = basketCurrency(basket, new Map([[7, pounds]]), house);
          const kept = [...gifts, ...members].find((c) => c !== null);
          const expected = withTickets ? 'GBP' : (kept ?? 'USD');
          expect(currency.isoCurrencyCode).toBe(expected);
          // Always written by a locale of that currency: the house's own for the house currency.
          if (expected === 'USD') expect(currency.currencyLocale).toBe('en-us');
          if (expected === 'GBP') expect(currency.currencyLocale).toBe('en-gb');
        },
      ),
    );
  });
});
