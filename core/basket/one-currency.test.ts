import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkOneCurrency } from './one-currency.ts';
import { ticket } from './test-factories.ts';

// One currency per basket (one-currency.ts): tickets of events priced in another currency than
// the one being added refuse the addition; events whose currency was not read never do.

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
