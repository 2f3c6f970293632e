import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyTickets, basketOf, ticket } from '../basket/test-factories.ts';
import { slotAsBestAvailable } from './plan-reserve.ts';

const planView = {
  EventPlanID: 1,
  EventPlanCode: 'SEASON3',
  SeatQty: 2,
  Slots: [],
  CheckoutProblems: [],
  CanCheckout: false,
};

describe("best available in plan mode: the slot's seats of the plan's reserve", () => {
  it("shows this slot's seats and GA places only, priced by their own lines", () => {
    const tickets = [
      ticket({
        ID: 1,
        EventID: 5,
        EventPlanSlotID: 7,
        Key: 'ST-A-1',
        Section: 'Stalls',
        Row: 'A',
        Seat: '1',
        GA: false,
        Quantity: 1,
        LineTotal: 3000,
      }),
      ticket({
        ID: 2,
        EventID: 5,
        EventPlanSlotID: 7,
        Key: 'ST-A-2',
        Section: 'Stalls',
        Row: 'A',
        Seat: '2',
        GA: false,
        Quantity: 1,
        LineTotal: 3000,
      }),
      ticket({
        ID: 3,
        EventID: 6,
        EventPlanSlotID: 8,
        Key: 'FLOOR',
        Section: 'Floor',
        GA: true,
        Quantity: 2,
        LineTotal: 5000,
      }),
    ];
    const { answer, itemIds } = slotAsBestAvailable({ Basket: basketOf(tickets), Plan: planView }, 7, 5);
    expect(itemIds).toEqual([1, 2]);
    expect(answer.Found).toBe(true);
    expect(answer.Quantity).toBe(2);
    expect(answer.Seats.map((s) => [s.Key, s.Section, s.SectionName, s.Row, s.Seat])).toEqual([
      ['ST-A-1', 'ST', 'Stalls', 'A', '1'],
      ['ST-A-2', 'ST', 'Stalls', 'A', '2'],
    ]);
    expect(answer.GASection).toBeNull();
    expect(answer.Basket?.Total).toBe(6000);
    const ga = slotAsBestAvailable({ Basket: basketOf(tickets), Plan: planView }, 8, 6).answer;
    expect(ga.GASection).toMatchObject({ Key: 'FLOOR', Name: 'Floor', Quantity: 2 });
    expect(ga.Seats).toEqual([]);
  });

  it('never shows another slot\u2019s lines; found exactly when the slot holds something', () => {
    fc.assert(
      fc.property(
        anyTickets,
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 6 }),
        (lines, slotId, eventId) => {
          const tickets = lines.map((t) => ({ ...t, EventPlanSlotID: (t.ID % 3) + 1 }));
          const { answer, itemIds } = slotAsBestAvailable(
            { Basket: basketOf(tickets), Plan: planView },
            slotId,
            eventId,
          );
          const mine = tickets.filter((t) => t.EventPlanSlotID === slotId && t.EventID === eventId);
          expect(itemIds).toEqual(mine.map((t) => t.ID));
          expect(answer.Quantity).toBe(mine.reduce((n, t) => n + t.Quantity, 0));
          expect(answer.Found).toBe(mine.length > 0);
          expect(answer.Seats.length + (answer.GASection?.Quantity ?? 0)).toBe(answer.Quantity);
          expect(answer.Basket?.Total).toBe(mine.reduce((n, t) => n + t.LineTotal, 0));
        },
      ),
    );
  });
});
