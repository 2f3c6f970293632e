import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSeatGrid, nearestSeat, typicalSpacing } from './seat-index.ts';

const point = fc.record({
  x: fc.double({ min: 0, max: 2000, noNaN: true }),
  y: fc.double({ min: 0, max: 2000, noNaN: true }),
});

describe('finding the seat under the pointer', () => {
  it('finds the same seat as looking at every seat', () => {
    fc.assert(
      fc.property(
        fc.array(point, { maxLength: 200 }),
        point,
        fc.double({ min: 1, max: 200, noNaN: true }),
        (points, at, radius) => {
          const grid = buildSeatGrid(points, 25);
          const found = nearestSeat(grid, at.x, at.y, radius);
          let best = -1;
          let bestDistance = radius;
          points.forEach((p, i) => {
            const d = Math.hypot(p.x - at.x, p.y - at.y);
            if (d < bestDistance || (d === bestDistance && best === -1)) {
              best = i;
              bestDistance = d;
            }
          });
          if (best === -1) expect(found).toBe(-1);
          else
            expect(Math.hypot(points[found]!.x - at.x, points[found]!.y - at.y)).toBeCloseTo(bestDistance, 9);
        },
      ),
    );
  });

  it('measures the seat pitch of a grid of seats', () => {
    const seats = Array.from({ length: 400 }, (_, i) => ({ x: (i % 20) * 18, y: Math.floor(i / 20) * 30 }));
    expect(typicalSpacing(seats)).toBe(18);
  });
});
