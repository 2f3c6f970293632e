import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bySeatingOrder, groupByEvent, isEmptyBasket } from './group-by-event.ts';
import { anyTickets, basketEvent, basketOf, product, ticket } from './test-factories.ts';

const events = [1, 2, 3, 4, 5, 6].map((id) =>
  // Event 6 is the earliest, then 5, ...: ids and dates in opposite orders.
  basketEvent(id, new Date(Date.UTC(2026, 11, 20 - id, 19)).toISOString()),
);

describe('basket items grouped by event', () => {
  it('lists each performance once, earliest first, seats in seating order', () => {
    const basket = basketOf([
      ticket({ ID: 1, EventID: 1, Section: 'Stalls', Row: 'B', Seat: '10' }),
      ticket({ ID: 2, EventID: 2, Section: 'Stalls', Row: 'A', Seat: '1' }),
      ticket({ ID: 3, EventID: 1, Section: 'Stalls', Row: 'B', Seat: '9' }),
      ticket({ ID: 4, EventID: 1, Section: 'Dress Circle', Row: 'A', Seat: '3' }),
    ]);
    const groups = groupByEvent(basket, events);
    expect(groups.map((g) => g.eventId)).toEqual([2, 1]);
    expect(groups[1]!.tickets.map((t) => t.ID)).toEqual([4, 3, 1]);
    expect(groups[1]!.event?.ID).toBe(1);
  });

  it('puts add-ons under their event, and add-ons of no event last', () => {
    const basket = basketOf(
      [ticket({ ID: 1, EventID: 1 })],
      [
        product({ ID: 10, EventID: 1 }),
        product({ ID: 11, EventID: null, IsEventTemplateProductItem: true }),
        product({ ID: 12, EventID: 2 }),
      ],
    );
    const groups = groupByEvent(basket, events);
    expect(groups.map((g) => [g.eventId, g.products.map((p) => p.ID)])).toEqual([
      [2, [12]],
      [1, [10]],
      [null, [11]],
    ]);
    expect(groups.at(-1)!.event).toBeNull();
  });

  it('keeps every line exactly once, under its own event, with the event’s totals', () => {
    fc.assert(
      fc.property(anyTickets, (tickets) => {
        const groups = groupByEvent(basketOf(tickets), events);
        const ids = groups.flatMap((g) => g.tickets.map((t) => t.ID));
        expect([...ids].sort((a, b) => a - b)).toEqual(tickets.map((t) => t.ID).sort((a, b) => a - b));
        for (const g of groups) {
          expect(g.tickets.every((t) => t.EventID === g.eventId)).toBe(true);
          expect(g.total).toBe(g.tickets.reduce((s, t) => s + t.LineTotal, 0));
          expect(g.ticketCount).toBe(g.tickets.reduce((s, t) => s + t.Quantity, 0));
        }
        expect(new Set(groups.map((g) => g.eventId)).size).toBe(groups.length);
        const starts = groups.map((g) => g.event!.StartsAtUtc);
        expect(starts).toEqual([...starts].sort());
      }),
    );
  });

  it('orders seats like a seating plan: numbers by value, GA after seats', () => {
    const seats = [
      ticket({ ID: 1, Row: 'A', Seat: '10' }),
      ticket({ ID: 2, GA: true, Section: 'Floor', Row: null, Seat: null }),
      ticket({ ID: 3, Row: 'A', Seat: '9' }),
      ticket({ ID: 4, Row: 'AA', Seat: '1' }),
    ];
    expect([...seats].sort(bySeatingOrder).map((t) => t.ID)).toEqual([3, 1, 4, 2]);
  });

  it('knows an empty basket', () => {
    expect(isEmptyBasket(basketOf([]))).toBe(true);
    expect(isEmptyBasket(basketOf([ticket()]))).toBe(false);
    expect(isEmptyBasket(basketOf([], [product()]))).toBe(false);
  });
});
