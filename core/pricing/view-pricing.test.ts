import { Effect, Exit, Layer } from 'effect';
import { describe, expect, test } from 'vitest';
import { NotFound, type PromotionInvalid } from '../shared/errors.ts';
import type { EventPricingData } from './price-map.ts';
import { Pricing } from './ports.ts';
import type { GroupCode, Promotion } from './promotion-rules.ts';
import { consumerPricing, staffPricing } from './view-pricing.ts';
import { promotionOf } from './test-promotions.ts';

const DAY = 86_400_000;

const data: EventPricingData = {
  eventId: 5,
  eventTemplateId: 3,
  isoCurrencyCode: 'USD',
  currencyLocale: 'en-us',
  orderTicketLimit: 10,
  ticketLimitMessage: null,
  maxCompQuantity: null,
  hideFeesUntilCheckout: false,
  adaTypes: [],
  seatAlerts: [],
  priceLevels: [{ id: 1, zone: 'A', label: 'Premium', description: null, color: '#b03a2e', displayOrder: 1 }],
  priceTypes: [
    {
      id: 10,
      code: 'Adult',
      name: 'Adult',
      description: null,
      isDefault: true,
      isComp: false,
      consumerVisible: true,
      displayOrder: 1,
    },
    {
      id: 13,
      code: 'Comp',
      name: 'Comp',
      description: null,
      isDefault: false,
      isComp: true,
      consumerVisible: false,
      displayOrder: 4,
    },
  ],
  prices: [
    { priceLevelId: 1, priceTypeId: 10, amount: 8500 },
    { priceLevelId: 1, priceTypeId: 13, amount: 0 },
  ],
  fees: [],
  packages: [],
  gaSections: [],
};

const promotion = (over: Partial<Promotion> = {}): Promotion =>
  promotionOf({ id: 7, eventTemplateIds: [3], ...over });

const fakePricing = (promotions: Promotion[], groupCodes: (GroupCode & { promotionId: number })[] = []) =>
  Layer.succeed(Pricing, {
    eventPricing: (eventId) =>
      eventId === data.eventId
        ? Effect.succeed(data)
        : Effect.fail(new NotFound({ entity: 'Event', id: String(eventId) })),
    promotionByCode: (code) =>
      Effect.succeed(promotions.find((p) => p.code?.toLowerCase() === code.toLowerCase()) ?? null),
    groupCode: (promotionId, code) =>
      Effect.succeed(
        groupCodes.find(
          (g) => g.promotionId === promotionId && g.code.toLowerCase() === code.toLowerCase(),
        ) ?? null,
      ),
  });

const run = <A, E>(program: Effect.Effect<A, E, Pricing>, layer = fakePricing([promotion()])) =>
  Effect.runPromiseExit(Effect.provide(program, layer));

const failureOf = (exit: Exit.Exit<unknown, unknown>) =>
  Exit.isFailure(exit) ? exit.cause.reasons.map((r) => ('error' in r ? r.error : r)) : [];

describe('consumer pricing', () => {
  test('a valid code for the series takes its discount off', async () => {
    const exit = await run(consumerPricing({ eventId: 5, promoCode: 'save10' }));
    expect(Exit.isSuccess(exit) && exit.value.PriceMaps[0]).toMatchObject({
      Price: 7650,
      DiscountedPrice: 7650,
      FullPrice: 8500,
    });
    expect(Exit.isSuccess(exit) && exit.value.PromotionID).toBe(7);
  });

  test('without a code consumers see full prices and no comps', async () => {
    const exit = await run(consumerPricing({ eventId: 5 }));
    expect(Exit.isSuccess(exit) && exit.value.PriceMaps.map((m) => [m.PriceKey, m.Price])).toEqual([
      ['1-10', 8500],
    ]);
  });

  test('an unknown code, a code for another series or an ended promotion is refused with its reason', async () => {
    const layer = fakePricing([
      promotion(),
      promotion({ id: 8, code: 'OTHER', eventTemplateIds: [99] }),
      promotion({ id: 9, code: 'OLD', endsAt: new Date(Date.now() - DAY) }),
      promotion({ id: 10, code: 'SOON', startsAt: new Date(Date.now() + DAY) }),
    ]);
    const reasons = async (promoCode: string) =>
      failureOf(await run(consumerPricing({ eventId: 5, promoCode }), layer)).map(
        (e) => (e as PromotionInvalid).reason,
      );
    expect(await reasons('NOPE')).toEqual(['Unknown']);
    expect(await reasons('OTHER')).toEqual(['NotForSeries']);
    expect(await reasons('OLD')).toEqual(['Ended']);
    expect(await reasons('SOON')).toEqual(['NotStarted']);
  });

  test('a group promotion needs an unused group code', async () => {
    const layer = fakePricing(
      [
        promotion({
          id: 11,
          code: 'GROUPS',
          groupPromoCode: true,
          discount: { kind: 'Percent', value: 1500 },
        }),
      ],
      [
        { promotionId: 11, code: 'GRP-USED', usedAt: new Date(Date.now() - DAY) },
        { promotionId: 11, code: 'GRP-FREE', usedAt: null },
      ],
    );
    const outcome = async (groupCode?: string) => {
      const exit = await run(consumerPricing({ eventId: 5, promoCode: 'GROUPS', groupCode }), layer);
      return Exit.isSuccess(exit)
        ? exit.value.PriceMaps[0]?.Price
        : (failureOf(exit)[0] as PromotionInvalid).reason;
    };
    expect(await outcome()).toBe('GroupCodeRequired');
    expect(await outcome('GRP-USED')).toBe('GroupCodeUsed');
    expect(await outcome('grp-free')).toBe(7225);
  });

  test('a code restricted to customer tags asks to log in, refuses other customers, prices for members', async () => {
    const layer = fakePricing([
      promotion({
        id: 12,
        code: 'MEMBERS',
        restrictToCustomerTag: true,
        restrictToCustomerTagIds: [7],
        discount: { kind: 'Percent', value: 2000 },
      }),
    ]);
    const outcome = async (customer?: Effect.Effect<{ customerTagTypeIds: number[] } | null>) => {
      const exit = await run(
        consumerPricing({ eventId: 5, promoCode: 'members', ...(customer ? { customer } : {}) }),
        layer,
      );
      if (Exit.isSuccess(exit)) return exit.value.PriceMaps[0]?.Price;
      const error = failureOf(exit)[0] as { _tag: string; reason: string };
      return `${error._tag}:${error.reason}`;
    };
    expect(await outcome()).toBe('PromotionRestricted:LoginRequired');
    expect(await outcome(Effect.succeed(null))).toBe('PromotionRestricted:LoginRequired');
    expect(await outcome(Effect.succeed({ customerTagTypeIds: [3] }))).toBe(
      'PromotionRestricted:TagMismatch',
    );
    expect(await outcome(Effect.succeed({ customerTagTypeIds: [3, 7] }))).toBe(6800);
  });

  test('an unknown event is NotFound', async () => {
    const [error] = failureOf(await run(staffPricing(404)));
    expect(error).toBeInstanceOf(NotFound);
  });

  test('staff pricing lists comps', async () => {
    const exit = await run(staffPricing(5));
    expect(Exit.isSuccess(exit) && exit.value.PriceTypes.map((t) => t.Code)).toEqual(['Adult', 'Comp']);
  });
});
