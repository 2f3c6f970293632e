import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  isSellable,
  viewSeatStatus,
  type EventSeatState,
  type EventSeatStatus,
  type HoldSubclassRule,
  type SeatViewer,
} from './seat-status.ts';

const CHANNELS = ['web', 'boxoffice', 'phone', 'groupsales'];
const ADMIN = new Set(['boxoffice', 'phone', 'groupsales']);

const subclassArb = (id: number) =>
  fc.record({
    id: fc.constant(id),
    isKill: fc.boolean(),
    channelCodes: fc.subarray(CHANNELS).map((codes) => new Set(codes)),
  });

const subclassesArb = fc
  .tuple(subclassArb(1), subclassArb(2), subclassArb(3))
  .map((rules) => new Map<number, HoldSubclassRule>(rules.map((r) => [r.id, r])));

const seatArb: fc.Arbitrary<EventSeatState> = fc.oneof(
  fc.record({
    status: fc.constantFrom<EventSeatStatus>('Open', 'Inquiry', 'Reserved', 'Sold'),
    holdSubclassId: fc.constant(null),
    liveBasketHold: fc.boolean(),
  }),
  fc.record({
    status: fc.constant<EventSeatStatus>('Hold'),
    holdSubclassId: fc.integer({ min: 1, max: 4 }), // 4: a subclass the rules do not know
    liveBasketHold: fc.boolean(),
  }),
);

const viewerArb: fc.Arbitrary<SeatViewer> = fc.constantFrom(...CHANNELS).chain((salesChannel) =>
  fc.record({
    salesChannel: fc.constant(salesChannel),
    isAdminChannel: fc.constant(ADMIN.has(salesChannel)),
    holdSubclassIds: fc.subarray([1, 2, 3, 4]).map((ids) => new Set(ids)),
  }),
);

describe('seat status as a caller sees it', () => {
  test('a seat shows Open only when it is open, or a hold this caller may sell, and no basket holds it', () => {
    fc.assert(
      fc.property(seatArb, viewerArb, subclassesArb, (seat, viewer, subclasses) => {
        if (viewSeatStatus(seat, viewer, subclasses) !== 'Open') return;
        expect(seat.liveBasketHold).toBe(false);
        expect(['Open', 'Hold']).toContain(seat.status);
      }),
    );
  });

  test('an open seat with no live basket hold is Open to every channel', () => {
    fc.assert(
      fc.property(viewerArb, subclassesArb, (viewer, subclasses) => {
        expect(
          viewSeatStatus({ status: 'Open', holdSubclassId: null, liveBasketHold: false }, viewer, subclasses),
        ).toBe('Open');
      }),
    );
  });

  test('a seat in a live basket is Unavailable to everyone, whatever its status', () => {
    fc.assert(
      fc.property(seatArb, viewerArb, subclassesArb, (seat, viewer, subclasses) => {
        expect(viewSeatStatus({ ...seat, liveBasketHold: true }, viewer, subclasses)).toBe('Unavailable');
      }),
    );
  });

  test('a sold seat is Unavailable to consumers and Sold to admin channels', () => {
    fc.assert(
      fc.property(viewerArb, subclassesArb, (viewer, subclasses) => {
        const status = viewSeatStatus(
          { status: 'Sold', holdSubclassId: null, liveBasketHold: false },
          viewer,
          subclasses,
        );
        expect(status).toBe(viewer.isAdminChannel ? 'Sold' : 'Unavailable');
      }),
    );
  });

  test('a held seat is Open exactly when the subclass is no kill, the channel may sell it and the caller asked for it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        viewerArb,
        subclassesArb,
        (holdSubclassId, viewer, subclasses) => {
          const rule = subclasses.get(holdSubclassId);
          const expected =
            rule !== undefined &&
            !rule.isKill &&
            rule.channelCodes.has(viewer.salesChannel) &&
            viewer.holdSubclassIds.has(holdSubclassId);
          const status = viewSeatStatus(
            { status: 'Hold', holdSubclassId, liveBasketHold: false },
            viewer,
            subclasses,
          );
          expect(status).toBe(expected ? 'Open' : 'Hold');
        },
      ),
    );
  });

  test('a kill subclass is never sellable, even to a channel listed for it that asks for it', () => {
    fc.assert(
      fc.property(viewerArb, (viewer) => {
        const kill = new Map([[9, { id: 9, isKill: true, channelCodes: new Set(CHANNELS) }]]);
        const seat: EventSeatState = { status: 'Hold', holdSubclassId: 9, liveBasketHold: false };
        expect(isSellable(seat, { ...viewer, holdSubclassIds: new Set([9]) }, kill)).toBe(false);
      }),
    );
  });

  test('inquiry and reserved seats keep their status', () => {
    const subclasses = new Map<number, HoldSubclassRule>();
    const web: SeatViewer = { salesChannel: 'web', isAdminChannel: false, holdSubclassIds: new Set() };
    expect(
      viewSeatStatus({ status: 'Inquiry', holdSubclassId: null, liveBasketHold: false }, web, subclasses),
    ).toBe('Inquiry');
    expect(
      viewSeatStatus({ status: 'Reserved', holdSubclassId: null, liveBasketHold: false }, web, subclasses),
    ).toBe('Reserved');
  });
});
