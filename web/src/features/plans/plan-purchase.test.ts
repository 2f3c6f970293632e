import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlanBasketView } from '../../../../adapters/http/contract/plan-basket.ts';
import type { PlanEvent, PlanInventory } from '../../../../adapters/http/contract/plans.ts';
import {
  chosenPerformances,
  focusedFirst,
  heldSlotsOf,
  proposalLines,
  seatsHeld,
  slotEventPairs,
  slotIdOf,
} from './plan-purchase.ts';

const event = (id: number, slotId: number, over: Partial<PlanEvent> = {}): PlanEvent => ({
  EventID: id,
  EventPlanSlotID: slotId,
  Name: `Show ${id}`,
  SeriesCode: 'S',
  StartDate: '2027-01-01T19:30:00Z',
  LocalStartDate: '2027-01-01T19:30',
  Status: 'Active',
  Availability: 'High',
  AvailableCount: 100,
  Capacity: 100,
  IsOnSale: true,
  SeatSelectionPath: `/tickets/series/S/${id}`,
  ...over,
});

const slot = (id: number, required: boolean, events: PlanEvent[]): PlanInventory['Slots'][number] => ({
  EventPlanSlotID: id,
  Position: id,
  Name: `Slot ${id}`,
  Required: required,
  SpecialLinkedEvent: false,
  Events: events,
});

const view = (planId: number, held: Record<number, [number, number]>): PlanBasketView => ({
  EventPlanID: planId,
  EventPlanCode: 'P',
  SeatQty: 2,
  Slots: [1, 2, 3].map((id) => ({
    EventPlanSlotID: id,
    Name: `Slot ${id}`,
    Position: id,
    Required: true,
    EventID: held[id]?.[0] ?? null,
    EventName: null,
    LocalStartDate: null,
    Quantity: held[id]?.[1] ?? 0,
    BasketItemIDs: [],
  })),
  CheckoutProblems: [],
  CanCheckout: false,
});

describe('what the plan screen holds and buys', () => {
  it("counts only this plan's held slots", () => {
    const held = heldSlotsOf(view(7, { 1: [10, 2], 3: [30, 2] }), 7);
    expect([...held.keys()]).toEqual([1, 3]);
    expect(seatsHeld(held)).toBe(4);
    expect(heldSlotsOf(view(8, { 1: [10, 2] }), 7).size).toBe(0);
    expect(heldSlotsOf(null, 7).size).toBe(0);
  });

  it('a slot buys its held performance, else the pick, else its first buyable one when required', () => {
    const slots = [
      slot(1, true, [event(10, 1), event(11, 1)]),
      slot(2, true, [
        event(20, 2, { IsOnSale: false }),
        event(21, 2, { Availability: 'SoldOut' }),
        event(22, 2),
      ]),
      slot(3, false, [event(30, 3)]),
    ];
    const held = heldSlotsOf(view(7, { 1: [11, 2] }), 7);
    expect([...chosenPerformances(slots, held, { 1: 10 }).entries()]).toEqual([
      [1, 11],
      [2, 22],
      [3, null],
    ]);
    const picked = chosenPerformances(slots, new Map(), { 3: 30 });
    expect(slotEventPairs(picked)).toEqual([
      { slotId: 1, eventId: 10 },
      { slotId: 2, eventId: 22 },
      { slotId: 3, eventId: 30 },
    ]);
  });

  it('puts the focused slot first and keeps the others in order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(50), { maxLength: 8 }), fc.option(fc.nat(50)), (ids, focus) => {
        const slots = ids.map((EventPlanSlotID) => ({ EventPlanSlotID }));
        const out = focusedFirst(slots, focus);
        expect([...out].sort((a, b) => a.EventPlanSlotID - b.EventPlanSlotID)).toEqual(
          [...slots].sort((a, b) => a.EventPlanSlotID - b.EventPlanSlotID),
        );
        if (focus !== null && ids.includes(focus)) expect(out[0]!.EventPlanSlotID).toBe(focus);
        else expect(out).toEqual(slots);
      }),
    );
  });

  it('reads a slot id from the URL only when it is digits', () => {
    expect([slotIdOf('12'), slotIdOf(12), slotIdOf('x'), slotIdOf(undefined), slotIdOf('')]).toEqual([
      12,
      12,
      null,
      null,
      null,
    ]);
  });
});

describe('proposalLines', () => {
  it('says the seats row by row and counts general-admission places once per section, by name', () => {
    const codes = { A: 'Stalls', B: 'Dress Circle', GA: 'Standing floor', Lawn: 'The lawn' } as const;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            Section: fc.constantFrom<keyof typeof codes>('A', 'B', 'GA', 'Lawn'),
            Row: fc.constantFrom('', 'C'),
            Number: fc.constantFrom('', '12'),
            GA: fc.boolean(),
          }),
          { maxLength: 12 },
        ),
        (drawn) => {
          const seats = drawn.map((s) => ({ ...s, SectionName: codes[s.Section] }));
          const lines = proposalLines(seats);
          const seated = lines.flatMap((l) => (l.kind === 'seat' ? [l] : []));
          expect(seated.reduce((n, l) => n + l.count, 0)).toBe(seats.filter((s) => !s.GA).length);
          const rows = new Set(seats.filter((s) => !s.GA).map((s) => `${s.Section}/${s.Row}`));
          expect(seated).toHaveLength(rows.size);
          const ga = lines.filter((l) => l.kind === 'ga');
          const sections = [...new Set(seats.filter((s) => s.GA).map((s) => s.Section))];
          expect(ga.map((l) => l.section)).toEqual(sections.map((code) => codes[code]));
          for (const line of lines) expect(Object.values(codes)).toContain(line.section);
          for (const line of ga)
            expect(line.count).toBe(seats.filter((s) => s.GA && codes[s.Section] === line.section).length);
        },
      ),
    );
  });

  it('writes one row’s seats as a run, with their count', () => {
    const seat = (n: string) => ({
      Section: 'STALLS',
      SectionName: 'Stalls',
      Row: 'O',
      Number: n,
      GA: false,
    });
    expect(proposalLines([seat('14'), seat('13')])).toEqual([
      { kind: 'seat', section: 'Stalls', row: 'O', seats: '13–14', count: 2 },
    ]);
    expect(proposalLines([seat('3')])).toEqual([
      { kind: 'seat', section: 'Stalls', row: 'O', seats: '3', count: 1 },
    ]);
  });
});
