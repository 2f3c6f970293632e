import { moveFocus, moveOfKey, type Navigation, type NavSeat } from '../seatmap/keyboard-nav.ts';

// The staff floor pages' seat selection, as plain data: a set of seat indexes and a keyboard
// cursor. Click toggles a seat; a rectangle, a row or a section adds (or, when all of it is
// already chosen, removes) its seats; arrow keys move the cursor, Space toggles the cursor's seat,
// Shift+arrow moves and takes the seat it lands on. Seats are indexes into the map's seat array.

export interface Selection {
  readonly chosen: ReadonlySet<number>;
  readonly cursor: number | null;
}

export const EMPTY_SELECTION: Selection = { chosen: new Set(), cursor: null };

export const toggleSeat = (s: Selection, index: number): Selection => {
  const chosen = new Set(s.chosen);
  if (chosen.has(index)) chosen.delete(index);
  else chosen.add(index);
  return { chosen, cursor: index };
};

/** Adds the seats, or removes them when every one is chosen already (a second click undoes the first). */
export const toggleGroup = (s: Selection, indexes: readonly number[]): Selection => {
  const chosen = new Set(s.chosen);
  const all = indexes.length > 0 && indexes.every((i) => chosen.has(i));
  for (const i of indexes) {
    if (all) chosen.delete(i);
    else chosen.add(i);
  }
  return { ...s, chosen };
};

export interface Rect {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** The rectangle between two corners, however it was dragged. */
export const rectOf = (a: { x: number; y: number }, b: { x: number; y: number }): Rect => ({
  left: Math.min(a.x, b.x),
  top: Math.min(a.y, b.y),
  right: Math.max(a.x, b.x),
  bottom: Math.max(a.y, b.y),
});

/** Seats whose point lies in the rectangle (points: each seat's place on screen, null off it). */
export const seatsInRect = (points: readonly ({ x: number; y: number } | null)[], rect: Rect): number[] => {
  const inside: number[] = [];
  points.forEach((p, i) => {
    if (p && p.x >= rect.left && p.x <= rect.right && p.y >= rect.top && p.y <= rect.bottom) inside.push(i);
  });
  return inside;
};

/** Adds the rectangle's seats to the selection. */
export const addSeats = (s: Selection, indexes: readonly number[]): Selection => {
  const chosen = new Set(s.chosen);
  for (const i of indexes) chosen.add(i);
  return { ...s, chosen };
};

/** A key on the map: the selection after it, or null when the key is not the tool's. */
export const selectionAfterKey = (
  s: Selection,
  key: string,
  shift: boolean,
  nav: Navigation,
  seats: readonly NavSeat[],
): Selection | null => {
  if (key === ' ' || key === 'Spacebar') {
    if (s.cursor === null) {
      const first = moveFocus(nav, seats, null, 'right');
      return first === null ? s : { ...s, cursor: first };
    }
    return toggleSeat(s, s.cursor);
  }
  const move = moveOfKey(key);
  if (!move) return null;
  const cursor = moveFocus(nav, seats, s.cursor, move);
  if (cursor === null) return s;
  if (!shift) return { ...s, cursor };
  const chosen = new Set(s.chosen);
  if (s.cursor !== null) chosen.add(s.cursor);
  chosen.add(cursor);
  return { chosen, cursor };
};
