import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  addMoney,
  allocateMoney,
  compareMoney,
  equalMoney,
  isNegativeMoney,
  isZeroMoney,
  money,
  multiplyMoney,
  negateMoney,
  percentOfMoney,
  splitMoney,
  subtractMoney,
  sumMoney,
  tryMoney,
  zeroMoney,
} from './money.ts';

// Amounts small enough that sums of a few never leave the safe-integer range.
const amount = fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 });
const usd = amount.map((a) => money(a, 'USD'));

describe('money construction', () => {
  it('keeps integer minor units and upper-cases the currency', () => {
    expect(money(1250, 'usd')).toEqual({ amount: 1250, currency: 'USD' });
  });

  it('rejects a float amount as data from outside and as a fault inside', () => {
    expect(tryMoney(12.5, 'USD')).toEqual({
      ok: false,
      error: { code: 'MONEY_NOT_SAFE_INTEGER', amount: 12.5 },
    });
    expect(() => money(12.5, 'USD')).toThrow(RangeError);
  });

  it('rejects unsafe integers, NaN and bad currency codes', () => {
    expect(tryMoney(2 ** 53, 'USD').ok).toBe(false);
    expect(tryMoney(Number.NaN, 'USD').ok).toBe(false);
    expect(tryMoney(100, 'US')).toEqual({ ok: false, error: { code: 'MONEY_BAD_CURRENCY', currency: 'US' } });
    expect(tryMoney(100, 'U$D').ok).toBe(false);
  });

  it('accepts every safe integer and rejects every non-integer', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (a) => {
        const result = tryMoney(a, 'EUR');
        expect(result.ok && result.value.amount === a).toBe(true);
      }),
    );
    fc.assert(
      fc.property(
        fc.double({ noNaN: true }).filter((d) => !Number.isInteger(d)),
        (d) => !tryMoney(d, 'EUR').ok,
      ),
    );
  });

  it('normalises negative zero so equal amounts compare equal', () => {
    expect(Object.is(money(-0, 'USD').amount, 0)).toBe(true);
    expect(Object.is(negateMoney(zeroMoney('USD')).amount, 0)).toBe(true);
  });
});

describe('adding and subtracting', () => {
  it('adds and subtracts in the same currency', () => {
    expect(addMoney(money(1050, 'GBP'), money(250, 'GBP'))).toEqual(money(1300, 'GBP'));
    expect(subtractMoney(money(1050, 'GBP'), money(2000, 'GBP'))).toEqual(money(-950, 'GBP'));
  });

  it('refuses to mix currencies', () => {
    expect(() => addMoney(money(1, 'USD'), money(1, 'EUR'))).toThrow(TypeError);
    expect(() => subtractMoney(money(1, 'USD'), money(1, 'EUR'))).toThrow(TypeError);
    expect(() => compareMoney(money(1, 'USD'), money(1, 'EUR'))).toThrow(TypeError);
  });

  it('throws rather than silently losing precision past the safe range', () => {
    expect(() => addMoney(money(Number.MAX_SAFE_INTEGER, 'USD'), money(1, 'USD'))).toThrow(RangeError);
  });

  it('add is commutative and associative, zero is neutral', () => {
    fc.assert(
      fc.property(usd, usd, usd, (a, b, c) => {
        expect(addMoney(a, b)).toEqual(addMoney(b, a));
        expect(addMoney(addMoney(a, b), c)).toEqual(addMoney(a, addMoney(b, c)));
        expect(addMoney(a, zeroMoney('USD'))).toEqual(a);
      }),
    );
  });

  it('subtract undoes add and a - a is zero', () => {
    fc.assert(
      fc.property(usd, usd, (a, b) => {
        expect(subtractMoney(addMoney(a, b), b)).toEqual(a);
        expect(isZeroMoney(subtractMoney(a, a))).toBe(true);
        expect(subtractMoney(a, b)).toEqual(addMoney(a, negateMoney(b)));
      }),
    );
  });

  it('sums a list like repeated addition, and an empty list to zero', () => {
    expect(sumMoney([], 'NZD')).toEqual(money(0, 'NZD'));
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 20 }), (amounts) => {
        const total = sumMoney(
          amounts.map((a) => money(a, 'NZD')),
          'NZD',
        );
        expect(total.amount).toBe(amounts.reduce((s, a) => s + a, 0));
      }),
    );
    expect(() => sumMoney([money(1, 'USD')], 'EUR')).toThrow(TypeError);
  });
});

describe('multiplying by a quantity', () => {
  it('multiplies a price by a ticket quantity', () => {
    expect(multiplyMoney(money(2550, 'USD'), 4)).toEqual(money(10200, 'USD'));
  });

  it('rejects a fractional quantity', () => {
    expect(() => multiplyMoney(money(100, 'USD'), 1.5)).toThrow(RangeError);
  });

  it('distributes over addition', () => {
    const small = fc.integer({ min: -1_000_000, max: 1_000_000 }).map((a) => money(a, 'USD'));
    fc.assert(
      fc.property(small, small, fc.integer({ min: -1000, max: 1000 }), (a, b, q) => {
        expect(multiplyMoney(addMoney(a, b), q)).toEqual(addMoney(multiplyMoney(a, q), multiplyMoney(b, q)));
      }),
    );
  });
});

describe('percentages in basis points', () => {
  it('rounds half up to the minor unit', () => {
    // 2.5 % of $0.10 is 0.25 cent -> 0; of $0.20 is 0.5 cent -> 1; of $0.30 is 0.75 -> 1.
    expect(percentOfMoney(money(10, 'USD'), 250).amount).toBe(0);
    expect(percentOfMoney(money(20, 'USD'), 250).amount).toBe(1);
    expect(percentOfMoney(money(30, 'USD'), 250).amount).toBe(1);
    expect(percentOfMoney(money(10000, 'USD'), 1250).amount).toBe(1250);
  });

  it('mirrors a charge on a refund (half away from zero on negatives)', () => {
    expect(percentOfMoney(money(-20, 'USD'), 250).amount).toBe(-1);
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: 100_000 }), (a, bp) => {
        expect(percentOfMoney(money(-a, 'USD'), bp)).toEqual(
          negateMoney(percentOfMoney(money(a, 'USD'), bp)),
        );
      }),
    );
  });

  it('is within half a minor unit of the exact value, rounding exact halves up', () => {
    fc.assert(
      // Non-negative amounts (negatives mirror them, tested above); bp up to 100 % keeps it safe.
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: 10000 }),
        (a, bp) => {
          const result = BigInt(percentOfMoney(money(a, 'USD'), bp).amount);
          // exact = a * bp / 10000; |result - exact| <= 1/2, with an exact half going up.
          const twiceError = 2n * result * 10000n - 2n * BigInt(a) * BigInt(bp);
          expect(twiceError <= 10000n && twiceError > -10000n).toBe(true);
        },
      ),
    );
  });

  it('never exceeds the amount for up to 100 % and never goes below zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: 10000 }),
        (a, bp) => {
          const p = percentOfMoney(money(a, 'USD'), bp).amount;
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(a);
        },
      ),
    );
  });

  it('is monotonic in the basis points', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.nat(20000), fc.nat(20000), (a, x, y) => {
        const [lo, hi] = x <= y ? [x, y] : [y, x];
        expect(percentOfMoney(money(a, 'USD'), lo).amount).toBeLessThanOrEqual(
          percentOfMoney(money(a, 'USD'), hi).amount,
        );
      }),
    );
  });

  it('0 bp is zero and 10000 bp is the whole amount', () => {
    fc.assert(
      fc.property(usd, (m) => {
        expect(percentOfMoney(m, 0)).toEqual(zeroMoney('USD'));
        expect(percentOfMoney(m, 10000)).toEqual(m);
      }),
    );
  });
});

describe('splitting and allocating', () => {
  it('splits $1.00 three ways as 34, 33, 33', () => {
    expect(splitMoney(money(100, 'USD'), 3).map((m) => m.amount)).toEqual([34, 33, 33]);
    expect(splitMoney(money(-100, 'USD'), 3).map((m) => m.amount)).toEqual([-34, -33, -33]);
  });

  it('allocates by weights, leftover cents to the largest remainders', () => {
    // 1000 in 1:2 = 333.33 / 666.67 -> the second part has the larger remainder.
    expect(allocateMoney(money(1000, 'EUR'), [1, 2]).map((m) => m.amount)).toEqual([333, 667]);
    expect(allocateMoney(money(5, 'EUR'), [0, 3, 0, 1]).map((m) => m.amount)).toEqual([0, 4, 0, 1]);
  });

  it('refuses empty, negative or all-zero weights', () => {
    expect(() => allocateMoney(money(1, 'EUR'), [])).toThrow(RangeError);
    expect(() => allocateMoney(money(1, 'EUR'), [1, -1])).toThrow(RangeError);
    expect(() => allocateMoney(money(1, 'EUR'), [0, 0])).toThrow(RangeError);
    expect(() => splitMoney(money(1, 'EUR'), 0)).toThrow(RangeError);
  });

  it('split parts sum to the whole and differ by at most one minor unit', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.integer({ min: 1, max: 50 }), (a, n) => {
        const parts = splitMoney(money(a, 'USD'), n);
        expect(parts).toHaveLength(n);
        expect(parts.reduce((s, p) => s + BigInt(p.amount), 0n)).toBe(BigInt(a));
        const amounts = parts.map((p) => p.amount);
        expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
        // Larger parts come first.
        expect([...amounts].sort((x, y) => (a < 0 ? x - y : y - x))).toEqual(amounts);
      }),
    );
  });

  it('allocated parts sum to the whole, stay within one unit of the exact share, and zero weights get nothing', () => {
    fc.assert(
      fc.property(
        fc.maxSafeInteger(),
        fc.array(fc.nat(1000), { minLength: 1, maxLength: 12 }).filter((ws) => ws.some((w) => w > 0)),
        (a, weights) => {
          const parts = allocateMoney(money(a, 'USD'), weights);
          const total = BigInt(weights.reduce((s, w) => s + w, 0));
          expect(parts.reduce((s, p) => s + BigInt(p.amount), 0n)).toBe(BigInt(a));
          parts.forEach((p, i) => {
            const w = BigInt(weights[i] ?? 0);
            // |part - a*w/total| < 1  <=>  |part*total - a*w| < total
            const diff = BigInt(p.amount) * total - BigInt(a) * w;
            expect(diff < total && diff > -total).toBe(true);
            if (w === 0n) expect(p.amount).toBe(0);
            expect(p.currency).toBe('USD');
          });
        },
      ),
    );
  });
});

describe('comparing', () => {
  it('orders amounts and flags negatives', () => {
    expect(compareMoney(money(1, 'USD'), money(2, 'USD'))).toBe(-1);
    expect(compareMoney(money(2, 'USD'), money(2, 'USD'))).toBe(0);
    expect(isNegativeMoney(money(-1, 'USD'))).toBe(true);
    expect(isNegativeMoney(money(0, 'USD'))).toBe(false);
    expect(equalMoney(money(1, 'USD'), money(1, 'EUR'))).toBe(false);
  });

  it('compare is antisymmetric and agrees with subtraction', () => {
    fc.assert(
      fc.property(usd, usd, (a, b) => {
        expect(compareMoney(a, b)).toBe(-compareMoney(b, a) || 0);
        expect(compareMoney(a, b) < 0).toBe(isNegativeMoney(subtractMoney(a, b)));
        expect(compareMoney(a, b) === 0).toBe(equalMoney(a, b));
      }),
    );
  });
});
