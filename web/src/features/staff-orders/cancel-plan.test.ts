import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cancelPlan } from './cancel-plan.ts';
import type { StaffOrderDetail } from './staff-orders-api.ts';

type Ticket = StaffOrderDetail['Tickets'][number];
const ticket = (id: number, over: Partial<Ticket> = {}): Ticket => ({
  Id: id,
  EventId: 1,
  EventName: 'Hamlet',
  EventDate: '2026-12-01T19:30:00',
  IsGa: false,
  Section: 'Stalls',
  Row: 'B',
  Seat: String(id),
  PriceTypeName: 'Adult',
  PriceLevelName: 'A',
  Price: 5000,
  FeeTotal: 250,
  Status: 'Active',
  Barcode: `B${id}`,
  Printed: false,
  PrintedAt: null,
  CancelledAt: null,
  ...over,
});

describe('what a cancellation will do, said before it is confirmed', () => {
  it('one of two paid tickets with a fee: its seat back on sale, its price and fees less the fee owed back', () => {
    const plan = cancelPlan([ticket(1), ticket(2)], new Set([1]), 500, 0);
    expect(plan).toMatchObject({
      ticketIds: [1],
      seats: 1,
      value: 5250,
      fee: 500,
      creditAfter: 4750,
      problem: null,
    });
  });

  it('counts only Active tickets, refuses a fee above their value and an empty choice', () => {
    const tickets = [ticket(1, { Status: 'Cancelled' }), ticket(2, { IsGa: true })];
    expect(cancelPlan(tickets, new Set([1]), 0, 0).problem).toBe('noTickets');
    expect(cancelPlan(tickets, new Set([2]), 5251, 0).problem).toBe('feeTooHigh');
    expect(cancelPlan(tickets, new Set([1, 2]), 0, 0)).toMatchObject({ ticketIds: [2], seats: 0 });
  });

  it('owes back exactly what was paid beyond the new total, never less than nothing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ price: fc.nat(20_000), fee: fc.nat(2_000), chosen: fc.boolean() }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.integer({ min: -50_000, max: 50_000 }),
        fc.nat(10_000),
        (lines, balanceDue, fee) => {
          const tickets = lines.map((l, i) => ticket(i + 1, { Price: l.price, FeeTotal: l.fee }));
          const chosen = new Set(lines.flatMap((l, i) => (l.chosen ? [i + 1] : [])));
          const plan = cancelPlan(tickets, chosen, fee, balanceDue);
          const value = lines.reduce((s, l) => s + (l.chosen ? l.price + l.fee : 0), 0);
          expect(plan.value).toBe(value);
          expect(plan.creditAfter).toBe(Math.max(0, value - fee - balanceDue));
          expect(plan.problem === 'feeTooHigh').toBe(chosen.size > 0 && fee > value);
        },
      ),
    );
  });
});
