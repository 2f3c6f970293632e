import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Basket } from '../basket/basket.ts';
import { withBasketSelection } from './plan-details-for-basket.ts';
import type { PlanView } from './read-plans.ts';

const slotIds = [11, 12, 13];
const plan = {
  id: 7,
  slots: slotIds.map((id) => ({
    id,
    eventIds: [100 + id, 200 + id],
    selectedEvent: null,
    slotInBasket: false,
  })),
} as unknown as PlanView;

const ticket = fc.record({
  id: fc.nat(),
  eventId: fc.integer({ min: 1, max: 400 }),
  eventPlanSlotId: fc.option(fc.constantFrom(...slotIds, 99), { nil: null }),
});

describe('withBasketSelection', () => {
  test("each slot selects the event of its first ticket in this plan's basket, nothing otherwise", () => {
    fc.assert(
      fc.property(fc.constantFrom(7, 8, null), fc.array(ticket, { maxLength: 8 }), (planId, tickets) => {
        const basket = { eventPlanId: planId, tickets } as unknown as Basket;
        const view = withBasketSelection(plan, basket);
        for (const slot of view.slots) {
          const held = planId === 7 ? tickets.filter((t) => t.eventPlanSlotId === slot.id) : [];
          expect(slot.slotInBasket).toBe(held.length > 0);
          expect(slot.selectedEvent).toBe(held[0]?.eventId ?? null);
        }
        expect(view.slots.map((s) => s.eventIds)).toEqual(plan.slots.map((s) => s.eventIds));
      }),
    );
  });

  test('no basket selects nothing', () => {
    expect(
      withBasketSelection(plan, null).slots.every((s) => !s.slotInBasket && s.selectedEvent === null),
    ).toBe(true);
  });
});
