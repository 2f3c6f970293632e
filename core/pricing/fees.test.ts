import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { feeAmount, feeTotal, orderLevelFees, orderLevelFeesFor, ticketFees, type Fee } from './fees.ts';

const fee = (over: Partial<Fee> = {}): Fee => ({
  id: 1,
  name: 'Service fee',
  scope: 'Ticket',
  priceLevelId: null,
  priceTypeId: null,
  amount: 0,
  rateBp: 0,
  ...over,
});

const feeArb: fc.Arbitrary<Fee> = fc.record({
  id: fc.nat(),
  name: fc.constantFrom('Facility fee', 'Service fee', 'Handling fee', 'Restoration levy'),
  scope: fc.constantFrom('Ticket', 'Order'),
  priceLevelId: fc.constantFrom(null, 1, 2),
  priceTypeId: fc.constantFrom(null, 10, 11),
  amount: fc.integer({ min: 0, max: 5_000 }),
  rateBp: fc.integer({ min: 0, max: 3_000 }),
});

describe('ticket fees', () => {
  test('a fee is its fixed part plus the rate of the face value, rounded half up to the minor unit', () => {
    expect(feeAmount(fee({ amount: 200 }), 8500)).toBe(200);
    expect(feeAmount(fee({ rateBp: 500 }), 8500)).toBe(425);
    expect(feeAmount(fee({ rateBp: 250 }), 1234)).toBe(31); // 30.85
    expect(feeAmount(fee({ rateBp: 250 }), 1220)).toBe(31); // 30.5 rounds up
    expect(feeAmount(fee({ rateBp: 250 }), 1219)).toBe(30); // 30.475
    expect(feeAmount(fee({ amount: 150, rateBp: 1000 }), 2505)).toBe(401); // 150 + 250.5
  });

  test('a fee scoped to a price level or type applies only there', () => {
    const fees = [
      fee({ id: 1, name: 'Everywhere', amount: 100 }),
      fee({ id: 2, name: 'Level 1 only', amount: 50, priceLevelId: 1 }),
      fee({ id: 3, name: 'Type 11 only', amount: 25, priceTypeId: 11 }),
      fee({ id: 4, name: 'Once per order', amount: 250, scope: 'Order' }),
    ];
    expect(ticketFees(fees, 1, 10, 5000).map((f) => f.Name)).toEqual(['Everywhere', 'Level 1 only']);
    expect(ticketFees(fees, 2, 11, 5000).map((f) => f.Name)).toEqual(['Everywhere', 'Type 11 only']);
    expect(orderLevelFees(fees)).toEqual([{ Name: 'Once per order', Value: 250 }]);
  });

  test('the fee total is the sum of the named fees, and nothing is negative', () => {
    fc.assert(
      fc.property(
        fc.array(feeArb, { maxLength: 8 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (fees, face) => {
          const values = ticketFees(fees, 1, 10, face);
          expect(feeTotal(values)).toBe(values.reduce((sum, f) => sum + f.Value, 0));
          for (const f of values) expect(f.Value).toBeGreaterThanOrEqual(0);
          for (const f of orderLevelFeesFor(fees, face)) expect(f.Value).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  test('a fee never falls when the face value rises', () => {
    fc.assert(
      fc.property(
        feeArb,
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (f, face, more) => {
          expect(feeAmount(f, face + more)).toBeGreaterThanOrEqual(feeAmount(f, face));
        },
      ),
    );
  });

  test('an order-level fee on a subtotal adds its rate of the subtotal', () => {
    expect(
      orderLevelFeesFor([fee({ scope: 'Order', name: 'Handling', amount: 250, rateBp: 100 })], 10_000),
    ).toEqual([{ Name: 'Handling', Value: 350 }]);
  });
});
