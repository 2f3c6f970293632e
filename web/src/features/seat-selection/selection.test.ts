import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildNavigation } from '../seatmap/keyboard-nav.ts';
import {
  addSeats,
  EMPTY_SELECTION,
  rectOf,
  seatsInRect,
  selectionAfterKey,
  toggleGroup,
  toggleSeat,
} from './selection.ts';

// A small hall: rows A-C of 5 seats in one section.
const seats = ['A', 'B', 'C'].flatMap((row, r) =>
  [1, 2, 3, 4, 5].map((n) => ({ key: `S-${row}-${n}`, section: 'S', row, number: n, x: n * 10, y: r * 10 })),
);
const nav = buildNavigation(seats, ['S']);

describe('the seat selection', () => {
  it('a click toggles a seat; twice leaves the selection as it was', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 14 })),
        fc.integer({ min: 0, max: 14 }),
        (start, seat) => {
          const s = addSeats(EMPTY_SELECTION, start);
          const twice = toggleSeat(toggleSeat(s, seat), seat);
          expect([...twice.chosen].sort()).toEqual([...s.chosen].sort());
        },
      ),
    );
  });

  it('a row or section adds its seats, and removes them when all were chosen', () => {
    const rowB = [5, 6, 7, 8, 9];
    const once = toggleGroup(toggleSeat(EMPTY_SELECTION, 0), rowB);
    expect([...once.chosen].sort((a, b) => a - b)).toEqual([0, ...rowB]);
    expect([...toggleGroup(once, rowB).chosen]).toEqual([0]);
  });

  it('a rectangle takes exactly the seats inside it, dragged either way', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 30 }),
        (x1, y1, x2, y2) => {
          const points = seats.map((s) => ({ x: s.x, y: s.y }));
          const inside = seatsInRect(points, rectOf({ x: x1, y: y1 }, { x: x2, y: y2 }));
          expect(inside).toEqual(seatsInRect(points, rectOf({ x: x2, y: y2 }, { x: x1, y: y1 })));
          const expected = seats.flatMap((s, i) =>
            s.x >= Math.min(x1, x2) &&
            s.x <= Math.max(x1, x2) &&
            s.y >= Math.min(y1, y2) &&
            s.y <= Math.max(y1, y2)
              ? [i]
              : [],
          );
          expect(inside).toEqual(expected);
        },
      ),
    );
  });

  it('arrows move the cursor, Space toggles, Shift+arrows extends', () => {
    let s = selectionAfterKey(EMPTY_SELECTION, ' ', false, nav, seats)!;
    expect(s.cursor).toBe(0);
    s = selectionAfterKey(s, ' ', false, nav, seats)!;
    expect([...s.chosen]).toEqual([0]);
    s = selectionAfterKey(s, 'ArrowRight', true, nav, seats)!;
    s = selectionAfterKey(s, 'ArrowRight', true, nav, seats)!;
    expect([...s.chosen].sort()).toEqual([0, 1, 2]);
    s = selectionAfterKey(s, 'ArrowDown', false, nav, seats)!;
    expect(s.cursor).toBe(7);
    expect(s.chosen.size).toBe(3);
    expect(selectionAfterKey(s, 'x', false, nav, seats)).toBeNull();
  });
});
