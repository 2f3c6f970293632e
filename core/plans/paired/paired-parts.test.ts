import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partnerParts, sellingNow } from './paired-parts.ts';
import type { PlanEventRecord, PlanSlotRecord } from '../ports.ts';

const NOW = new Date('2027-03-01T12:00:00Z');
const DAY = 86_400_000;

const eventArb = (id: number) =>
  fc
    .record({
      status: fc.constantFrom<'Active' | 'Cancelled'>('Active', 'Active', 'Cancelled'),
      onSaleInDays: fc.integer({ min: -5, max: 5 }),
      startsInDays: fc.integer({ min: -2, max: 30 }),
      open: fc.integer({ min: 0, max: 3 }),
    })
    .map((e): PlanEventRecord => ({
      id,
      name: `Show ${id}`,
      urlSafeName: `show-${id}`,
      seriesId: 1,
      seriesCode: 'WINTER',
      seriesName: 'Winter',
      seriesDescription: null,
      startsAt: new Date(NOW.getTime() + e.startsInDays * DAY),
      onSaleAt: new Date(NOW.getTime() + e.onSaleInDays * DAY),
      useHeavyOnSale: false,
      status: e.status,
      timeZone: 'UTC',
      places: { open: e.open, total: 3 },
    }));

const slotsArb = fc.integer({ min: 1, max: 4 }).chain((n) =>
  fc.tuple(
    ...Array.from({ length: n }, (_, s) =>
      fc
        .array(fc.integer({ min: 0, max: 9 }), { minLength: 0, maxLength: 3 })
        .chain((ids) => fc.tuple(...[...new Set(ids)].map((i) => eventArb(s * 10 + i))))
        .map((events): PlanSlotRecord => ({
          id: 100 + s,
          position: s + 1,
          name: `Part ${s + 1}`,
          required: true,
          specialLinkedEvent: true,
          events,
        })),
    ),
  ),
);

describe("a paired plan's other parts", () => {
  it('are every slot but the chosen one, in order, each at its held show, else one selling now', () => {
    fc.assert(
      fc.property(slotsArb, fc.nat(), fc.array(fc.nat(), { maxLength: 4 }), (slots, pick, heldPicks) => {
        const chosen = slots[pick % slots.length]!;
        const held = slots.flatMap((slot, i) => {
          const event = slot.events[heldPicks[i] ?? -1];
          return event ? [{ eventId: event.id, eventPlanSlotId: slot.id }] : [];
        });
        const partners = partnerParts(slots, chosen.id, held, NOW);
        expect(partners.map((p) => p.slotId)).toEqual(slots.filter((s) => s !== chosen).map((s) => s.id));
        for (const part of partners) {
          const slot = slots.find((s) => s.id === part.slotId)!;
          const heldHere = held.find((h) => h.eventPlanSlotId === slot.id);
          if (heldHere) expect(part.eventId).toBe(heldHere.eventId);
          else if (part.eventId === null) expect(sellingNow(slot, NOW)).toBeNull();
          else {
            const event = slot.events.find((e) => e.id === part.eventId)!;
            expect(event.status).toBe('Active');
            expect(event.onSaleAt <= NOW && event.startsAt > NOW && event.places.open > 0).toBe(true);
          }
        }
      }),
    );
  });
});
