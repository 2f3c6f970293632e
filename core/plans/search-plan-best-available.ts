import { Clock, Effect } from 'effect';
import { offeredPriceTypeIds, priceTicket } from '../basket/pricing/item-pricing.ts';
import { Baskets } from '../basket/ports.ts';
import {
  loadSearchInventory,
  prepareSearch,
  searchBestAvailable,
} from '../inventory/best-available/search.ts';
import { bestAvailableView, type BestAvailableView } from '../inventory/best-available/view.ts';
import { pairedBestAvailable } from './paired/paired-best-available.ts';
import { sellingNow } from './paired/paired-parts.ts';
import { PlanBasketRefused } from './errors.ts';
import { shortMessage } from './plan-basket-rules.ts';
import { planAndSlot } from './add-plan-items.ts';
import { planBestAvailable, type PlanSlotRef } from './best-available.ts';
import { PlanStore } from './ports.ts';
import { NotFound } from '../shared/errors.ts';

// The plan's best-available search for a buyer: the single-event best-available search
// (core/inventory/best-available/search.ts) run for each slot's performance through
// planBestAvailable (best-available.ts): the party sits in every slot, or the answer names the
// first slot that cannot seat it and proposes nothing. A paired plan's parts are searched at
// once (paired/paired-best-available.ts): the same seats, free in every part. Nothing is held.

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
  /** The section's code. */
  readonly Section: string;
  /** The section's name, as the basket names it. */
  readonly SectionName: string;
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
      return { plan, slots, refs };
    }
    const now = new Date(yield* Clock.currentTimeMillis);
    // A slot with nothing to offer is searched on no event: it finds nothing and is named short.
    const refs = slots.map((slot) => ({ slotId: slot.id, eventId: sellingNow(slot, now) ?? 0 }));
    return { plan, slots, refs };
  });

/** A search's answer as the plan proposes it: each seat (or GA place) with its default price. */
const proposalOf = (search: PlanSearch, view: BestAvailableView, partySize: number) =>
  Effect.gen(function* () {
    if (!view.Found) return [] as PlanSeatView[];
    const sale = yield* (yield* Baskets).saleContext(view.EventID);
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
    const ga = view.GASection;
    if (ga)
      return Array.from({ length: Math.min(ga.Quantity, partySize) }, () => ({
        Key: ga.Key,
        Section: ga.Key,
        SectionName: ga.Name,
        Row: '',
        Number: '',
        PriceLevelID: ga.PriceLevelID,
        Price: priceOf(ga.PriceLevelID),
        GA: true,
      }));
    return view.Seats.map((seat) => ({
      Key: seat.Key,
      Section: seat.Section,
      SectionName: seat.SectionName,
      Row: seat.Row,
      Number: seat.Seat,
      PriceLevelID: seat.PriceLevelID,
      Price: priceOf(seat.PriceLevelID),
      GA: false,
    }));
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
    return yield* proposalOf(search, view, partySize);
  });

/**
 * A paired plan's proposal: every part searched at once for the same seats; each part's pick,
 * or nothing for any part (then the first part is named short).
 */
const pairedFind = (search: PlanSearch, refs: readonly PlanSlotRef[]) =>
  Effect.gen(function* () {
    const picks = new Map<number, PlanSeatView[]>(refs.map((r) => [r.slotId, []]));
    if (refs.length === 0 || refs.some((r) => r.eventId === 0)) return picks;
    const prepared = yield* prepareSearch({
      eventId: refs[0]!.eventId,
      quantity: search.quantity,
      salesChannel: search.salesChannel,
    });
    const parts = [];
    for (const ref of refs)
      parts.push(yield* loadSearchInventory(ref.eventId, false, search.fresh ? 0 : undefined));
    const answers = pairedBestAvailable(parts, prepared.request);
    for (const [i, ref] of refs.entries()) {
      const view = bestAvailableView(ref.eventId, search.quantity, answers[i]!, false);
      picks.set(ref.slotId, yield* proposalOf(search, view, search.quantity));
    }
    return picks;
  });

export const searchPlanBestAvailable = (search: PlanSearch) =>
  Effect.gen(function* () {
    const { plan, slots, refs } = yield* slotRefs(search);
    const found = new Map<number, number>();
    const paired = plan.planType === 'paired' ? yield* pairedFind(search, refs) : null;
    const find = paired
      ? (slot: PlanSlotRef) => Effect.succeed(paired.get(slot.slotId) ?? [])
      : findInSlot(search);
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
