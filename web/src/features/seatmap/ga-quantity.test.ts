import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digitsOnly, gaQuantity, type GaLimits } from './ga-quantity.ts';

const limits = (extra: Partial<GaLimits> = {}): GaLimits => ({
  maxAvailable: 128,
  sameSection: 0,
  limit: 8,
  otherTickets: 0,
  ...extra,
});

describe('GA quantity', () => {
  it('keeps digits only', () => {
    expect(digitsOnly(' 1a2-3 ')).toBe('123');
    expect(gaQuantity('3 tickets', limits())).toEqual({ quantity: 3, max: 8 });
    expect(gaQuantity('', limits())).toEqual({ quantity: 0, max: 8 });
    expect(gaQuantity('-2', limits())).toEqual({ quantity: 2, max: 8 });
  });

  it('trims to the ticket limit minus the other selected seats', () => {
    expect(gaQuantity('9', limits({ otherTickets: 3 }))).toEqual({ quantity: 5, trimmedBy: 'limit', max: 5 });
  });

  it('trims to what is left in the section', () => {
    expect(gaQuantity('6', limits({ maxAvailable: 5, sameSection: 2 }))).toEqual({
      quantity: 3,
      trimmedBy: 'availability',
      max: 3,
    });
    expect(gaQuantity('1', limits({ maxAvailable: 0 }))).toEqual({
      quantity: 0,
      trimmedBy: 'availability',
      max: 0,
    });
  });

  it('never exceeds either bound, never goes negative, and keeps what fits', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 30 }),
        (raw, maxAvailable, sameSection, limit, otherTickets) => {
          const l = { maxAvailable, sameSection, limit, otherTickets };
          const { quantity, trimmedBy } = gaQuantity(raw, l);
          expect(quantity).toBeGreaterThanOrEqual(0);
          expect(quantity).toBeLessThanOrEqual(Math.max(0, maxAvailable - sameSection));
          expect(quantity).toBeLessThanOrEqual(Math.max(0, limit - otherTickets));
          const digits = digitsOnly(raw);
          const wanted = digits === '' ? 0 : Number(digits);
          if (trimmedBy === undefined) expect(quantity).toBe(wanted);
          else expect(wanted).toBeGreaterThan(quantity);
        },
      ),
    );
  });
});
