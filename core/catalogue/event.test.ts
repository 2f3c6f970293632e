import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { describeEvent, type EventRecord } from './event.ts';
import { isPromotionRunning, promotionWindow } from '../pricing/promotion-rules.ts';

const NOW = new Date('2026-11-20T12:00:00Z');

const record = (over: Partial<EventRecord> = {}): EventRecord => ({
  id: 42,
  name: 'Aurora Skyline',
  urlSafeName: '',
  startsAt: new Date('2026-12-20T19:30:00Z'),
  endsAt: new Date('2026-12-20T22:00:00Z'),
  onSaleAt: new Date('2026-11-23T10:00:00Z'),
  isPresale: false,
  useHeavyOnSale: true,
  hasProducts: false,
  secondaryMarketEventId: null,
  mobileImageUrl: null,
  upfrontFeeDisclosure: null,
  specialLinkedEvent: false,
  isCancelled: false,
  venueConfigurationId: 2,
  series: { id: 4, code: 'AURORA', name: 'Aurora Skyline: The Northern Lights Tour' },
  venue: {
    id: 2,
    name: 'Riverside Arena',
    displayName: 'Riverside Arena',
    country: 'GB',
    timeZone: 'Europe/London',
    isoCurrencyCode: 'GBP',
    currencyLocale: 'en-gb',
  },
  linkedEvent: {
    id: 43,
    name: 'Aurora Skyline: Night Two',
    urlSafeName: 'night-two',
    startsAt: new Date('2026-12-21T19:30:00Z'),
    onSaleAt: new Date('2026-11-01T10:00:00Z'),
    isPresale: true,
  },
  promotions: [],
  inventory: { open: 100, total: 20_000 },
  ...over,
});

const instant = fc.date({
  min: new Date('2026-01-01T00:00:00Z'),
  max: new Date('2027-12-31T00:00:00Z'),
  noInvalidDate: true,
});

describe('the storefront view of an event', () => {
  it('reads dates in the venue time zone and derives what the web shows', () => {
    expect(describeEvent(record(), NOW)).toMatchObject({
      ID: 42,
      LocalDate: '2026-12-20T19:30:00',
      EndDate: '2026-12-20T22:00:00',
      StartsAtUtc: '2026-12-20T19:30:00.000Z',
      LocalOnSaleDate: '2026-11-23T10:00:00',
      IsBeforeSaleDate: true,
      UrlSafeName: 'aurora-skyline',
      Availability: 'Low',
      SelectSeatsUrl: '/tickets/series/AURORA/42/bestAvailable',
      HoursToEvent: 727,
      Venue: { ID: 2, TimeZone: 'Europe/London', IsoCurrencyCode: 'GBP', CurrencyLocale: 'en-gb' },
      linkedEvent: {
        id: 43,
        localDate: '2026-12-21T19:30:00',
        urlSafeName: 'night-two',
        isBeforeSaleDate: false,
        IsPreSale: true,
      },
    });
  });

  it('lists the promotions that have not ended and says whether one is running', () => {
    const timing = fc.record({
      id: fc.integer({ min: 1, max: 1000 }),
      startsAt: fc.option(instant),
      endsAt: fc.option(instant),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(timing, { selector: (p) => p.id, maxLength: 5 }),
        instant,
        (promotions, now) => {
          const view = describeEvent(record({ promotions }), now);
          expect(view.PromotionIDs).toEqual(
            promotions.filter((p) => !promotionWindow(p, now).ended).map((p) => p.id),
          );
          expect(view.inActivePromotion).toBe(promotions.some((p) => isPromotionRunning(p, now)));
        },
      ),
    );
  });
});
