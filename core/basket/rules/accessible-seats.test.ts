import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkAccessibleSeats } from './accessible-seats.ts';
import { adaTypeArb } from '../test-factories.ts';

const seat = (adaType: string | null, eventId = 7) => ({ eventId, adaType, quantity: 1 });

describe('accessible seats and their companions', () => {
  test('a wheelchair space may bring up to 2 companions, not 3', () => {
    expect(checkAccessibleSeats([seat('Wheelchair'), seat('Companion'), seat('Companion')])).toBeNull();
    expect(
      checkAccessibleSeats([seat('Wheelchair'), seat('Companion'), seat('Companion'), seat('Companion')])
        ?.reason,
    ).toBe('TooManyCompanions');
  });

  test('a companion seat without an accessible seat of the same performance is refused', () => {
    expect(checkAccessibleSeats([seat('Companion')])?.reason).toBe('CompanionWithoutAccessibleSeat');
    expect(checkAccessibleSeats([seat('Wheelchair', 8), seat('Companion', 7)])?.reason).toBe(
      'CompanionWithoutAccessibleSeat',
    );
    expect(checkAccessibleSeats([seat('AisleTransfer'), seat('Companion')])).toBeNull();
  });

  test('accepted exactly when, per performance, companions <= 2 x accessible seats and none without one', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ eventId: fc.constantFrom(7, 8), adaType: adaTypeArb, quantity: fc.constant(1) }),
          {
            maxLength: 14,
          },
        ),
        (tickets) => {
          const ok = [7, 8].every((eventId) => {
            const mine = tickets.filter((t) => t.eventId === eventId);
            const accessible = mine.filter(
              (t) => t.adaType === 'Wheelchair' || t.adaType === 'AisleTransfer',
            ).length;
            const companions = mine.filter((t) => t.adaType === 'Companion').length;
            return companions === 0 || (accessible > 0 && companions <= 2 * accessible);
          });
          expect(checkAccessibleSeats(tickets) === null).toBe(ok);
        },
      ),
    );
  });
});
