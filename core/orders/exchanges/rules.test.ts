import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  chooseTickets,
  creditOf,
  exchangeDifference,
  newItemsTotal,
  remainingBalance,
  stillRefundable,
  suggestRefund,
  type OrderTicketLine,
} from './rules.ts';

const status = fc.constantFrom('Active', 'Cancelled', 'Exchanged', 'Refunded') as fc.Arbitrary<
  OrderTicketLine['status']
>;
const money = fc.integer({ min: 0, max: 500_000 });
const ticketsArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength: 0, maxLength: 12 })
  .chain((ids) =>
    fc.tuple(
      ...ids.map((id) =>
        fc.record({ id: fc.constant(id), status, price: money, feeTotal: fc.integer({ min: 0, max: 5000 }) }),
      ),
    ),
  ) as fc.Arbitrary<OrderTicketLine[]>;

const ticketItem = (price: number, feeTotal: number, quantity: number) =>
  ({ eventId: 1, price, feeTotal, quantity, packagePrice: null, packageFeeTotal: null }) as never;

describe('the tickets an exchange gives up', () => {
  test('by default every Active ticket, and only those', () => {
    fc.assert(
      fc.property(ticketsArb, (tickets) => {
        const choice = chooseTickets(tickets, null);
        const active = tickets.filter((t) => t.status === 'Active');
        if (active.length === 0)
          expect(choice).toEqual({ ok: false, reason: 'NoActiveTickets', ticketIds: [] });
        else expect(choice.ok && choice.tickets.map((t) => t.id)).toEqual(active.map((t) => t.id));
      }),
    );
  });

  test('named tickets must all be Active tickets of the order; any other is named in the refusal', () => {
    fc.assert(
      fc.property(
        ticketsArb,
        fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 6 }),
        (tickets, wanted) => {
          const choice = chooseTickets(tickets, wanted);
          const byId = new Map(tickets.map((t) => [t.id, t]));
          if (choice.ok) {
            expect(new Set(choice.tickets.map((t) => t.id))).toEqual(new Set(wanted));
            expect(choice.tickets.every((t) => t.status === 'Active')).toBe(true);
          } else {
            expect(choice.ticketIds.length).toBeGreaterThan(0);
            for (const id of choice.ticketIds)
              expect(choice.reason === 'NotInOrder' ? !byId.has(id) : byId.get(id)?.status !== 'Active').toBe(
                true,
              );
          }
        },
      ),
    );
  });
});

describe('the difference and the remaining balance', () => {
  test('the credit is the price and fees of the tickets given up', () => {
    fc.assert(
      fc.property(ticketsArb, (tickets) => {
        expect(creditOf(tickets)).toBe(tickets.reduce((s, t) => s + t.price + t.feeTotal, 0));
        expect(creditOf(tickets)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  test("the new items' total counts each ticket's price and fees per place, and products", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(money, fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 1, max: 8 })), {
          maxLength: 8,
        }),
        fc.array(fc.tuple(money, fc.integer({ min: 1, max: 5 })), { maxLength: 3 }),
        (lines, products) => {
          const basket = {
            tickets: lines.map(([p, f, q]) => ticketItem(p, f, q)),
            products: products.map(([unitPrice, quantity]) => ({ unitPrice, quantity }) as never),
          };
          const expected =
            lines.reduce((s, [p, f, q]) => s + (p + f) * q, 0) + products.reduce((s, [u, q]) => s + u * q, 0);
          expect(newItemsTotal(basket)).toBe(expected);
        },
      ),
    );
  });

  test('settling the remaining balance leaves the order owing nothing: paid - refunded = total after', () => {
    fc.assert(
      fc.property(
        money,
        money,
        money,
        fc.integer({ min: -100_000, max: 100_000 }),
        (total, newTotal, credit, due) => {
          // The order before: total, with `due` still owed (negative: credit owed to the customer).
          const paidNet = total - due;
          const difference = exchangeDifference(newTotal, credit);
          const remaining = remainingBalance(difference, due);
          // Settled: a payment of `remaining` (positive) or a refund of -remaining (negative).
          expect(paidNet + remaining).toBe(total + difference);
          expect(Math.sign(difference)).toBe(Math.sign(newTotal - credit));
        },
      ),
    );
  });
});

describe('money back over the payments', () => {
  const paymentsArb = fc.uniqueArray(fc.integer({ min: 1, max: 1000 }), { maxLength: 5 }).chain((ids) =>
    fc.tuple(
      ...ids.map((id) =>
        fc.tuple(money, fc.integer({ min: 0, max: 600_000 })).map(([amount, refunded]) => ({
          id,
          amount,
          refunded: Math.min(refunded, amount),
        })),
      ),
    ),
  );

  test('never more than each payment can give back, never more than owed, all of it when they can; oldest first', () => {
    fc.assert(
      fc.property(paymentsArb, fc.integer({ min: -1000, max: 1_000_000 }), (payments, owed) => {
        const lines = suggestRefund(owed, payments);
        const ids = lines.map((l) => l.paymentId);
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
        // A later payment gives only once every earlier one has given all it can.
        for (const line of lines.slice(1)) {
          const earlier = payments.filter((p) => p.id < line.paymentId);
          for (const p of earlier)
            expect(lines.find((l) => l.paymentId === p.id)?.amount ?? 0).toBe(stillRefundable(p));
        }
        const total = lines.reduce((s, l) => s + l.amount, 0);
        const available = payments.reduce((s, p) => s + stillRefundable(p), 0);
        expect(total).toBe(Math.min(Math.max(owed, 0), available));
        for (const line of lines) {
          expect(line.amount).toBeGreaterThan(0);
          expect(line.amount).toBeLessThanOrEqual(
            stillRefundable(payments.find((p) => p.id === line.paymentId)!),
          );
        }
        expect(new Set(lines.map((l) => l.paymentId)).size).toBe(lines.length);
      }),
    );
  });
});
