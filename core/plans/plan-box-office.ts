import { Effect } from 'effect';
import { localDateTime } from '../catalogue/local-time.ts';
import { NotFound } from '../shared/errors.ts';
import { PlanSales, PlanStore } from './ports.ts';
import { quantityRange } from './seat-quantity.ts';

// The box office's view of a plan: each slot's
// performances with what is sold, held in baskets now and still open (adapters/postgres/plans/plan-sales.ts).

export const planBoxOffice = (planId: number) =>
  Effect.gen(function* () {
    const store = yield* PlanStore;
    const plan = yield* store.planById(planId);
    if (!plan) return yield* Effect.fail(new NotFound({ entity: 'EventPlan', id: String(planId) }));
    const slots = yield* store.slots(plan.id);
    const figures = yield* (yield* PlanSales).eventFigures([
      ...new Set(slots.flatMap((s) => s.events.map((e) => e.id))),
    ]);
    const { min, max } = quantityRange(plan);
    return {
      EventPlanID: plan.id,
      PlanCode: plan.code,
      DisplayName: plan.displayName,
      PlanType: plan.planType,
      MinQuantity: min,
      MaxQuantity: max,
      Slots: slots.map((slot) => ({
        EventPlanSlotID: slot.id,
        Name: slot.name,
        Required: slot.required,
        Events: slot.events.map((e) => {
          const f = figures.get(e.id) ?? { capacity: 0, sold: 0, held: 0, available: 0 };
          return {
            EventID: e.id,
            Name: e.name,
            LocalStartDate: localDateTime(e.startsAt, e.timeZone).slice(0, 16),
            Capacity: f.capacity,
            Sold: f.sold,
            Held: f.held,
            // A cancelled performance sells nothing, whatever its seats say.
            Available: e.status === 'Cancelled' ? 0 : f.available,
            Status: e.status,
          };
        }),
      })),
    };
  });
