import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TicketItem } from '../basket/basket.ts';
import { ticket } from '../basket/test-factories.ts';
import { planCheckoutProblems } from './checkout-rules.ts';
import { planBasketView } from './plan-basket-view.ts';
import type { PlanRecord, PlanSlotRecord } from './ports.ts';

const plan = (over: Partial<PlanRecord>): PlanRecord => ({
  id: 7,
  code: 'SEASON3',
  name: 'Season',
  displayName: 'Season',
  description: null,
  planType: 'subscription',
  minQuantity: 2,
  maxQuantity: 6,
  defaultSeatQty: null,
  minSlotsForPurchase: null,
  maxSlotsForPurchase: null,
  requireSameSeatQty: true,
  specialLinkedEventSetup: false,
  seriesId: null,
  onSaleAt: null,
  offSaleAt: null,
  imageUrl: null,
  timeZone: 'UTC',
  ...over,
});

const slot = (id: number, required: boolean): PlanSlotRecord => ({
  id,
  position: id - 99,
  name: `Slot ${id}`,
  required,
  specialLinkedEvent: false,
  events: [10, 20].map((e) => ({
    id: id * 1000 + e,
    name: `Show ${e}`,
    urlSafeName: 'show',
    seriesId: 1,
    seriesCode: 'S',
    seriesName: 'S',
    seriesDescription: null,
    startsAt: new Date('2027-01-05T19:30:00Z'),
    onSaleAt: new Date('2026-01-01T00:00:00Z'),
    useHeavyOnSale: false,
    status: 'Active' as const,
    timeZone: 'America/New_York',
    places: { open: 10, total: 10 },
  })),
});

const caseArb = fc
  .record({
    required: fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
    minSlots: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
    same: fc.boolean(),
    held: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 4, maxLength: 4 }),
  })
  .map(({ required, minSlots, same, held }) => {
    const slots = required.map((r, i) => slot(100 + i, r));
    let id = 1;
    const tickets: TicketItem[] = slots.flatMap((s, i) =>
      Array.from({ length: held[i]! }, () => ({
        ...ticket({ id: id, eventId: s.events[0]!.id, key: `A-1-${id++}` }),
        eventPlanSlotId: s.id,
      })),
    );
    return { plan: plan({ minSlotsForPurchase: minSlots, requireSameSeatQty: same }), slots, tickets };
  });

describe('the plan basket view', () => {
  it('may check out exactly when the plan rules find no problem; each slot shows its tickets', () => {
    fc.assert(
      fc.property(caseArb, ({ plan, slots, tickets }) => {
        const view = planBasketView(plan, slots, { tickets });
        const quantities = slots.map((s) => tickets.filter((t) => t.eventPlanSlotId === s.id).length);
        const seatQty = quantities.find((q) => q > 0) ?? null;
        expect(view.SeatQty).toBe(seatQty);
        expect(view.Slots.map((s) => s.Quantity)).toEqual(quantities);
        expect(view.Slots.flatMap((s) => s.BasketItemIDs).sort((a, b) => a - b)).toEqual(
          tickets.map((t) => t.id).sort((a, b) => a - b),
        );
        const problems = planCheckoutProblems(
          {
            minSlotsForPurchase: plan.minSlotsForPurchase,
            maxSlotsForPurchase: plan.maxSlotsForPurchase,
            requireSameSeatQty: plan.requireSameSeatQty,
            seatQuantity: seatQty ?? 2,
          },
          slots.map((s, i) => ({ slotId: s.id, required: s.required, quantity: quantities[i]! })),
        );
        expect(view.CheckoutProblems.map((p) => p.Kind)).toEqual(problems.map((p) => p.rule));
        expect(view.CanCheckout).toBe(problems.length === 0);
        for (const s of view.Slots) expect(s.EventID === null).toBe(s.Quantity === 0);
      }),
    );
  });

  it('shows the performance in its venue time, to the minute', () => {
    const s = slot(100, true);
    const view = planBasketView(plan({}), [s], {
      tickets: [{ ...ticket({ id: 1, eventId: s.events[1]!.id }), eventPlanSlotId: 100 }],
    });
    expect(view.Slots[0]).toMatchObject({ EventName: 'Show 20', LocalStartDate: '2027-01-05T14:30' });
  });
});
