import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hoursToEvent, isBeforeSaleDate } from './sale-timing.ts';

const instant = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2060-12-31T23:59:59Z'),
  noInvalidDate: true,
});

describe('sale date and hours to the event', () => {
  it('is before the sale date until the sale opens, not at that instant', () => {
    const onSale = new Date('2026-12-01T15:00:00Z');
    expect(isBeforeSaleDate(onSale, new Date('2026-12-01T14:59:59Z'))).toBe(true);
    expect(isBeforeSaleDate(onSale, onSale)).toBe(false);
    fc.assert(
      fc.property(instant, instant, (a, now) => {
        expect(isBeforeSaleDate(a, now)).toBe(now < a);
      }),
    );
  });

  it('counts whole hours to the start, negative once it has started', () => {
    const start = new Date('2026-12-01T19:30:00Z');
    expect(hoursToEvent(start, new Date('2026-12-01T17:00:00Z'))).toBe(2);
    expect(hoursToEvent(start, start)).toBe(0);
    expect(hoursToEvent(start, new Date('2026-12-01T20:00:00Z'))).toBe(-1);
    fc.assert(
      fc.property(instant, instant, (startsAt, now) => {
        const h = hoursToEvent(startsAt, now);
        expect(Number.isInteger(h)).toBe(true);
        const exact = (startsAt.getTime() - now.getTime()) / 3_600_000;
        expect(h).toBeLessThanOrEqual(exact);
        expect(exact - h).toBeLessThan(1);
      }),
    );
  });
});
