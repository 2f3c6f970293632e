import { describe, expect, it } from 'vitest';
import type { PlanBasketView } from '../../../../adapters/http/contract/plan-basket.ts';
import type { PlanCalendar } from '../../../../adapters/http/contract/plans.ts';
import { nextStop, planChoiceOf, planModeOf, planSeatLimit } from './plan-mode.ts';

const calendar = (planType: 'subscription' | 'paired'): PlanCalendar =>
  ({
    Plan: {
      planCode: 'PASS',
      planType,
      slots: [
        { id: 5, position: 1, eventIds: [50] },
        { id: 6, position: 2, eventIds: [60] },
      ],
    },
    Events: [
      {
        EventID: 50,
        EventPlanSlotID: 5,
        Status: 'Active',
        IsOnSale: true,
        Availability: 'High',
        SeatSelectionPath: '/tickets/series/W/50',
      },
      {
        EventID: 60,
        EventPlanSlotID: 6,
        Status: 'Active',
        IsOnSale: true,
        Availability: 'High',
        SeatSelectionPath: '/tickets/series/W/60',
      },
    ],
  }) as unknown as PlanCalendar;

const held = (...slots: number[]): PlanBasketView =>
  ({
    Slots: [5, 6].map((id) => ({ EventPlanSlotID: id, Quantity: slots.includes(id) ? 2 : 0 })),
  }) as unknown as PlanBasketView;

describe('the seat map in plan mode', () => {
  it('is on only with a plan code, and reads slot, quantity and the paired flag', () => {
    expect(planModeOf({})).toBeNull();
    expect(planModeOf({ planCode: 'PASS', slotId: 6, seatQty: '2', isPaired: true })).toEqual({
      planCode: 'PASS',
      slotId: 6,
      seatQty: 2,
      paired: true,
    });
    expect(planModeOf({ planCode: 'PASS', seatQty: 'lots', isPaired: 'false' })).toEqual({
      planCode: 'PASS',
      slotId: null,
      seatQty: null,
      paired: false,
    });
  });

  it("holds at most the plan's quantity, never beyond the map's own limit", () => {
    const mode = planModeOf({ planCode: 'P', seatQty: 3 });
    expect([planSeatLimit(mode, 12), planSeatLimit(mode, 2), planSeatLimit(null, 12)]).toEqual([3, 2, 12]);
  });

  it("goes on to a paired plan's next empty part, then back to the plan", () => {
    const mode = planModeOf({ planCode: 'PASS', slotId: 5, seatQty: 2, isPaired: 'true' })!;
    expect(nextStop(calendar('paired'), mode, 5, held(5))).toBe(
      '/tickets/series/W/60?planCode=PASS&isPaired=true&slotId=6&seatQty=2',
    );
    expect(nextStop(calendar('paired'), mode, 6, held(5, 6))).toBe('/tickets/pairedplans/PASS?seatQty=2');
    const season = planModeOf({ planCode: 'PASS', slotId: 5 })!;
    expect(nextStop(calendar('subscription'), season, 5, held(5))).toBe('/tickets/plans/PASS');
  });

  it('sends seats as basket items, else GA quantities summed per price key', () => {
    const seat = { key: 'A-1-1', priceLevelId: 1, priceTypeId: 2, alertAcknowledged: false, packageId: null };
    expect(planChoiceOf(9, [seat], [], '').basketItems).toEqual([
      { Key: 'A-1-1', PriceTypeID: 2, packageId: null, SeatAlertAcknowledgement: false },
    ]);
    const ga = [
      { sectionKey: 'GA1', priceLevelId: 3, priceTypeId: 4, quantity: 1 },
      { sectionKey: 'GA2', priceLevelId: 3, priceTypeId: 4, quantity: 1 },
      { sectionKey: 'GA1', priceLevelId: 5, priceTypeId: 4, quantity: 0 },
    ];
    expect(planChoiceOf(9, [], ga, 'SAVE')).toEqual({
      eventId: 9,
      promoCode: 'SAVE',
      ticketRequest: { '3-4': 2 },
    });
  });
});
