import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quantityTyped, stepped, typedDigits } from './quantity-input.ts';

describe('the quantity stepper', () => {
  it('keeps digits only, at most as many as the cap has', () => {
    expect(typedDigits('1a2', 99)).toBe('12');
    expect(typedDigits('-3', 99)).toBe('3');
    expect(typedDigits('1.5', 99)).toBe('15');
    expect(typedDigits('123', 99)).toBe('12');
    expect(typedDigits('123', 5)).toBe('1');
    expect(quantityTyped('', 99)).toBe(0);
    expect(quantityTyped('07', 99)).toBe(7);
    expect(quantityTyped('9', 5)).toBe(5);
  });

  it('never goes below 0 nor above the cap, whatever is typed or stepped', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 1000 }), (typed, max) => {
        const q = quantityTyped(typed, max);
        return Number.isInteger(q) && q >= 0 && q <= max;
      }),
    );
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 1000 })
          .chain((max) =>
            fc.tuple(fc.constant(max), fc.integer({ min: 0, max }), fc.constantFrom(1 as const, -1 as const)),
          ),
        ([max, q, step]) => {
          const next = stepped(q, step, max);
          return next >= 0 && next <= max && Math.abs(next - q) <= 1;
        },
      ),
    );
    expect(stepped(0, -1, 12)).toBe(0);
    expect(stepped(12, 1, 12)).toBe(12);
  });
});
