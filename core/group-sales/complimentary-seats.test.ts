import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ticketArb } from '../basket/test-factories.ts';
import { ticketLineTotal } from '../basket/totals.ts';
import type { PriceType } from '../pricing/price-map.ts';
import { compPriceType, complimentaryTickets } from './complimentary-seats.ts';

const type = (over: Partial<PriceType>): PriceType => ({
  id: 1,
  code: 'Adult',
  name: 'Adult',
  description: null,
  isDefault: true,
  isComp: false,
  consumerVisible: true,
  displayOrder: 1,
  ...over,
});
const adult = type({});
const comp = type({ id: 9, code: 'Comp', name: 'Comp', isDefault: false, isComp: true, displayOrder: 5 });

describe('house seats without payment', () => {
  it('every seat stays the same seat, with the comp price type, at 0 and without fees', () => {
    fc.assert(
      fc.property(fc.array(ticketArb, { maxLength: 8 }), (tickets) => {
        const result = complimentaryTickets(tickets, () => [adult, comp]);
        if (!result.ok) throw new Error('a comp type was there');
        expect(result.tickets.map((t) => [t.id, t.key, t.eventId, t.quantity, t.priceLevelId])).toEqual(
          tickets.map((t) => [t.id, t.key, t.eventId, t.quantity, t.priceLevelId]),
        );
        for (const t of result.tickets) {
          expect([t.priceTypeId, t.priceTypeName]).toEqual([comp.id, comp.name]);
          expect(ticketLineTotal(t)).toBe(0);
          expect(t.fees).toEqual([]);
          expect(t.promoCode).toBeNull();
        }
      }),
    );
  });

  it('a performance without a comp price type changes nothing and is named', () => {
    fc.assert(
      fc.property(fc.array(ticketArb, { minLength: 1, maxLength: 8 }), (tickets) => {
        const noCompFor = tickets[tickets.length - 1]!.eventId;
        const result = complimentaryTickets(tickets, (eventId) => (eventId === noCompFor ? [adult] : [comp]));
        expect(result).toEqual({ ok: false, eventId: tickets.find((t) => t.eventId === noCompFor)!.eventId });
      }),
    );
  });

  it('the comp type is the first comp one by display order', () => {
    const second = { ...comp, id: 10, displayOrder: 2 };
    expect(compPriceType([adult, comp, second])).toBe(second);
    expect(compPriceType([adult])).toBeNull();
  });
});
