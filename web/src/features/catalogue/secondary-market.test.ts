import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { showsSecondaryMarketBanner, type SecondaryMarketInput } from './secondary-market.ts';

const lowNight: SecondaryMarketInput['event'] = {
  UseHeavyOnSale: false,
  Availability: 'Low',
  SecondaryMarketEventId: null,
};

describe('the secondary-market banner', () => {
  it('shows for a resale option on a nearly sold-out night, outside best-available and heavy on-sale', () => {
    expect(showsSecondaryMarketBanner({ option: 'Resale', bestAvailable: false, event: lowNight })).toBe(
      true,
    );
  });

  it('needs a secondary-market event id for the ticket exchange', () => {
    expect(
      showsSecondaryMarketBanner({ option: 'TicketExchange', bestAvailable: false, event: lowNight }),
    ).toBe(false);
    expect(
      showsSecondaryMarketBanner({
        option: 'TicketExchange',
        bestAvailable: false,
        event: { ...lowNight, SecondaryMarketEventId: 'TX-2291' },
      }),
    ).toBe(true);
  });

  it('shows exactly under the rule, for every combination', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('None', 'Resale', 'TicketExchange', null, undefined),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom('High', 'Medium', 'Low', 'SoldOut'),
        fc.constantFrom(null, '', '  ', 'TX-1'),
        (option, bestAvailable, heavy, availability, exchangeId) => {
          const expected =
            (option === 'Resale' || (option === 'TicketExchange' && Boolean(exchangeId?.trim()))) &&
            !bestAvailable &&
            !heavy &&
            availability === 'Low';
          expect(
            showsSecondaryMarketBanner({
              option: option as SecondaryMarketInput['option'],
              bestAvailable,
              event: {
                UseHeavyOnSale: heavy,
                Availability: availability as SecondaryMarketInput['event']['Availability'],
                SecondaryMarketEventId: exchangeId,
              },
            }),
          ).toBe(expected);
        },
      ),
    );
  });
});
