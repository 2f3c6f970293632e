import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  boxOfficeSeatStatus,
  staffMaySellFrom,
  viewBoxOfficeInventory,
  type BoxOfficeSnapshot,
  type NamedHoldSubclass,
  type StaffSeat,
} from './view.ts';
import type { EventSeatStatus } from '../seat-status.ts';

const CHANNELS = ['web', 'boxoffice', 'phone', 'groupsales'];

const subclassArb = (id: number): fc.Arbitrary<NamedHoldSubclass> =>
  fc.record({
    id: fc.constant(id),
    name: fc.constant(`Subclass ${id}`),
    className: fc.constant('Class'),
    isKill: fc.boolean(),
    channelCodes: fc.subarray(CHANNELS).map((codes) => new Set(codes)),
  });

const subclassesArb = fc.tuple(subclassArb(1), subclassArb(2), subclassArb(3));

const seatArb = (index: number): fc.Arbitrary<StaffSeat> =>
  fc
    .record({
      status: fc.constantFrom<EventSeatStatus>('Open', 'Hold', 'Inquiry', 'Reserved', 'Sold'),
      holdSubclassId: fc.integer({ min: 1, max: 4 }),
      liveBasketHold: fc.boolean(),
      orderName: fc.option(fc.constant('F0000012'), { nil: null }),
      priceLevelId: fc.constantFrom(10, 11),
    })
    .map(({ status, holdSubclassId, liveBasketHold, orderName, priceLevelId }) => ({
      key: `STALLS-A-${index + 1}`,
      sectionName: 'Stalls',
      row: 'A',
      number: String(index + 1),
      priceLevelId,
      status,
      holdSubclassId: status === 'Hold' ? holdSubclassId : null,
      liveBasketHold,
      orderName: status === 'Sold' ? orderName : null,
      adaType: null,
      seatAlertId: null,
      isGa: false,
    }));

const snapshotArb: fc.Arbitrary<BoxOfficeSnapshot> = fc
  .tuple(subclassesArb, fc.integer({ min: 0, max: 12 }))
  .chain(([holdSubclasses, count]) =>
    fc.tuple(...Array.from({ length: count }, (_, i) => seatArb(i))).map((seats) => ({
      eventId: 7,
      venueConfigurationId: 3,
      seats,
      gaSections: [],
      holdSubclasses,
      priceLevels: new Map([
        [10, 'Stalls A'],
        [11, 'Circle'],
      ]),
    })),
  );

const viewerArb = fc.record({
  manageHolds: fc.boolean(),
  requested: fc.subarray([1, 2, 3, 4]).map((ids) => new Set(ids)),
});

describe('the staff seat map', () => {
  test('a seat is Open only when it is open, or held in a subclass the clerk asked for and may sell, and in no basket', () => {
    fc.assert(
      fc.property(snapshotArb, viewerArb, (snapshot, viewer) => {
        const view = viewBoxOfficeInventory(snapshot, viewer);
        const rules = new Map(snapshot.holdSubclasses.map((r) => [r.id, r]));
        view.MapSeats.forEach((out, i) => {
          const seat = snapshot.seats[i]!;
          if (out.seatStatus !== 'Open') return;
          expect(seat.liveBasketHold).toBe(false);
          if (seat.status === 'Hold') {
            const rule = rules.get(seat.holdSubclassId!);
            expect(rule?.isKill).toBe(false);
            expect(viewer.requested.has(seat.holdSubclassId!)).toBe(true);
            if (!viewer.manageHolds) expect(rule?.channelCodes.has('boxoffice')).toBe(true);
          } else expect(seat.status).toBe('Open');
        });
      }),
    );
  });

  test('a seat in a live basket is Reserved and says nothing of its hold; a sold seat names its order', () => {
    fc.assert(
      fc.property(snapshotArb, viewerArb, (snapshot, viewer) => {
        const view = viewBoxOfficeInventory(snapshot, viewer);
        view.MapSeats.forEach((out, i) => {
          const seat = snapshot.seats[i]!;
          if (seat.liveBasketHold) {
            expect(out.seatStatus).toBe('Reserved');
            expect(out.HoldSubclassID).toBeUndefined();
          }
          if (out.OrderName !== undefined) expect(seat.status).toBe('Sold');
          if (seat.status === 'Sold' && seat.orderName) expect(out.OrderName).toBe(seat.orderName);
          expect(out.PriceLevelName).toBe(snapshot.priceLevels.get(seat.priceLevelId));
        });
      }),
    );
  });

  test('kills are never sellable; a role managing holds may sell every other subclass; a seller only the box office ones', () => {
    fc.assert(
      fc.property(subclassArb(1), fc.boolean(), (rule, manageHolds) => {
        const may = staffMaySellFrom(rule, manageHolds);
        if (rule.isKill) expect(may).toBe(false);
        else if (manageHolds) expect(may).toBe(true);
        else expect(may).toBe(rule.channelCodes.has('boxoffice'));
      }),
    );
    expect(staffMaySellFrom(undefined, true)).toBe(false);
  });

  test('the subclass list marks what is sellable and selected, and counts held seats', () => {
    fc.assert(
      fc.property(snapshotArb, viewerArb, (snapshot, viewer) => {
        const view = viewBoxOfficeInventory(snapshot, viewer);
        for (const h of view.HoldSubclasses) {
          const rule = snapshot.holdSubclasses.find((r) => r.id === h.ID)!;
          expect(h.Sellable).toBe(staffMaySellFrom(rule, viewer.manageHolds));
          expect(h.Selected).toBe(h.Sellable && viewer.requested.has(h.ID));
          expect(h.SeatCount).toBe(
            snapshot.seats.filter(
              (s) => s.status === 'Hold' && s.holdSubclassId === h.ID && !s.liveBasketHold,
            ).length,
          );
        }
      }),
    );
  });

  test('statuses other than Hold pass through when no basket holds the seat', () => {
    for (const status of ['Open', 'Inquiry', 'Reserved', 'Sold'] as const)
      expect(
        boxOfficeSeatStatus({ status, holdSubclassId: null, liveBasketHold: false }, undefined, {
          manageHolds: true,
          requested: new Set([1]),
        }),
      ).toBe(status);
  });
});
