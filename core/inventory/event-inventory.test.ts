import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  parseHoldSubclassIds,
  viewEventInventory,
  type EventSeat,
  type EventSeatsSnapshot,
} from './event-inventory.ts';
import type { SeatViewer } from './seat-status.ts';

const web: SeatViewer = { salesChannel: 'web', isAdminChannel: false, holdSubclassIds: new Set() };
const boxOffice: SeatViewer = {
  salesChannel: 'boxoffice',
  isAdminChannel: true,
  holdSubclassIds: new Set([1]),
};

const seat = (key: string, over: Partial<EventSeat> = {}): EventSeat => ({
  key,
  priceLevelId: 7,
  status: 'Open',
  holdSubclassId: null,
  liveBasketHold: false,
  adaType: null,
  seatAlertId: null,
  isGa: false,
  ...over,
});

const snapshot = (seats: EventSeat[], over: Partial<EventSeatsSnapshot> = {}): EventSeatsSnapshot => ({
  eventId: 3,
  venueConfigurationId: 2,
  seats,
  gaSections: [{ key: 'FLOOR', name: 'Floor', priceLevelId: 9, capacity: 2000, sold: 120, liveHeld: 0 }],
  holdSubclasses: [{ id: 1, isKill: false, channelCodes: new Set(['boxoffice']) }],
  packageIdsByPriceLevel: new Map(),
  ...over,
});

const seatArb: fc.Arbitrary<EventSeat> = fc.record({
  key: fc.string({ minLength: 1, maxLength: 8 }),
  priceLevelId: fc.integer({ min: 1, max: 5 }),
  status: fc.constantFrom('Open', 'Inquiry', 'Reserved', 'Sold'),
  holdSubclassId: fc.constant(null),
  liveBasketHold: fc.boolean(),
  adaType: fc.constantFrom(null, 'Wheelchair', 'AisleTransfer'),
  seatAlertId: fc.constantFrom(null, 4),
  isGa: fc.boolean(),
});

describe('the seat map live layer', () => {
  test('an ordinary open seat carries only its key, price key and status', () => {
    const view = viewEventInventory(snapshot([seat('STALLS-A-1')]), web);
    expect(JSON.stringify(view.MapSeats[0])).toBe('{"Key":"STALLS-A-1","PriceKey":"7","seatStatus":"Open"}');
  });

  test('an accessible seat with an alert names its type, icon and alert', () => {
    const view = viewEventInventory(
      snapshot([seat('STALLS-K-6', { adaType: 'Wheelchair', seatAlertId: 4 })]),
      web,
    );
    expect(view.MapSeats[0]).toEqual({
      Key: 'STALLS-K-6',
      PriceKey: '7',
      seatStatus: 'Open',
      ADAType: 'Wheelchair',
      accessibilityIcon: 'wheelchair',
      seatAlertId: 4,
    });
  });

  test('a hold subclass id is shown only to channels that may see it', () => {
    const held = snapshot([seat('BOXL-A-1', { status: 'Hold', holdSubclassId: 1 })]);
    expect(viewEventInventory(held, web).MapSeats[0]).toEqual({
      Key: 'BOXL-A-1',
      PriceKey: '7',
      seatStatus: 'Hold',
    });
    expect(viewEventInventory(held, boxOffice).MapSeats[0]).toEqual({
      Key: 'BOXL-A-1',
      PriceKey: '7',
      seatStatus: 'Open',
      HoldSubclassID: 1,
    });
  });

  test('GA sections report capacity minus sold', () => {
    expect(viewEventInventory(snapshot([]), web).MapGASections).toEqual([
      { Key: 'FLOOR', Name: 'Floor', PriceKey: '9', Capacity: 2000, MaxAvailable: 1880 },
    ]);
  });

  test('every seat appears once, in order, and no field is ever undefined or null', () => {
    fc.assert(
      fc.property(fc.array(seatArb, { maxLength: 40 }), (seats) => {
        const view = viewEventInventory(snapshot(seats), web);
        expect(view.MapSeats.map((s) => s.Key)).toEqual(seats.map((s) => s.key));
        for (const mapSeat of view.MapSeats)
          for (const value of Object.values(mapSeat))
            expect(value === undefined || value === null).toBe(false);
      }),
    );
  });

  test('the version is the same for the same view and changes when a seat changes status', () => {
    fc.assert(
      fc.property(fc.array(seatArb, { minLength: 1, maxLength: 40 }), fc.nat(), (seats, pick) => {
        const before = viewEventInventory(snapshot(seats), web);
        expect(viewEventInventory(snapshot(seats.map((s) => ({ ...s }))), web).Version).toBe(before.Version);
        const index = pick % seats.length;
        const changed = seats.map((s, i) =>
          i === index
            ? ({
                ...s,
                liveBasketHold: false,
                status: s.status === 'Open' && !s.liveBasketHold ? 'Sold' : 'Open',
              } as EventSeat)
            : s,
        );
        expect(viewEventInventory(snapshot(changed), web).Version).not.toBe(before.Version);
      }),
    );
  });

  test('packages that price a seat level are listed on the seat', () => {
    const view = viewEventInventory(
      snapshot([seat('A-1-1')], { packageIdsByPriceLevel: new Map([[7, [11, 12]]]) }),
      web,
    );
    expect(view.MapSeats[0]?.PossiblePackageIDs).toEqual([11, 12]);
  });
});

describe('hold subclass ids from the query', () => {
  test('a missing or malformed id is dropped and the rest kept', () => {
    expect([...parseHoldSubclassIds('3,,x,5, 7 ,0')]).toEqual([3, 5, 7]);
    expect(parseHoldSubclassIds(undefined).size).toBe(0);
  });

  test('every positive id that was sent is kept', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1_000_000 })), (ids) => {
        expect(parseHoldSubclassIds(ids.join(','))).toEqual(new Set(ids));
      }),
    );
  });
});
