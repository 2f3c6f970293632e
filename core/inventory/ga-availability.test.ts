import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { gaMaxAvailable } from './ga-availability.ts';

const sectionArb = fc.integer({ min: 0, max: 50_000 }).chain((capacity) =>
  fc.record({
    capacity: fc.constant(capacity),
    sold: fc.integer({ min: 0, max: capacity }),
    liveHeld: fc.integer({ min: 0, max: 60_000 }),
  }),
);

describe('GA availability', () => {
  test('is capacity minus sold minus live holds when they fit', () => {
    expect(gaMaxAvailable({ capacity: 2000, sold: 150, liveHeld: 30 })).toBe(1820);
    expect(gaMaxAvailable({ capacity: 200, sold: 0, liveHeld: 0 })).toBe(200);
  });

  test('is never negative and never more than capacity', () => {
    fc.assert(
      fc.property(sectionArb, (section) => {
        const available = gaMaxAvailable(section);
        expect(available).toBeGreaterThanOrEqual(0);
        expect(available).toBeLessThanOrEqual(section.capacity);
      }),
    );
  });

  test('available + sold + held never exceeds capacity unless sold + held already does', () => {
    fc.assert(
      fc.property(sectionArb, (section) => {
        const available = gaMaxAvailable(section);
        if (section.sold + section.liveHeld <= section.capacity)
          expect(available + section.sold + section.liveHeld).toBe(section.capacity);
        else expect(available).toBe(0);
      }),
    );
  });

  test('selling or holding one more never makes more available', () => {
    fc.assert(
      fc.property(sectionArb, (section) => {
        expect(gaMaxAvailable({ ...section, liveHeld: section.liveHeld + 1 })).toBeLessThanOrEqual(
          gaMaxAvailable(section),
        );
        expect(gaMaxAvailable({ ...section, sold: section.sold + 1 })).toBeLessThanOrEqual(
          gaMaxAvailable(section),
        );
      }),
    );
  });
});
