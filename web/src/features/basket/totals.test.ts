import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sumOfRows, ticketFeeLines, totalsView } from './totals.ts';
import { anyTickets, basketOf, ticket } from './test-factories.ts';

const withExtras = (
  basket: ReturnType<typeof basketOf>,
  extras: { delivery: number; orderFees: { ID: number; Name: string; Value: number }[] },
) => {
  const orderFeeTotal = extras.orderFees.reduce((s, f) => s + f.Value, 0);
  return {
    ...basket,
    DeliveryTotal: extras.delivery,
    OrderLevelFees: extras.orderFees,
    OrderLevelFeeTotal: orderFeeTotal,
    Total: basket.Total + extras.delivery + orderFeeTotal,
  };
};

const anyExtras = fc.record({
  delivery: fc.integer({ min: 0, max: 1_000 }),
  orderFees: fc.array(
    fc.record({
      ID: fc.integer({ min: 1, max: 99 }),
      Name: fc.constantFrom('Handling fee', 'Booking fee'),
      Value: fc.integer({ min: 0, max: 500 }),
    }),
    { maxLength: 2 },
  ),
});

describe('the basket totals', () => {
  it('adds fees up by name over every ticket and its quantity', () => {
    const basket = basketOf([
      ticket({ ID: 1 }),
      ticket({
        ID: 2,
        GA: true,
        Quantity: 3,
        ChildFeeItems: [{ Name: 'Service fee', Value: 100 }],
        FeeTotal: 100,
        LineTotal: 15300,
      }),
    ]);
    expect(ticketFeeLines(basket)).toEqual([
      { name: 'Facility fee', amount: 300 },
      { name: 'Service fee', amount: 500 },
    ]);
  });

  it('shows package fees the named fees do not explain as one more line', () => {
    const basket = basketOf([ticket({ ID: 1, packageId: 4, PackagePrice: 9000, PackageFees: 700 })]);
    expect(ticketFeeLines(basket)).toEqual([{ name: '', amount: 700 }]);
  });

  it('splits the fees into lines that always add up to the server’s fee total', () => {
    fc.assert(
      fc.property(anyTickets, (tickets) => {
        const basket = basketOf(tickets);
        const lines = ticketFeeLines(basket);
        expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(basket.TicketFeeTotal);
        expect(new Set(lines.map((l) => l.name)).size).toBe(lines.length);
        expect(lines.every((l) => l.amount >= 0)).toBe(true);
      }),
    );
  });

  it('gives rows that add up to the total shown, fees shown or not', () => {
    fc.assert(
      fc.property(anyTickets, anyExtras, fc.boolean(), (tickets, extras, hide) => {
        const basket = withExtras(basketOf(tickets), extras);
        const view = totalsView(basket, hide);
        expect(sumOfRows(view.rows)).toBe(view.total);
        expect(view.total).toBe(
          hide ? basket.Total - basket.TicketFeeTotal - basket.OrderLevelFeeTotal : basket.Total,
        );
        expect(view.total).toBeGreaterThanOrEqual(0);
        expect(view.ticketCount).toBe(tickets.reduce((n, t) => n + t.Quantity, 0));
        // Fees are never shown when they are kept for checkout.
        if (hide) expect(view.rows.some((r) => r.kind === 'fees' || r.kind === 'orderFee')).toBe(false);
      }),
    );
  });

  it('leaves out rows with nothing in them', () => {
    const view = totalsView(basketOf([ticket({ FeeTotal: 0, ChildFeeItems: [], LineTotal: 5000 })]), false);
    expect(view.rows).toEqual([{ kind: 'tickets', count: 1, amount: 5000 }]);
    expect(view.total).toBe(5000);
  });
});
