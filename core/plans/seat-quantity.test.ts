import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDER_TICKET_LIMIT } from '../basket/rules/ticket-limit.ts';
import {
  answerRelease,
  clampSeatQuantity,
  DEFAULT_PLAN_QUANTITY,
  initialSeatQuantity,
  quantityChange,
  quantityRange,
  seatQuantityMessage,
} from './seat-quantity.ts';

const limits = fc.record({
  minQuantity: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
  maxQuantity: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
});
const asked = fc.oneof(
  fc.integer({ min: -50, max: 100 }),
  fc.double({ min: -50, max: 100, noNaN: true }),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
);

describe('the same seat quantity of a plan', () => {
  it('is always a whole number within the limits, and unchanged (with no message) when it already was', () => {
    fc.assert(
      fc.property(asked, limits, (q, l) => {
        const { min, max } = quantityRange(l);
        const { quantity, message } = clampSeatQuantity(q, l);
        expect(Number.isInteger(quantity)).toBe(true);
        expect(quantity).toBeGreaterThanOrEqual(min);
        expect(quantity).toBeLessThanOrEqual(max);
        const inRange = Number.isFinite(q) && Math.floor(q) >= min && Math.floor(q) <= max;
        expect(message === null).toBe(inRange);
        if (inRange) expect(quantity).toBe(Math.floor(q));
        else expect(message).toBe(seatQuantityMessage(l));
      }),
    );
  });

  it('goes to the nearer limit when out of range', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 100 }), limits, (q, l) => {
        const { min, max } = quantityRange(l);
        const { quantity } = clampSeatQuantity(q, l);
        if (q < min) expect(quantity).toBe(min);
        if (q > max) expect(quantity).toBe(max);
      }),
    );
  });

  it('names the limits in the message, an absent maximum being the order ticket limit', () => {
    expect(clampSeatQuantity(9, { minQuantity: 2, maxQuantity: 8 })).toEqual({
      quantity: 8,
      message: 'Minimum guest quantity is 2 and maximum guest quantity is 8.',
    });
    expect(clampSeatQuantity(0, { minQuantity: null, maxQuantity: null }).message).toBe(
      `Minimum guest quantity is 1 and maximum guest quantity is ${DEFAULT_ORDER_TICKET_LIMIT}.`,
    );
  });
});

describe('the quantity a plan screen starts with', () => {
  it('is the URL seatQty clamped like a typed quantity when it is digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), limits, (n, l) => {
        expect(initialSeatQuantity(String(n), l)).toEqual(clampSeatQuantity(n, l));
        expect(initialSeatQuantity(` ${n} `, l)).toEqual(clampSeatQuantity(n, l));
      }),
    );
  });

  it('is the plan minimum, else 2, within the limits and with no message, when seatQty is absent or not digits', () => {
    const notDigits = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.constant(''),
      fc.string().filter((s) => !/^\s*\d+\s*$/.test(s)),
    );
    fc.assert(
      fc.property(notDigits, limits, (raw, l) => {
        const start = initialSeatQuantity(raw, l);
        const { max } = quantityRange(l);
        expect(start.message).toBeNull();
        expect(start.quantity).toBe(l.minQuantity ?? Math.min(DEFAULT_PLAN_QUANTITY, max));
      }),
    );
  });

  it('starts a plan with no limits at 2 and obeys a maximum of 1', () => {
    expect(initialSeatQuantity(undefined, {})).toEqual({ quantity: 2, message: null });
    expect(initialSeatQuantity('abc', { maxQuantity: 1 })).toEqual({ quantity: 1, message: null });
    expect(initialSeatQuantity('40', { minQuantity: 2, maxQuantity: 6 })).toEqual({
      quantity: 6,
      message: 'Minimum guest quantity is 2 and maximum guest quantity is 6.',
    });
  });
});

describe('changing the quantity', () => {
  const held = fc.record({
    quantity: fc.integer({ min: 1, max: 12 }),
    seatsHeld: fc.integer({ min: 0, max: 50 }),
  });

  it('asks to release exactly when seats are held and the quantity differs', () => {
    fc.assert(
      fc.property(held, fc.integer({ min: 1, max: 12 }), (h, next) => {
        const change = quantityChange(h, next);
        if (next === h.quantity) expect(change).toEqual({ kind: 'unchanged', quantity: h.quantity });
        else if (h.seatsHeld === 0) expect(change).toEqual({ kind: 'apply', quantity: next });
        else expect(change).toEqual({ kind: 'confirmRelease', from: h.quantity, to: next });
      }),
    );
  });

  it('clears the basket for the new quantity on confirm, and keeps the old one (and the basket) on cancel', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), (from, to) => {
        fc.pre(from !== to);
        const change = quantityChange({ quantity: from, seatsHeld: from }, to);
        if (change.kind !== 'confirmRelease') throw new Error('expected a release to confirm');
        expect(answerRelease(change, true)).toEqual({ quantity: to, clearBasket: true });
        expect(answerRelease(change, false)).toEqual({ quantity: from, clearBasket: false });
      }),
    );
  });
});
