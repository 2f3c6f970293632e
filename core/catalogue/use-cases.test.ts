import { describe, expect, it } from 'vitest';
import { Effect, Exit, Layer } from 'effect';
import { TestClock } from 'effect/testing';
import { Catalogue, type EventSearch } from './ports.ts';
import type { EventRecord, Venue } from './event.ts';
import type { SeriesRecord } from './series.ts';
import type { Promotion } from '../pricing/promotion-rules.ts';
import { listEvents, eventDetails } from './list-events.ts';
import { eventsByMonth } from './events-by-month.ts';
import { calendarSeries } from './calendar-series.ts';
import { seriesPromotions, validatePromoCode } from './series-promotions.ts';

// The use cases over a hand-made catalogue and a fixed clock: what they ask the port for and
// what they answer, without a database.

const NOW = new Date('2026-11-20T12:00:00Z');
const DAY = 86_400_000;

const theatre: Venue = {
  id: 1,
  name: 'Grand Theatre',
  displayName: 'The Grand Theatre',
  country: 'US',
  timeZone: 'America/New_York',
  isoCurrencyCode: 'USD',
  currencyLocale: 'en-us',
};

const hamlet: SeriesRecord = {
  id: 10,
  code: 'HAMLET',
  name: 'Hamlet',
  description: null,
  imageUrl: null,
  futureTemplateCode: null,
  pastTemplateCode: 'HAMLET-PREV',
  isCalendarView: true,
  soldOutHeader: null,
  soldOutMessage: null,
  noBestAvailable: false,
  adaAgreement: null,
  orderTicketLimit: 10,
  secondaryMarketOption: 'Resale',
  isArchived: false,
  venue: theatre,
};

const event = (over: Partial<EventRecord> = {}): EventRecord => ({
  id: 100,
  name: 'Hamlet',
  urlSafeName: 'hamlet',
  startsAt: new Date('2026-12-02T00:30:00Z'),
  endsAt: null,
  onSaleAt: new Date(NOW.getTime() - DAY),
  isPresale: false,
  useHeavyOnSale: false,
  hasProducts: false,
  secondaryMarketEventId: null,
  mobileImageUrl: null,
  upfrontFeeDisclosure: null,
  specialLinkedEvent: false,
  isCancelled: false,
  venueConfigurationId: 5,
  series: { id: hamlet.id, code: hamlet.code, name: hamlet.name },
  venue: theatre,
  linkedEvent: null,
  promotions: [],
  inventory: { open: 800, total: 1600 },
  ...over,
});

const promotion = (over: Partial<Promotion> = {}): Promotion => ({
  id: 1,
  code: 'SAVE10',
  displayName: '10% off',
  instructionText: null,
  isPresale: false,
  hidePreSale: false,
  groupPromoCode: false,
  startsAt: null,
  endsAt: null,
  restrictToCustomerTag: false,
  restrictToCustomerTagIds: [],
  hideFullRetailPriceOnWeb: false,
  isOutletSale: false,
  isArchived: false,
  eventTemplateIds: [hamlet.id],
  discount: { kind: 'Percent', value: 1000 },
  lockedPriceTypeIds: [],
  binRestrictions: [],
  ...over,
});

interface World {
  events?: EventRecord[];
  promotions?: Promotion[];
  groupCodes?: { promotionId: number; code: string; usedAt: Date | null }[];
}

const run = async <A, E>(program: Effect.Effect<A, E, Catalogue>, world: World = {}) => {
  const calls: { search?: EventSearch; between?: [number, Date, Date] } = {};
  const events = world.events ?? [event()];
  const promotions = world.promotions ?? [promotion()];
  const catalogue = Layer.succeed(Catalogue, {
    events: (search) =>
      Effect.sync(() => {
        calls.search = search;
        return { events, hasMore: false };
      }),
    event: (id) => Effect.succeed(events.find((e) => e.id === id) ?? null),
    eventSeating: (id) => {
      const found = events.find((e) => e.id === id);
      return Effect.succeed(
        found
          ? { venueConfigurationId: found.venueConfigurationId, useHeavyOnSale: found.useHeavyOnSale }
          : null,
      );
    },
    series: (code) => Effect.succeed(code.toLowerCase() === 'hamlet' ? hamlet : null),
    seriesEventsBetween: (seriesId, start, end) =>
      Effect.sync(() => {
        calls.between = [seriesId, start, end];
        return events.filter((e) => e.startsAt >= start && e.startsAt < end);
      }),
    seasonShowRanges: () => Effect.succeed([]),
    packages: () => Effect.succeed([]),
    seriesPromotions: (id) => Effect.succeed(promotions.filter((p) => p.eventTemplateIds.includes(id))),
    promotionByCode: (code) =>
      Effect.succeed(promotions.find((p) => p.code?.toLowerCase() === code.toLowerCase()) ?? null),
    groupCode: (promotionId, code) =>
      Effect.succeed(
        (world.groupCodes ?? []).find(
          (g) => g.promotionId === promotionId && g.code.toLowerCase() === code.toLowerCase(),
        ) ?? null,
      ),
    seatMapUpdatedAt: () => Effect.succeed(null),
    seatMap: () => Effect.succeed(null),
    seatMapDrawing: () => Effect.succeed(null),
  });
  const exit = await Effect.runPromiseExit(
    Effect.gen(function* () {
      yield* TestClock.setTime(NOW.getTime());
      return yield* program;
    }).pipe(Effect.provide(Layer.merge(catalogue, TestClock.layer()))),
  );
  return { exit, calls };
};

const failure = <A, E>(exit: Exit.Exit<A, E>) => {
  if (Exit.isSuccess(exit)) throw new Error('expected a failure');
  const error = exit.cause.reasons.find((r) => r._tag === 'Fail');
  return (error as { error: E } | undefined)?.error;
};

const value = <A, E>(exit: Exit.Exit<A, E>): A => {
  if (Exit.isSuccess(exit)) return exit.value;
  throw new Error(`expected success, got ${String(exit.cause)}`);
};

describe('listing events', () => {
  it('lists from today (at the clock’s now) unless a StartDate is given', async () => {
    const { calls } = await run(listEvents({ limit: 100, offset: 0 }));
    expect(calls.search?.from).toEqual({ today: NOW });
    const dated = await run(listEvents({ startDate: '12-01-2026', limit: 10, offset: 20, perSeries: 2 }));
    expect(dated.calls.search).toEqual({
      from: { date: { year: 2026, month: 12, day: 1 } },
      limit: 10,
      offset: 20,
      perSeries: 2,
    });
  });

  it('refuses a StartDate that is not a real day, naming the field', async () => {
    const { exit, calls } = await run(listEvents({ startDate: '02-30-2026', limit: 100, offset: 0 }));
    expect(failure(exit)).toMatchObject({ _tag: 'InvalidRequest', field: 'StartDate' });
    expect(calls.search).toBeUndefined();
  });

  it('answers events in venue time with their availability', async () => {
    const { exit } = await run(listEvents({ limit: 100, offset: 0 }), {
      events: [event({ inventory: { open: 0, total: 1600 } })],
    });
    const item = value(exit).Items[0]!;
    expect(item).toMatchObject({
      LocalDate: '2026-12-01T19:30:00',
      Availability: 'SoldOut',
      IsBeforeSaleDate: false,
    });
  });

  it('answers NotFound for an unknown event', async () => {
    const { exit } = await run(eventDetails(999));
    expect(failure(exit)).toMatchObject({ _tag: 'NotFound', entity: 'Event', id: '999' });
  });
});

describe('events by month', () => {
  it('asks for the local month of the venue and answers only its events', async () => {
    const inDecember = event({ id: 1, startsAt: new Date('2026-12-01T05:00:00Z') }); // 1 Dec 00:00 New York
    const lateNovember = event({ id: 2, startsAt: new Date('2026-12-01T04:59:00Z') }); // 30 Nov 23:59
    const { exit, calls } = await run(eventsByMonth({ seriesCode: 'HAMLET', requestedTime: '12-15-2026' }), {
      events: [inDecember, lateNovember],
    });
    expect(calls.between).toEqual([
      hamlet.id,
      new Date('2026-12-01T05:00:00Z'),
      new Date('2027-01-01T05:00:00Z'),
    ]);
    expect(value(exit)).toMatchObject({ Year: 2026, Month: 12 });
    expect(value(exit).Events.map((e) => e.ID)).toEqual([1]);
  });

  it('refuses a requestedTime that is not a date, and an unknown series', async () => {
    expect(
      failure((await run(eventsByMonth({ seriesCode: 'HAMLET', requestedTime: 'soon' }))).exit),
    ).toMatchObject({
      _tag: 'InvalidRequest',
      field: 'requestedTime',
    });
    expect(
      failure((await run(eventsByMonth({ seriesCode: 'NOPE', requestedTime: '2026-12-01' }))).exit),
    ).toMatchObject({
      _tag: 'NotFound',
      entity: 'Series',
    });
  });
});

describe('calendar series', () => {
  it('preselects an event of the series only', async () => {
    const other = event({ id: 200, series: { id: 99, code: 'OTHER', name: 'Other' } });
    const world = { events: [event(), other] };
    expect(
      value((await run(calendarSeries({ code: 'hamlet', selectedEventId: 100 }), world)).exit).SelectedEvent
        ?.ID,
    ).toBe(100);
    expect(
      value((await run(calendarSeries({ code: 'HAMLET', selectedEventId: 200 }), world)).exit).SelectedEvent,
    ).toBeNull();
  });

  it('lists promotions without giving presale codes away', async () => {
    const world = {
      promotions: [
        promotion({ id: 1, code: 'EARLYBIRD', isPresale: true }),
        promotion({ id: 2, code: 'HIDDEN', isPresale: true, hidePreSale: true }),
        promotion({ id: 3, code: 'OUTLET', isOutletSale: true }),
      ],
    };
    const listed = value((await run(calendarSeries({ code: 'HAMLET' }), world)).exit).Promotions;
    expect(listed.map((p) => [p.ID, p.Code])).toEqual([
      [1, null],
      [3, 'OUTLET'],
    ]);
    expect(value((await run(seriesPromotions('HAMLET'), world)).exit)).toEqual(listed);
  });
});

describe('validating a promotion code', () => {
  const groups = promotion({ id: 4, code: 'GROUPS', groupPromoCode: true });
  const members = promotion({
    id: 5,
    code: 'MEMBERS',
    restrictToCustomerTag: true,
    restrictToCustomerTagIds: [7],
  });
  const world = {
    promotions: [promotion(), groups, members],
    groupCodes: [
      { promotionId: 4, code: 'GRP-OPEN01', usedAt: null },
      { promotionId: 4, code: 'GRP-USED01', usedAt: new Date(NOW.getTime() - DAY) },
    ],
  };
  const validate = (promoCode: string, oneTimeGroupCode?: string) =>
    run(
      validatePromoCode({
        promoCode,
        eventTemplateCode: 'HAMLET',
        customer: null,
        ...(oneTimeGroupCode ? { oneTimeGroupCode } : {}),
      }),
      world,
    );

  it('answers the promotion with its code and the accepted group code', async () => {
    expect(value((await validate('save10')).exit)).toMatchObject({
      ID: 1,
      Code: 'SAVE10',
      usedGroupCode: null,
    });
    expect(value((await validate('GROUPS', 'grp-open01')).exit)).toMatchObject({
      ID: 4,
      usedGroupCode: 'GRP-OPEN01',
    });
  });

  it('fails with the reason a buyer is told', async () => {
    expect(failure((await validate('  ')).exit)).toMatchObject({ _tag: 'PromotionInvalid', reason: 'Empty' });
    expect(failure((await validate('NOPE')).exit)).toMatchObject({
      _tag: 'PromotionInvalid',
      reason: 'Unknown',
    });
    expect(failure((await validate('GROUPS')).exit)).toMatchObject({ reason: 'GroupCodeRequired' });
    expect(failure((await validate('GROUPS', 'GRP-NOPE')).exit)).toMatchObject({ reason: 'Unknown' });
    expect(failure((await validate('GROUPS', 'GRP-USED01')).exit)).toMatchObject({ reason: 'GroupCodeUsed' });
    expect(failure((await validate('MEMBERS')).exit)).toMatchObject({
      _tag: 'PromotionRestricted',
      reason: 'LoginRequired',
    });
  });
});
