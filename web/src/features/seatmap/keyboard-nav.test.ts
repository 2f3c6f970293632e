import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildNavigation,
  compareRows,
  moveFocus,
  moveOfKey,
  type Move,
  type NavSeat,
} from './keyboard-nav.ts';

const theatre = (): NavSeat[] => {
  const seats: NavSeat[] = [];
  for (const [section, rows, baseY] of [
    ['STALLS', ['A', 'B', 'C'], 300],
    ['DRESS', ['A', 'B'], 900],
  ] as const)
    rows.forEach((row, r) => {
      for (let n = 1; n <= 4 + r; n++)
        seats.push({
          key: `${section}-${row}-${n}`,
          section,
          row,
          number: n,
          x: n * 20 - r * 7,
          y: baseY + r * 30,
        });
    });
  // Shuffled on purpose: the order comes from sections, rows and numbers, not from the input.
  return seats.reverse();
};

const keyOf = (seats: NavSeat[], index: number | null) => (index === null ? null : seats[index]!.key);

describe('keyboard navigation of the map', () => {
  const seats = theatre();
  const nav = buildNavigation(seats, ['STALLS', 'DRESS']);
  const walk = (from: string | null, ...moves: Move[]) => {
    let at = from === null ? null : seats.findIndex((s) => s.key === from);
    for (const m of moves) at = moveFocus(nav, seats, at, m);
    return keyOf(seats, at);
  };

  it('starts at the first seat of the first section', () => {
    expect(walk(null, 'right')).toBe('STALLS-A-1');
  });

  it('walks a row, stopping at its ends', () => {
    expect(walk('STALLS-A-1', 'right', 'right')).toBe('STALLS-A-3');
    expect(walk('STALLS-A-1', 'left')).toBe('STALLS-A-1');
    expect(walk('STALLS-A-2', 'end')).toBe('STALLS-A-4');
    expect(walk('STALLS-A-4', 'right')).toBe('STALLS-A-4');
    expect(walk('STALLS-A-4', 'home')).toBe('STALLS-A-1');
  });

  it('steps between rows to the nearest seat, and between sections', () => {
    expect(walk('STALLS-A-2', 'down')).toBe('STALLS-B-2'); // row B is offset a third of a seat
    expect(walk('STALLS-A-2', 'down', 'right', 'up')).toBe('STALLS-A-3');
    expect(walk('STALLS-C-6', 'down')).toBe('STALLS-C-6');
    expect(walk('STALLS-B-2', 'nextSection')).toBe('DRESS-A-1');
    expect(walk('DRESS-B-1', 'nextSection')).toBe('DRESS-B-1');
    expect(walk('DRESS-B-1', 'previousSection')).toBe('STALLS-A-1');
  });

  it('orders rows as theatres print them', () => {
    expect(['AA', 'B', 'A', 'Z', '10', '9'].sort(compareRows)).toEqual(['9', 'A', 'B', 'Z', '10', 'AA']);
  });

  it('reaches every seat, and left undoes right inside a row', () => {
    const reached = new Set<number>();
    let at: number | null = null;
    for (let s = 0; s < nav.sections.length; s++) {
      at = s === 0 ? moveFocus(nav, seats, null, 'right') : moveFocus(nav, seats, at, 'nextSection');
      for (let r = 0; r < nav.sections[s]!.rows.length; r++) {
        if (r > 0) at = moveFocus(nav, seats, at, 'home');
        for (let i = 0; i < 10; i++) {
          reached.add(at!);
          at = moveFocus(nav, seats, at, 'right');
        }
        at = moveFocus(nav, seats, moveFocus(nav, seats, at, 'home'), 'down');
      }
    }
    expect(reached.size).toBe(seats.length);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: seats.length - 1 }), (index) => {
        const place = nav.place.get(index)!;
        const row = nav.sections[place.section]!.rows[place.row]!;
        const right = moveFocus(nav, seats, index, 'right')!;
        if (place.position < row.seats.length - 1) expect(moveFocus(nav, seats, right, 'left')).toBe(index);
      }),
    );
  });

  it('stays on a seat of the map whatever keys are pressed', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom<Move>(
            'left',
            'right',
            'up',
            'down',
            'previousSection',
            'nextSection',
            'home',
            'end',
          ),
        ),
        (moves) => {
          let at: number | null = null;
          for (const m of moves) {
            at = moveFocus(nav, seats, at, m);
            expect(at).not.toBeNull();
            expect(seats[at!]).toBeDefined();
          }
        },
      ),
    );
  });

  it('reads the keys', () => {
    expect(moveOfKey('ArrowUp')).toBe('up');
    expect(moveOfKey('PageDown')).toBe('nextSection');
    expect(moveOfKey('x')).toBeUndefined();
  });
});
