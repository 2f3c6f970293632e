import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkUniqueSeats } from './unique-items.ts';

const seat = (key: string, eventId = 7) => ({ eventId, key, isGa: false });
const ga = (key: string) => ({ eventId: 7, key, isGa: true });

describe('basket items are unique by key except GA', () => {
  test('a seat already in the basket, or asked for twice, is refused', () => {
    expect(checkUniqueSeats([seat('A-1-1')], [seat('A-1-1')])?.rule).toBe('SeatInBasket');
    expect(checkUniqueSeats([], [seat('A-1-2'), seat('A-1-2')])?.rule).toBe('DuplicateSeat');
    expect(checkUniqueSeats([seat('A-1-1', 8)], [seat('A-1-1', 7)])).toBeNull();
  });

  test('the same GA section may be added again', () => {
    expect(checkUniqueSeats([ga('FLOOR')], [ga('FLOOR'), ga('FLOOR')])).toBeNull();
  });

  test('accepted exactly when no seat key repeats across the basket and the new items', () => {
    const itemArb = fc.record({
      eventId: fc.constantFrom(7, 8),
      key: fc.constantFrom('A-1-1', 'A-1-2', 'A-1-3', 'FLOOR'),
      isGa: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(itemArb, { maxLength: 5 }),
        fc.array(itemArb, { maxLength: 5 }),
        (inBasket, adding) => {
          const addingIds = adding.filter((t) => !t.isGa).map((t) => `${t.eventId}|${t.key}`);
          const heldIds = new Set(inBasket.filter((t) => !t.isGa).map((t) => `${t.eventId}|${t.key}`));
          const clash = addingIds.some((id) => heldIds.has(id)) || new Set(addingIds).size < addingIds.length;
          expect(checkUniqueSeats(inBasket, adding) !== null).toBe(clash);
        },
      ),
    );
  });
});
