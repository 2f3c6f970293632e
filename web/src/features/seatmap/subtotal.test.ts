import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkedEventSubtotal } from '../../../../core/plans/linked-event-subtotal.ts';
import { subtotalOf, type PricedTicket } from './subtotal.ts';

const ticket = (price: number, ...fees: [string, number][]): PricedTicket => ({
  price,
  fees: fees.map(([Name, Value]) => ({ Name, Value })),
});

describe('ticket-and-fees subtotal', () => {
  it('adds tickets and fees, fees by name', () => {
    const s = subtotalOf(
      [
        ticket(8500, ['Facility fee', 200], ['Service fee', 425]),
        ticket(6500, ['Facility fee', 200], ['Service fee', 325]),
      ],
      false,
    );
    expect(s).toEqual({
      tickets: 15000,
      fees: 1150,
      total: 16150,
      count: 2,
      feeLines: [
        { name: 'Facility fee', amount: 400 },
        { name: 'Service fee', amount: 750 },
      ],
    });
  });

  it('halves price and fees of a special linked event', () => {
    const s = subtotalOf([ticket(8500, ['Facility fee', 200], ['Service fee', 425])], true);
    expect(s.tickets).toBe(4250);
    expect(s.feeLines).toEqual([
      { name: 'Facility fee', amount: 100 },
      { name: 'Service fee', amount: 212 },
    ]);
    // An odd amount drops its half minor unit, as core/plans/linked-event-subtotal.ts does.
    expect(s.total).toBe(4562);
  });

  it('always totals its lines, and halving gives about half', () => {
    const arbitraryTicket = fc.record({
      price: fc.integer({ min: 0, max: 1_000_000 }),
      fees: fc.array(
        fc.record({
          Name: fc.constantFrom('Facility fee', 'Service fee', 'Restoration levy'),
          Value: fc.integer({ min: 0, max: 10_000 }),
        }),
        { maxLength: 3 },
      ),
    });
    fc.assert(
      fc.property(fc.array(arbitraryTicket, { maxLength: 12 }), (tickets) => {
        const full = subtotalOf(tickets, false);
        const half = subtotalOf(tickets, true);
        expect(full.total).toBe(full.tickets + full.fees);
        expect(full.fees).toBe(full.feeLines.reduce((sum, l) => sum + l.amount, 0));
        expect(half.total).toBe(half.tickets + half.fees);
        expect(half.fees).toBe(half.feeLines.reduce((sum, l) => sum + l.amount, 0));
        // Each halved amount drops at most half a cent: never over half, at most one cent per amount under.
        const amounts = tickets.reduce((n, t) => n + 1 + t.fees.length, 0);
        expect(full.total - 2 * half.total).toBeGreaterThanOrEqual(0);
        expect(full.total - 2 * half.total).toBeLessThanOrEqual(amounts);
        // The same figures as the plan's rules, amount by amount.
        const lines = tickets.flatMap((t) => [
          { price: t.price, fees: 0 },
          ...t.fees.map((f) => ({ price: 0, fees: f.Value })),
        ]);
        const core = linkedEventSubtotal(lines, true);
        expect({ tickets: half.tickets, fees: half.fees, total: half.total }).toEqual({
          tickets: core.price,
          fees: core.fees,
          total: core.total,
        });
      }),
    );
  });
});
