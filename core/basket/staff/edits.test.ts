import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { AdminBasketRefused } from './errors.ts';
import type { TicketItem } from '../basket.ts';
import { overrideInForce, overridePrices, type PriceOverride } from './override-price.ts';
import { removeFees } from './remove-fees.ts';
import { ticket, ticketArb } from '../test-factories.ts';
import { basketTotals, ticketUnitFees, ticketUnitPrice } from '../totals.ts';

// Override price and remove fees: the chosen tickets change as asked, the others not at all, and
// the basket's totals stay the sum of their parts and never go negative.

const ticketsArb = fc
  .array(ticketArb, { minLength: 1, maxLength: 8 })
  .map((ts) => ts.map((t, i) => ({ ...t, id: i + 1 })));

/** A basket's tickets with a subset chosen (by id, maybe repeated) and an override price. */
const editArb = ticketsArb.chain((tickets) =>
  fc.record({
    tickets: fc.constant(tickets),
    itemIds: fc.array(fc.constantFrom(...tickets.map((t) => t.id)), { minLength: 1, maxLength: 10 }),
    price: fc.integer({ min: 0, max: 200_000 }),
  }),
);

const totalsOf = (tickets: readonly TicketItem[]) =>
  basketTotals({ tickets, products: [], deliveryPrice: 0, orderLevelFees: [] });

const sumOfParts = (tickets: readonly TicketItem[]) =>
  tickets.reduce((sum, t) => sum + (ticketUnitPrice(t) + ticketUnitFees(t)) * t.quantity, 0);

const merged = (tickets: readonly TicketItem[], changed: readonly TicketItem[]) =>
  tickets.map((t) => changed.find((c) => c.id === t.id) ?? t);

describe('override price', () => {
  test('every chosen ticket costs the price set, the rest are untouched, totals are the sum of their parts and never negative', () => {
    fc.assert(
      fc.property(editArb, ({ tickets, itemIds, price }) => {
        const changed = overridePrices({ tickets, overrides: new Map(), itemIds, price });
        if (changed instanceof AdminBasketRefused) throw changed;
        expect(changed.map((c) => c.ticket.id).sort()).toEqual([...new Set(itemIds)].sort());
        for (const c of changed) {
          expect(ticketUnitPrice(c.ticket)).toBe(price);
          expect(c.originalPrice).toBe(ticketUnitPrice(tickets.find((t) => t.id === c.ticket.id)!));
          // Fees are not the override's business.
          expect(ticketUnitFees(c.ticket)).toBe(ticketUnitFees(tickets.find((t) => t.id === c.ticket.id)!));
        }
        const after = merged(
          tickets,
          changed.map((c) => c.ticket),
        );
        for (const t of after.filter((t) => !itemIds.includes(t.id)))
          expect(t).toEqual(tickets.find((o) => o.id === t.id));
        const totals = totalsOf(after);
        expect(totals.Total).toBe(sumOfParts(after));
        expect(totals.Total).toBeGreaterThanOrEqual(0);
        expect(totals.TicketTotal).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  test('a second override keeps the first original price; one that a reprice replaced does not', () => {
    const t = ticket({ id: 4, price: 5000, faceValue: 5000 });
    const first = overridePrices({ tickets: [t], overrides: new Map(), itemIds: [4], price: 3000 });
    if (first instanceof AdminBasketRefused) throw first;
    const override: PriceOverride = { originalPrice: 5000, overridePrice: 3000 };
    expect(first[0]).toMatchObject({ originalPrice: 5000, overridePrice: 3000 });
    const again = overridePrices({
      tickets: [first[0]!.ticket],
      overrides: new Map([[4, override]]),
      itemIds: [4],
      price: 1000,
    });
    if (again instanceof AdminBasketRefused) throw again;
    expect(again[0]).toMatchObject({ originalPrice: 5000, overridePrice: 1000 });
    // The price type changed since (price 4200): the override no longer stands.
    const repriced = { ...t, price: 4200 };
    expect(overrideInForce(repriced, override)).toBe(false);
    const later = overridePrices({
      tickets: [repriced],
      overrides: new Map([[4, override]]),
      itemIds: [4],
      price: 0,
    });
    if (later instanceof AdminBasketRefused) throw later;
    expect(later[0]).toMatchObject({ originalPrice: 4200, overridePrice: 0 });
  });

  test('a package seat is overridden through its package price (what the totals count)', () => {
    const t = ticket({ id: 2, price: 2000, packagePrice: 9000, packageFeeTotal: 300 });
    const [c] = overridePrices({
      tickets: [t],
      overrides: new Map(),
      itemIds: [2],
      price: 7000,
    }) as ReturnType<typeof overridePrices> & object[];
    expect(c).toMatchObject({ originalPrice: 9000, ticket: { packagePrice: 7000, price: 7000 } });
  });

  test('a negative, fractional or unsafe price, no item or an unknown item is refused, naming the field', () => {
    fc.assert(
      fc.property(
        ticketsArb,
        fc.oneof(fc.integer({ max: -1 }), fc.double({ noInteger: true, noNaN: true }), fc.constant(NaN)),
        (tickets, price) => {
          const refused = overridePrices({ tickets, overrides: new Map(), itemIds: [tickets[0]!.id], price });
          expect(refused).toBeInstanceOf(AdminBasketRefused);
          expect((refused as AdminBasketRefused).field).toBe('Price');
        },
      ),
    );
    const tickets = [ticket({ id: 1 })];
    expect(overridePrices({ tickets, overrides: new Map(), itemIds: [], price: 0 })).toMatchObject({
      field: 'BasketItemIds',
    });
    expect(overridePrices({ tickets, overrides: new Map(), itemIds: [1, 99], price: 0 })).toMatchObject({
      field: 'BasketItemIds',
      message: 'BasketItemIds: 99 is not a ticket in the basket.',
    });
  });
});

describe('remove fees', () => {
  test('chosen tickets carry no fees, prices stay, totals are the sum of their parts, never negative', () => {
    fc.assert(
      fc.property(editArb, ({ tickets, itemIds }) => {
        const result = removeFees(tickets, itemIds);
        if (result instanceof AdminBasketRefused) throw result;
        const chosen = tickets.filter((t) => itemIds.includes(t.id));
        expect(result.removed).toBe(chosen.reduce((s, t) => s + ticketUnitFees(t) * t.quantity, 0));
        for (const t of result.tickets) {
          expect(ticketUnitFees(t)).toBe(0);
          expect(t.fees).toEqual([]);
          expect(ticketUnitPrice(t)).toBe(ticketUnitPrice(tickets.find((o) => o.id === t.id)!));
        }
        const before = totalsOf(tickets);
        const after = totalsOf(merged(tickets, result.tickets));
        expect(after.Total).toBe(sumOfParts(merged(tickets, result.tickets)));
        expect(after.Total).toBe(before.Total - result.removed);
        expect(after.TicketFeeTotal).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  test('an unknown item changes nothing', () => {
    expect(removeFees([ticket({ id: 1 })], [2])).toBeInstanceOf(AdminBasketRefused);
  });
});
