import { Effect } from 'effect';
import { availabilityOf, type Availability } from '../catalogue/availability.ts';
import { currentTime } from '../catalogue/current-time.ts';
import { localDateTime } from '../catalogue/local-time.ts';
import { monthOf, monthRange, parseRequestedTime } from '../catalogue/month-range.ts';
import { selectSeatsUrl } from '../catalogue/storefront-urls.ts';
import { InvalidRequest, NotFound } from '../shared/errors.ts';
import { PlanStore, type PlanEventRecord, type PlanRecord, type PlanSlotRecord } from './ports.ts';
import { quantityRange } from './seat-quantity.ts';

// The plan screens' reads: a plan with its slots, the performances each slot may use and what
// is left of them, and the plans with performances in a month. Field names of the plan itself
// follow its storefront shape (camelCase); the inventory reads are PascalCase like the event
// inventory calls.

export interface PlanTemplateView {
  readonly id: number;
  readonly code: string;
  readonly displayName: string;
  readonly description: string | null;
}

export interface PlanSlotView {
  readonly id: number;
  readonly position: number;
  readonly name: string;
  readonly required: boolean;
  readonly specialLinkedEvent: boolean;
  readonly eventTemplateIds: number[];
  readonly eventIds: number[];
  /** The performance the caller's plan basket holds for the slot (plan-details-for-basket.ts), else null. */
  readonly selectedEvent: number | null;
  readonly slotInBasket: boolean;
}

export interface PlanView {
  readonly id: number;
  readonly planCode: string;
  readonly name: string;
  readonly displayName: string;
  readonly description: string | null;
  readonly planType: PlanRecord['planType'];
  /** The limits in force (core/plans/seat-quantity.ts): no minimum is 1, no maximum the order limit. */
  readonly minQuantity: number;
  readonly maxQuantity: number;
  readonly defaultSeatQty: number | null;
  readonly requireSameSeatQty: boolean;
  readonly minSlotsForPurchase: number;
  readonly maxSlotsForPurchase: number;
  readonly specialLinkedEventSetup: boolean;
  readonly onSaleDate: string | null;
  readonly offSaleDate: string | null;
  readonly isOnSale: boolean;
  readonly bannerUrl: string | null;
  readonly largeLogoBannerUrl: string | null;
  readonly posterUrl: string | null;
  readonly slots: PlanSlotView[];
  readonly templates: PlanTemplateView[];
}

export interface PlanEventView {
  readonly EventID: number;
  readonly EventPlanSlotID: number;
  readonly Name: string;
  readonly SeriesCode: string;
  readonly StartDate: string;
  /** Venue time, 'YYYY-MM-DDTHH:mm'. */
  readonly LocalStartDate: string;
  readonly Status: PlanEventRecord['status'];
  readonly Availability: Availability;
  readonly AvailableCount: number;
  readonly Capacity: number;
  readonly IsOnSale: boolean;
  /** The performance's seat map (or best available for a heavy on-sale). */
  readonly SeatSelectionPath: string;
}

export interface PlanSlotInventoryView {
  readonly EventPlanSlotID: number;
  readonly Position: number;
  readonly Name: string;
  readonly Required: boolean;
  readonly SpecialLinkedEvent: boolean;
  readonly Events: PlanEventView[];
}

export interface PlanInventoryView {
  readonly EventPlanID: number;
  readonly PlanCode: string;
  readonly Slots: PlanSlotInventoryView[];
}

export interface PlanMonthView {
  readonly EventPlanID: number;
  readonly PlanCode: string;
  readonly DisplayName: string;
  readonly PlanType: PlanRecord['planType'];
  readonly Events: PlanEventView[];
}

export interface PlansByMonthView {
  readonly Year: number;
  readonly Month: number;
  readonly Plans: PlanMonthView[];
}

export interface PlanCalendarView {
  readonly Plan: PlanView;
  /** Every performance of every slot, in start order (a performance in two slots appears twice). */
  readonly Events: PlanEventView[];
}

const isOnSaleAt = (plan: PlanRecord, now: Date): boolean =>
  (plan.onSaleAt === null || plan.onSaleAt <= now) && (plan.offSaleAt === null || now < plan.offSaleAt);

const describePlan = (plan: PlanRecord, slots: readonly PlanSlotRecord[], now: Date): PlanView => {
  const { min, max } = quantityRange(plan);
  const templates = new Map<number, PlanTemplateView>();
  for (const slot of slots)
    for (const e of slot.events)
      templates.set(e.seriesId, {
        id: e.seriesId,
        code: e.seriesCode,
        displayName: e.seriesName,
        description: e.seriesDescription,
      });
  return {
    id: plan.id,
    planCode: plan.code,
    name: plan.name,
    displayName: plan.displayName,
    description: plan.description,
    planType: plan.planType,
    minQuantity: min,
    maxQuantity: max,
    defaultSeatQty: plan.defaultSeatQty,
    requireSameSeatQty: plan.requireSameSeatQty,
    minSlotsForPurchase: Math.max(1, plan.minSlotsForPurchase ?? 1),
    maxSlotsForPurchase: Math.min(slots.length, plan.maxSlotsForPurchase ?? slots.length),
    specialLinkedEventSetup: plan.specialLinkedEventSetup,
    onSaleDate: plan.onSaleAt?.toISOString() ?? null,
    offSaleDate: plan.offSaleAt?.toISOString() ?? null,
    isOnSale: isOnSaleAt(plan, now),
    bannerUrl: plan.imageUrl,
    largeLogoBannerUrl: plan.imageUrl,
    posterUrl: plan.imageUrl,
    slots: slots.map((s) => ({
      id: s.id,
      position: s.position,
      name: s.name,
      required: s.required,
      specialLinkedEvent: s.specialLinkedEvent,
      eventTemplateIds: [...new Set(s.events.map((e) => e.seriesId))],
      eventIds: s.events.map((e) => e.id),
      selectedEvent: null,
      slotInBasket: false,
    })),
    templates: [...templates.values()],
  };
};

const describeEvent = (slotId: number, e: PlanEventRecord, plan: PlanRecord, now: Date): PlanEventView => ({
  EventID: e.id,
  EventPlanSlotID: slotId,
  Name: e.name,
  SeriesCode: e.seriesCode,
  StartDate: e.startsAt.toISOString(),
  LocalStartDate: localDateTime(e.startsAt, e.timeZone),
  Status: e.status,
  Availability: e.status === 'Cancelled' ? 'SoldOut' : availabilityOf(e.places),
  AvailableCount: e.status === 'Cancelled' ? 0 : Math.max(0, e.places.open),
  Capacity: e.places.total,
  IsOnSale: e.status === 'Active' && e.onSaleAt <= now && e.startsAt > now && isOnSaleAt(plan, now),
  SeatSelectionPath: selectSeatsUrl(e.seriesCode, e.id, e.useHeavyOnSale),
});

const byStart = (a: PlanEventView, b: PlanEventView) =>
  a.StartDate.localeCompare(b.StartDate) || a.EventPlanSlotID - b.EventPlanSlotID;

const planNotFound = (id: string) => new NotFound({ entity: 'EventPlan', id });

/** The storefront's plan page: the plan, its slots and the series their performances belong to. */
export const planDetails = (id: number): Effect.Effect<PlanView, NotFound, PlanStore> =>
  Effect.gen(function* () {
    const store = yield* PlanStore;
    const plan = yield* store.planById(id);
    if (!plan) return yield* planNotFound(String(id));
    const slots = yield* store.slots(plan.id);
    return describePlan(plan, slots, yield* currentTime);
  });

/** The storefront's plan calendar: the plan and all its performances. */
export const planCalendar = (code: string): Effect.Effect<PlanCalendarView, NotFound, PlanStore> =>
  Effect.gen(function* () {
    const store = yield* PlanStore;
    const plan = yield* store.planByCode(code);
    if (!plan) return yield* planNotFound(code);
    const slots = yield* store.slots(plan.id);
    const now = yield* currentTime;
    return {
      Plan: describePlan(plan, slots, now),
      Events: slots.flatMap((s) => s.events.map((e) => describeEvent(s.id, e, plan, now))).sort(byStart),
    };
  });

/** The plan's availability for buyers: each slot's performances and what is left of them. */
export const planInventory = (id: number): Effect.Effect<PlanInventoryView, NotFound, PlanStore> =>
  Effect.gen(function* () {
    const store = yield* PlanStore;
    const plan = yield* store.planById(id);
    if (!plan) return yield* planNotFound(String(id));
    const slots = yield* store.slots(plan.id);
    const now = yield* currentTime;
    return {
      EventPlanID: plan.id,
      PlanCode: plan.code,
      Slots: slots.map((s) => ({
        EventPlanSlotID: s.id,
        Position: s.position,
        Name: s.name,
        Required: s.required,
        SpecialLinkedEvent: s.specialLinkedEvent,
        Events: s.events.map((e) => describeEvent(s.id, e, plan, now)),
      })),
    };
  });

/**
 * The storefront's plan calendar by month: the plans (or the one plan of planCode) with
 * performances whose local start falls in the month of the requested time, each read in its
 * plan's time zone; plans without one that month are left out.
 */
export const plansByMonth = (query: {
  readonly requestedTime: string;
  readonly planCode?: string | undefined;
}): Effect.Effect<PlansByMonthView, NotFound | InvalidRequest, PlanStore> =>
  Effect.gen(function* () {
    const requested = parseRequestedTime(query.requestedTime);
    if (!requested)
      return yield* new InvalidRequest({
        field: 'requestedTime',
        reason: 'must be a date: MM-DD-YYYY, YYYY-MM-DD or an ISO 8601 time',
      });
    const store = yield* PlanStore;
    let plans: readonly PlanRecord[];
    if (query.planCode === undefined) plans = yield* store.plans();
    else {
      const plan = yield* store.planByCode(query.planCode);
      if (!plan) return yield* planNotFound(query.planCode);
      plans = [plan];
    }
    const now = yield* currentTime;
    const month = monthOf(requested, plans[0]?.timeZone ?? 'UTC');
    const answer: PlanMonthView[] = [];
    for (const plan of plans) {
      const { start, end } = monthRange(monthOf(requested, plan.timeZone), plan.timeZone);
      const slots = yield* store.slots(plan.id);
      const events = slots
        .flatMap((s) =>
          s.events
            .filter((e) => e.startsAt >= start && e.startsAt < end)
            .map((e) => describeEvent(s.id, e, plan, now)),
        )
        .sort(byStart);
      if (events.length > 0 || query.planCode !== undefined)
        answer.push({
          EventPlanID: plan.id,
          PlanCode: plan.code,
          DisplayName: plan.displayName,
          PlanType: plan.planType,
          Events: events,
        });
    }
    return { Year: month.year, Month: month.month, Plans: answer };
  });

/** Whether an event is sold in some plan's slot (the plan pricing calls answer 404 otherwise). */
export const requirePlanEvent = (eventId: number): Effect.Effect<void, NotFound, PlanStore> =>
  Effect.gen(function* () {
    const store = yield* PlanStore;
    if (!(yield* store.isPlanEvent(eventId)))
      return yield* new NotFound({ entity: 'EventPlanEvent', id: String(eventId) });
  });
