import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { halve, linkedEventSubtotal } from './linked-event-subtotal.ts';

const amount = fc.integer({ min: 0, max: 10_000_000 });
const lines = fc.array(fc.record({ price: amount, fees: amount }), { maxLength: 12 });

describe('the subtotal of a special linked event', () => {
  it('splits an amount into two halves that add up to it, the first the larger by at most one', () => {
    fc.assert(
      fc.property(amount, (a) => {
        const [larger, smaller] = halve(a);
        expect(larger + smaller).toBe(a);
        expect(larger - smaller).toBe(a % 2);
      }),
    );
  });

  it('shows the whole amounts when the plan is not a special linked setup', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        const price = ls.reduce((s, l) => s + l.price, 0);
        const fees = ls.reduce((s, l) => s + l.fees, 0);
        expect(linkedEventSubtotal(ls, false)).toEqual({ price, fees, total: price + fees });
      }),
    );
  });

  it('halves price and fees rounding down: two halves never exceed the whole, short by at most one per odd amount', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        const whole = linkedEventSubtotal(ls, false);
        const half = linkedEventSubtotal(ls, true);
        const odd = (pick: 'price' | 'fees') => ls.filter((l) => l[pick] % 2 === 1).length;
        expect(2 * half.price).toBeLessThanOrEqual(whole.price);
        expect(whole.price - 2 * half.price).toBe(odd('price'));
        expect(2 * half.fees).toBeLessThanOrEqual(whole.fees);
        expect(whole.fees - 2 * half.fees).toBe(odd('fees'));
        expect(half.total).toBe(half.price + half.fees);
      }),
    );
  });

  it('refuses a negative or fractional amount as a programming fault', () => {
    expect(() => linkedEventSubtotal([{ price: -1, fees: 0 }], true)).toThrow(RangeError);
    expect(() => linkedEventSubtotal([{ price: 1, fees: 0.5 }], true)).toThrow(/minor units/);
    expect(linkedEventSubtotal([{ price: 2501, fees: 301 }], true)).toEqual({
      price: 1250,
      fees: 150,
      total: 1400,
    });
  });
});
