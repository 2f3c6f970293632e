import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { availabilityColor, availabilityOf, type Availability } from './availability.ts';

const rank: Record<Availability, number> = { SoldOut: 0, Low: 1, Medium: 2, High: 3 };
const count = fc
  .integer({ min: 0, max: 50_000 })
  .chain((total) => fc.integer({ min: 0, max: total }).map((open) => ({ open, total })));

describe('availability of an event', () => {
  it('is SoldOut when nothing is open, Low under 10 %, Medium under 40 %, else High', () => {
    expect(availabilityOf({ open: 0, total: 1600 })).toBe('SoldOut');
    expect(availabilityOf({ open: 0, total: 0 })).toBe('SoldOut');
    expect(availabilityOf({ open: 159, total: 1600 })).toBe('Low');
    expect(availabilityOf({ open: 160, total: 1600 })).toBe('Medium');
    expect(availabilityOf({ open: 639, total: 1600 })).toBe('Medium');
    expect(availabilityOf({ open: 640, total: 1600 })).toBe('High');
    expect(availabilityOf({ open: 1, total: 20_000 })).toBe('Low');
  });

  it('matches the percentage thresholds for every count', () => {
    fc.assert(
      fc.property(count, ({ open, total }) => {
        const share = open / total;
        const expected: Availability =
          open === 0 ? 'SoldOut' : share < 0.1 ? 'Low' : share < 0.4 ? 'Medium' : 'High';
        expect(availabilityOf({ open, total })).toBe(expected);
      }),
    );
  });

  it('never gets better when a seat sells', () => {
    fc.assert(
      fc.property(count, ({ open, total }) => {
        fc.pre(open > 0);
        expect(rank[availabilityOf({ open: open - 1, total })]).toBeLessThanOrEqual(
          rank[availabilityOf({ open, total })],
        );
      }),
    );
  });

  it('gives each availability its own colour', () => {
    const colours = (['High', 'Medium', 'Low', 'SoldOut'] as const).map(availabilityColor);
    expect(new Set(colours).size).toBe(4);
    for (const c of colours) expect(c).toMatch(/^#[0-9a-f]{6}$/);
  });
});
