import { Clock, Effect } from 'effect';
import { offeredPriceTypeIds, priceTicket } from '../basket/pricing/item-pricing.ts';
import { Baskets } from '../basket/ports.ts';
import { searchBestAvailable } from '../inventory/best-available/search.ts';
import { PlanBasketRefused } from './errors.ts';
import { shortMessage } from './plan-basket-rules.ts';
import { planAndSlot } from './add-plan-items.ts';
import { planBestAvailable, type PlanSlotRef } from './best-available.ts';
import { PlanStore, type PlanSlotRecord } from './ports.ts';
import { NotFound } from '../shared/errors.ts';

// The plan's best-available search for a buyer: the single-event best-available search
// (core/inventory/best-available/search.ts) run for each slot's performance through
// planBestAvailable (best-available.ts): the party sits in every slot, or the answer names the
// first slot that cannot seat it and proposes nothing. Nothing is held.

export interface PlanSearch {
  readonly planId: number;
  readonly quantity: number;
  /** Read each performance's seats now, not from the shared snapshot (a retry after a lost race). */
  readonly fresh?: boolean;
  /** The performance per slot; absent: every slot at its first on-sale Active performance with places. */
  readonly events?: readonly { readonly eventPlanSlotId: number; readonly eventId: number }[];
  readonly salesChannel: string;
  readonly staff: boolean;
}

export interface PlanSeatView {
  readonly Key: string;
  readonly Section: string;
  readonly Row: string;
  readonly Number: string;
  readonly PriceLevelID: number;
  readonly Price: number;
  /** A general-admission place (Key is the section's key): held by quantity, not by seat. */
  readonly GA: boolean;
}

export interface PlanBestAvailableView {
  readonly Found: boolean;
  readonly Quantity: number;
  readonly Slots: {
    readonly EventPlanSlotID: number;
    readonly EventID: number;
    readonly Found: number;
    readonly Seats: PlanSeatView[];
  }[];
  readonly ShortSlotID: number | null;
  readonly Message: string | null;
}

/** Each slot's first performance on sale now, Active, with places left; null: it has none. */
const defaultEvent = (slot: PlanSlotRecord, now: Date): number | null =>
  slot.events.find((e) => e.status === 'Active' && e.onSaleAt <= now && e.startsAt > now && e.places.open > 0)
    ?.id ?? null;

/** The slots to search with their performance, each checked to belong to the plan. */
const slotRefs = (search: PlanSearch) =>
  Effect.gen(function* () {
    const store = yield* PlanStore;
    const plan = yield* store.planById(search.planId);
    if (!plan) return yield* Effect.fail(new NotFound({ entity: 'EventPlan', id: String(search.planId) }));
    const slots = yield* store.slots(plan.id);
    if (search.events) {
      const refs: PlanSlotRef[] = [];
      for (const ask of search.events) {
        const { slot } = yield* planAndSlot(plan.id, ask.eventPlanSlotId);
        if (!slot.events.some((e) => e.id === ask.eventId))
          return yield* Effect.fail(new PlanBasketRefused({ problem: { rule: 'NotInSlot' } }));
        refs.push({ slotId: slot.id, eventId: ask.eventId });
      }
      return { slots, refs };
    }
    const now = new Date(yield* Clock.currentTimeMillis);
    // A slot with nothing to offer is searched on no event: it finds nothing and is named short.
    const refs = slots.map((slot) => ({ slotId: slot.id, eventId: defaultEvent(slot, now) ?? 0 }));
    return { slots, refs };
  });

/** One slot's proposal: seats (or GA places) with the price each would cost at its default type. */
const findInSlot = (search: PlanSearch) => (slot: PlanSlotRef, partySize: number) =>
  Effect.gen(function* () {
    if (slot.eventId === 0) return [] as PlanSeatView[];
    const view = yield* searchBestAvailable({
      eventId: slot.eventId,
      quantity: partySize,
      salesChannel: search.salesChannel,
      ...(search.fresh ? { maxAgeMs: 0 } : {}),
    });
    if (!view.Found) return [] as PlanSeatView[];
    const sale = yield* (yield* Baskets).saleContext(slot.eventId);
    const audience = search.staff ? 'Staff' : 'Consumer';
    const priceOf = (priceLevelId: number) => {
      const type = offeredPriceTypeIds(sale.pricing, audience, priceLevelId)[0];
      if (type === undefined) return 0;
      const price = priceTicket(sale.pricing, audience, {
        priceLevelId,
        priceTypeId: type,
        promotion: null,
        packageId: null,
      });
      return 'price' in price ? price.price : 0;
    };
    if (view.GASection)
      return Array.from({ length: Math.min(view.GASection.Quantity, partySize) }, () => ({
        Key: view.GASection!.Key,
        Section: view.GASection!.Key,
        Row: '',
        Number: '',
        PriceLevelID: view.GASection!.PriceLevelID,
        Price: priceOf(view.GASection!.PriceLevelID),
        GA: true,
      }));
    return view.Seats.map((seat) => ({
      Key: seat.Key,
      Section: seat.Section,
      Row: seat.Row,
      Number: seat.Seat,
      PriceLevelID: seat.PriceLevelID,
      Price: priceOf(seat.PriceLevelID),
      GA: false,
    }));
  });

export const searchPlanBestAvailable = (search: PlanSearch) =>
  Effect.gen(function* () {
    const { slots, refs } = yield* slotRefs(search);
    const found = new Map<number, number>();
    const find = findInSlot(search);
    const result = yield* planBestAvailable(refs, search.quantity, (slot, partySize) =>
      find(slot, partySize).pipe(
        Effect.tap((seats) => Effect.sync(() => found.set(slot.slotId, seats.length))),
      ),
    );
    const searched = refs.filter((r) => found.has(r.slotId));
    if (!result.ok) {
      const name = slots.find((s) => s.id === result.slotId)?.name ?? `slot ${result.slotId}`;
      return {
        Found: false,
        Quantity: search.quantity,
        Slots: searched.map((r) => ({
          EventPlanSlotID: r.slotId,
          EventID: r.eventId,
          Found: found.get(r.slotId)!,
          Seats: [],
        })),
        ShortSlotID: result.slotId,
        Message: shortMessage(name),
      } satisfies PlanBestAvailableView;
    }
    return {
      Found: true,
      Quantity: search.quantity,
      Slots: result.picks.map((pick) => ({
        EventPlanSlotID: pick.slotId,
        EventID: refs.find((r) => r.slotId === pick.slotId)!.eventId,
        Found: pick.seats.length,
        Seats: [...pick.seats],
      })),
      ShortSlotID: null,
      Message: null,
    } satisfies PlanBestAvailableView;
  });
