import { Clock, Effect } from 'effect';
import { addGeneralAdmission } from '../basket/add-general-admission.ts';
import { addSeats, type SeatChoice } from '../basket/add-seats.ts';
import { answerBasket, type Caller } from '../basket/basket-answer.ts';
import { isLive, type Basket } from '../basket/basket.ts';
import { Baskets } from '../basket/ports.ts';
import { removeItems } from '../basket/remove-items.ts';
import { NotFound } from '../shared/errors.ts';
import { PlanBasketRefused } from './errors.ts';
import { planAddProblem, type PlanBasketTicket } from './plan-basket-rules.ts';
import { planSaleClosed } from './plan-sale-window.ts';
import { PlanSales, PlanStore, type PlanRecord, type PlanSlotRecord } from './ports.ts';

// A buyer adds seats (or GA places) of one performance to their plan basket for one plan
// slot. The plan's rules (plan-basket-rules.ts) are judged first; the hold is the ordinary one
// (core/basket/add-seats.ts, add-general-admission.ts: all or nothing, 409 TakenSeats), then the
// new tickets are tagged with their slot and the basket with the plan. The hold and the tag are
// two steps: the rules are judged again on the basket as it is after the hold (another call may
// have added meanwhile) and, if broken now, what this call held is released before refusing.

export interface AddPlanItems {
  readonly caller: Caller;
  readonly holdSeconds: number;
  readonly planId: number;
  readonly slotId: number;
  readonly eventId: number;
  readonly seatQty: number;
  readonly salesChannel: string;
  readonly promoCode?: string | null;
  /** Seated: the seats chosen. */
  readonly seats?: readonly SeatChoice[];
  /** General admission: quantity per price key. */
  readonly ticketRequest?: Readonly<Record<string, number>>;
  /** The GA section, when two share a price level. */
  readonly sectionKey?: string | null;
  /**
   * Tickets of the plan basket this addition replaces (reserve-plan-best-available.ts): every rule
   * judges the basket as if they were gone; the caller releases them once the new ones are held.
   */
  readonly replacing?: readonly number[];
}

export const planTickets = (basket: Pick<Basket, 'tickets'>): PlanBasketTicket[] =>
  basket.tickets.map((t) => ({
    eventId: t.eventId,
    slotId: t.eventPlanSlotId ?? null,
    quantity: t.quantity,
  }));

/** The plan and the slot, or 404. */
export const planAndSlot = (planId: number, slotId: number) =>
  Effect.gen(function* () {
    const store = yield* PlanStore;
    const plan = yield* store.planById(planId);
    if (!plan) return yield* Effect.fail(new NotFound({ entity: 'EventPlan', id: String(planId) }));
    const slots = yield* store.slots(plan.id);
    const slot = slots.find((s) => s.id === slotId);
    if (!slot) return yield* Effect.fail(new NotFound({ entity: 'EventPlanSlot', id: String(slotId) }));
    return { plan, slots, slot };
  });

/** Whether the caller sells on a staff channel (the plan's on-sale date does not bind it). */
export const onStaffChannel = (caller: Caller, eventId: number, salesChannel: string) =>
  Effect.gen(function* () {
    if (!caller.staff) return false;
    const sale = yield* (yield* Baskets).saleContext(eventId);
    const wanted = salesChannel.trim().toLowerCase();
    return sale.salesChannels.some((c) => c.isAdmin && c.code.toLowerCase() === wanted);
  });

/** The plan's own sale window (plan-sale-window.ts), or PlanBasketRefused. */
export const requirePlanOnSale = (plan: PlanRecord, caller: Caller, eventId: number, salesChannel: string) =>
  Effect.gen(function* () {
    const now = new Date(yield* Clock.currentTimeMillis);
    const closed = planSaleClosed(plan, now, yield* onStaffChannel(caller, eventId, salesChannel));
    if (closed) return yield* Effect.fail(new PlanBasketRefused({ problem: closed }));
  });

const judge = (
  plan: PlanRecord,
  slot: PlanSlotRecord,
  basket: Pick<Basket, 'tickets' | 'eventPlanId'> | null,
  cmd: AddPlanItems,
  adding: number,
) =>
  planAddProblem({
    planId: plan.id,
    basketPlanId: basket?.eventPlanId ?? null,
    tickets: basket
      ? planTickets({ tickets: basket.tickets.filter((t) => !(cmd.replacing ?? []).includes(t.id)) })
      : [],
    limits: plan,
    slot: { id: slot.id, name: slot.name, eventIds: slot.events.map((e) => e.id) },
    eventId: cmd.eventId,
    seatQty: cmd.seatQty,
    adding,
  });

export const addPlanItems = (cmd: AddPlanItems) =>
  Effect.gen(function* () {
    const { plan, slot } = yield* planAndSlot(cmd.planId, cmd.slotId);
    if (slot.events.some((e) => e.id === cmd.eventId))
      yield* requirePlanOnSale(plan, cmd.caller, cmd.eventId, cmd.salesChannel);
    const baskets = yield* Baskets;
    const found = cmd.caller.basketId === null ? null : yield* baskets.find(cmd.caller.basketId);
    const before = found && isLive(found) ? found : null;
    const adding = cmd.seats
      ? cmd.seats.length
      : Object.values(cmd.ticketRequest ?? {}).reduce((sum, q) => sum + q, 0);
    const problem = judge(plan, slot, before, cmd, adding);
    if (problem) return yield* Effect.fail(new PlanBasketRefused({ problem }));

    const common = {
      caller: cmd.caller,
      holdSeconds: cmd.holdSeconds,
      eventId: cmd.eventId,
      salesChannel: cmd.salesChannel,
      promoCode: cmd.promoCode,
      planBasket: true,
      replacing: cmd.replacing ?? [],
    };
    const held = cmd.seats
      ? yield* addSeats({ ...common, seats: cmd.seats })
      : yield* addGeneralAdmission({
          ...common,
          ticketRequest: cmd.ticketRequest ?? {},
          sectionKey: cmd.sectionKey,
        });

    const oldIds = new Set(before?.id === held.basketId ? before.tickets.map((t) => t.id) : []);
    const now = (yield* baskets.find(held.basketId))!;
    // This call's tickets: new since `before`, of the event, untagged and (seated) the seats asked.
    const keys = cmd.seats ? new Set(cmd.seats.map((s) => s.key)) : null;
    const newIds = now.tickets
      .filter((t) => !oldIds.has(t.id) && t.eventId === cmd.eventId && t.eventPlanSlotId == null)
      .filter((t) => keys === null || keys.has(t.key))
      .map((t) => t.id);
    const others = { ...now, tickets: now.tickets.filter((t) => !newIds.includes(t.id)) };
    const late = judge(plan, slot, others, cmd, adding);
    if (late) {
      if (newIds.length > 0) yield* removeItems({ basketId: held.basketId, itemIds: newIds });
      return yield* Effect.fail(new PlanBasketRefused({ problem: late }));
    }
    yield* (yield* PlanSales).tagPlanItems({
      basketId: held.basketId,
      plan,
      slotId: slot.id,
      itemIds: newIds,
    });
    const tagged = (yield* baskets.find(held.basketId))!;
    return {
      basket: yield* answerBasket(tagged),
      basketId: held.basketId,
      created: held.created,
      itemIds: newIds,
    };
  });
