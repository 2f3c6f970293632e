import type { PlanBasketView } from '../../../../adapters/http/contract/plan-basket.ts';
import type { PlanEvent, PlanInventory } from '../../../../adapters/http/contract/plans.ts';
import { seatLines } from '../best-available/seat-lines.ts';

// What the plan screen shows of the plan basket (adapters/http/contract/plan-basket.ts) and
// which performance each slot buys. Pure: the screen passes the server's answers in.

type Slot = PlanInventory['Slots'][number];
export type HeldSlot = PlanBasketView['Slots'][number];

/** The plan basket when it is this plan's; else nothing is held for this plan. */
export const heldSlotsOf = (view: PlanBasketView | null, planId: number): ReadonlyMap<number, HeldSlot> =>
  new Map(
    view !== null && view.EventPlanID === planId
      ? view.Slots.filter((s) => s.Quantity > 0).map((s) => [s.EventPlanSlotID, s] as const)
      : [],
  );

/** Seats held for the plan in all its slots. */
export const seatsHeld = (held: ReadonlyMap<number, HeldSlot>): number =>
  [...held.values()].reduce((sum, s) => sum + s.Quantity, 0);

/** A performance that can be bought now. */
export const isBuyable = (event: PlanEvent): boolean =>
  event.Status === 'Active' && event.IsOnSale && event.Availability !== 'SoldOut';

/**
 * The performance each slot buys: the one held for it, else the buyer's pick, else (for a
 * required slot) its first buyable performance. An optional slot left unpicked buys nothing
 * (null). `picks` maps a slot to the buyer's choice, null meaning "not this show".
 */
export const chosenPerformances = (
  slots: readonly Slot[],
  held: ReadonlyMap<number, HeldSlot>,
  picks: Readonly<Record<number, number | null>>,
): ReadonlyMap<number, number | null> =>
  new Map(
    slots.map((slot) => {
      const heldEvent = held.get(slot.EventPlanSlotID)?.EventID;
      if (heldEvent !== undefined && heldEvent !== null) return [slot.EventPlanSlotID, heldEvent] as const;
      const pick = picks[slot.EventPlanSlotID];
      if (pick !== undefined) return [slot.EventPlanSlotID, pick] as const;
      const first = slot.Required ? slot.Events.find(isBuyable) : undefined;
      return [slot.EventPlanSlotID, first?.EventID ?? null] as const;
    }),
  );

/** The slot/performance pairs a best-available search covers: every slot with a performance chosen. */
export const slotEventPairs = (chosen: ReadonlyMap<number, number | null>) =>
  [...chosen.entries()]
    .filter((entry): entry is [number, number] => entry[1] !== null)
    .map(([slotId, eventId]) => ({ slotId, eventId }));

/** The focused slot first, the others after it in the plan's order. */
export const focusedFirst = <S extends { EventPlanSlotID: number }>(
  slots: readonly S[],
  focusSlotId: number | null,
): S[] => {
  const focused = slots.filter((s) => s.EventPlanSlotID === focusSlotId);
  return [...focused, ...slots.filter((s) => s.EventPlanSlotID !== focusSlotId)];
};

/** A slot id from the URL: whole digits, else none. */
export const slotIdOf = (value: unknown): number | null => {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
};

/**
 * One line of a best-available proposal: the seats of one row ("12–13", "3, 7", how many), or
 * general-admission places of one section. Sections by name, as the basket names them.
 */
export type ProposalLine =
  | {
      readonly kind: 'seat';
      readonly section: string;
      readonly row: string;
      readonly seats: string;
      readonly count: number;
    }
  | { readonly kind: 'ga'; readonly section: string; readonly count: number };

/** A slot's proposed seats as the screen says them: seats row by row, GA places per section. */
export const proposalLines = (
  seats: readonly { Section: string; SectionName: string; Row: string; Number: string; GA: boolean }[],
): ProposalLine[] => {
  const ga: { kind: 'ga'; key: string; section: string; count: number }[] = [];
  for (const s of seats.filter((seat) => seat.GA)) {
    const found = ga.find((l) => l.key === s.Section);
    if (found) found.count++;
    else ga.push({ kind: 'ga', key: s.Section, section: s.SectionName, count: 1 });
  }
  const rows = seatLines(seats.filter((s) => !s.GA).map((s) => ({ ...s, Seat: s.Number })));
  return [
    ...rows.map((line) => ({ kind: 'seat' as const, ...line })),
    ...ga.map(({ section, count }) => ({ kind: 'ga' as const, section, count })),
  ];
};
