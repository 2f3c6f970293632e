import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ROLE_PERMISSIONS } from '../../accounts/staff/permissions.ts';
import { STAFF_ROLES } from '../../accounts/staff/roles.ts';
import { TicketsNotCancellable } from '../after-sale-errors.ts';
import { isRefusal, planCancellation, ticketValue, type TicketLine } from './cancellation.ts';

const STATUSES = ['Active', 'Cancelled', 'Exchanged', 'Refunded'] as const;

/** An order's tickets: distinct ids, any status, prices and fees in minor units. */
const ticketsArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 0, maxLength: 12 })
  .chain((ids) =>
    fc.tuple(
      ...ids.map((id) =>
        fc.record({
          id: fc.constant(id),
          status: fc.constantFrom(...STATUSES),
          price: fc.integer({ min: 0, max: 50_000 }),
          feeTotal: fc.integer({ min: 0, max: 5_000 }),
        }),
      ),
    ),
  )
  .map((tickets): TicketLine[] => tickets);

const sum = (list: readonly TicketLine[]) => list.reduce((s, t) => s + ticketValue(t), 0);
const totalOfAdjustments = (plan: ReturnType<typeof planCancellation>) =>
  isRefusal(plan) ? 0 : plan.adjustments.reduce((s, a) => s + a.amount, 0);

describe('what a cancellation takes off the total', () => {
  test('every Active ticket: takes off their prices and fees, keeps the fee, never adds to the total', () => {
    fc.assert(
      fc.property(ticketsArb, fc.integer({ min: 0, max: 100_000 }), (tickets, fee) => {
        const active = tickets.filter((t) => t.status === 'Active');
        const plan = planCancellation(tickets, { orderId: 1, ticketIds: null, fee });
        if (active.length === 0) {
          // Nothing left (a run started again): nothing written, nothing kept.
          expect(plan).toMatchObject({ ticketIds: [], adjustments: [], orderCancelled: true });
          return;
        }
        if (fee > sum(active)) {
          expect(plan).toBeInstanceOf(TicketsNotCancellable);
          expect(plan).toMatchObject({ code: 'FeeTooHigh', fee, cancelledValue: sum(active) });
          return;
        }
        if (isRefusal(plan)) throw plan;
        expect(plan.ticketIds).toEqual(active.map((t) => t.id).sort((a, b) => a - b));
        expect(plan.cancelledValue).toBe(sum(active));
        expect(totalOfAdjustments(plan)).toBe(fee - sum(active));
        expect(totalOfAdjustments(plan)).toBeLessThanOrEqual(0);
        expect(plan.orderCancelled).toBe(true);
        expect(plan.adjustments.filter((a) => a.kind === 'cancellation_fee')).toHaveLength(fee > 0 ? 1 : 0);
      }),
    );
  });

  test("the cancellation leaving no Active ticket also takes off the order's own charges; any other takes none", () => {
    fc.assert(
      fc.property(
        ticketsArb,
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.boolean(),
        (tickets, charges, fee, all) => {
          const active = tickets.filter((t) => t.status === 'Active');
          // All of them, or all but the last Active one.
          const chosen = all ? active : active.slice(0, -1);
          if (chosen.length === 0) return;
          const plan = planCancellation(
            tickets,
            { orderId: 1, ticketIds: chosen.map((t) => t.id), fee },
            charges,
          );
          const lastOnes = chosen.length === active.length;
          const returned = sum(chosen) + (lastOnes ? charges : 0);
          if (fee > returned) {
            expect(plan).toMatchObject({ code: 'FeeTooHigh', cancelledValue: returned });
            return;
          }
          if (isRefusal(plan)) throw plan;
          expect(plan.orderCancelled).toBe(lastOnes);
          expect(plan.orderChargesReturned).toBe(lastOnes ? charges : 0);
          expect(totalOfAdjustments(plan)).toBe(fee - returned);
        },
      ),
    );
  });

  test('chosen tickets: all Active and of the order, or refused naming the ones at fault', () => {
    fc.assert(
      fc.property(
        ticketsArb,
        fc.array(fc.integer({ min: 1, max: 600 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 20_000 }),
        (tickets, asked, fee) => {
          const plan = planCancellation(tickets, { orderId: 7, ticketIds: asked, fee });
          const byId = new Map(tickets.map((t) => [t.id, t]));
          const wanted = [...new Set(asked)];
          const foreign = wanted.filter((id) => !byId.has(id));
          const inactive = wanted.filter((id) => byId.has(id) && byId.get(id)!.status !== 'Active');
          if (foreign.length > 0) {
            expect(plan).toMatchObject({ code: 'NotInOrder', orderId: 7 });
            expect([...(plan as TicketsNotCancellable).ticketIds].sort()).toEqual([...foreign].sort());
            return;
          }
          if (inactive.length > 0) {
            expect(plan).toMatchObject({ code: 'NotActive' });
            expect([...(plan as TicketsNotCancellable).ticketIds].sort()).toEqual([...inactive].sort());
            return;
          }
          const chosen = wanted.map((id) => byId.get(id)!);
          if (fee > sum(chosen)) {
            expect(plan).toMatchObject({ code: 'FeeTooHigh' });
            return;
          }
          if (isRefusal(plan)) throw plan;
          expect(plan.cancelledValue).toBe(sum(chosen));
          expect(totalOfAdjustments(plan)).toBe(fee - sum(chosen));
          const left = tickets.filter((t) => t.status === 'Active' && !wanted.includes(t.id));
          expect(plan.orderCancelled).toBe(left.length === 0);
        },
      ),
    );
  });

  test('a fee that is negative or not whole minor units is refused', () => {
    fc.assert(
      fc.property(
        ticketsArb,
        fc.oneof(fc.integer({ max: -1 }), fc.double({ noInteger: true, noNaN: true })),
        (tickets, fee) => {
          expect(planCancellation(tickets, { orderId: 1, ticketIds: null, fee })).toMatchObject({
            code: 'FeeInvalid',
          });
        },
      ),
    );
  });

  test('an empty list of tickets is refused, not taken for "all"', () => {
    expect(
      planCancellation([{ id: 1, status: 'Active', price: 100, feeTotal: 0 }], {
        orderId: 1,
        ticketIds: [],
        fee: 0,
      }),
    ).toMatchObject({ code: 'NoTickets' });
  });
});

describe('who may read staff orders', () => {
  // The routes declare 'sell'; the rule says 'sell' or 'viewReports': the same while no role may
  // view reports without selling.
  test('every role that may view reports may sell', () => {
    for (const role of STAFF_ROLES)
      if (ROLE_PERMISSIONS[role].has('viewReports'))
        expect(ROLE_PERMISSIONS[role].has('sell'), role).toBe(true);
  });
});
