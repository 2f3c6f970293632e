import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { countsTowardTicketLimit } from '../../inventory/accessibility.ts';
import { TicketLimitExceeded } from '../errors.ts';
import { adaTypeArb } from '../test-factories.ts';
import {
  checkTicketLimit,
  DEFAULT_ORDER_TICKET_LIMIT,
  effectiveLimit,
  ticketLimitCount,
} from './ticket-limit.ts';

const countedArb = fc.record({ adaType: adaTypeArb, quantity: fc.integer({ min: 1, max: 5 }) });

describe('OrderTicketLimit across the whole basket', () => {
  test('the limit is the series limit, 12 when the series has none', () => {
    expect(effectiveLimit(null)).toBe(DEFAULT_ORDER_TICKET_LIMIT);
    expect(effectiveLimit(0)).toBe(12);
    expect(effectiveLimit(6)).toBe(6);
  });

  test("the series' TicketLimitMessage is what the buyer reads; the default names the limit", () => {
    const seats = Array.from({ length: 7 }, () => ({ adaType: null, quantity: 1 }));
    expect(checkTicketLimit([], seats, { limit: 6, message: 'Six tickets per household.' })?.message).toBe(
      'Six tickets per household.',
    );
    expect(checkTicketLimit([], seats, { limit: 6, message: null })?.message).toBe(
      'You may buy up to 6 tickets in one order.',
    );
  });

  test('aisle transfer seats do not count; every other seat and each GA place does', () => {
    expect(
      ticketLimitCount([
        { adaType: 'AisleTransfer', quantity: 1 },
        { adaType: 'Wheelchair', quantity: 1 },
        { adaType: null, quantity: 4 },
      ]),
    ).toBe(5);
  });

  test('accepted exactly when the counted tickets in and added to the basket stay within the limit', () => {
    fc.assert(
      fc.property(
        fc.array(countedArb, { maxLength: 10 }),
        fc.array(countedArb, { maxLength: 10 }),
        fc.integer({ min: 1, max: 20 }),
        (inBasket, adding, limit) => {
          const counted = [...inBasket, ...adding]
            .filter((t) => countsTowardTicketLimit(t.adaType))
            .reduce((n, t) => n + t.quantity, 0);
          const result = checkTicketLimit(inBasket, adding, { limit, message: null });
          if (counted <= limit) expect(result).toBeNull();
          else {
            expect(result).toBeInstanceOf(TicketLimitExceeded);
            expect(result?.limit).toBe(limit);
          }
        },
      ),
    );
  });

  test('adding only aisle transfer seats never breaks the limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 10 }), (held, added) => {
        const inBasket = Array.from({ length: held }, () => ({ adaType: null, quantity: 1 }));
        const adding = Array.from({ length: added }, () => ({ adaType: 'AisleTransfer', quantity: 1 }));
        expect(checkTicketLimit(inBasket, adding, { limit: 12, message: null })).toBeNull();
      }),
    );
  });
});
