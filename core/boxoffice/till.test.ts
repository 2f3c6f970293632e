import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { localDay } from '../catalogue/local-time.ts';
import {
  parseTillDate,
  sumFigures,
  tillColumnOf,
  tillDay,
  tillReport,
  type TillFigures,
  type TillMovement,
} from './till.ts';

const TYPES = ['Cash', 'Check', 'CreditCard', 'Comp', 'Custom', 'ApplePay'];

const movementArb = fc.record({
  paymentId: fc.integer({ min: 1, max: 1_000_000 }),
  orderId: fc.integer({ min: 1, max: 50 }),
  orderName: fc.constant('F0000001'),
  sellerId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  sellerName: fc.constantFrom('Ann', 'Bob', 'Cy'),
  counter: fc.constantFrom('Browser', 'Window 1', 'Window 2'),
  paymentType: fc.constantFrom(...TYPES),
  paymentMethodName: fc.constant(null),
  // Mostly payments, some refunds paid out.
  amount: fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 100_000 }) },
    { weight: 1, arbitrary: fc.integer({ min: -50_000, max: -1 }) },
  ),
  at: fc.date({
    min: new Date('2026-12-01T00:00:00Z'),
    max: new Date('2026-12-02T00:00:00Z'),
    noInvalidDate: true,
  }),
}) satisfies fc.Arbitrary<TillMovement>;

const movementsArb = fc.uniqueArray(movementArb, { selector: (m) => m.paymentId, maxLength: 40 });

const FIGURES: (keyof TillFigures)[] = [
  'cash',
  'check',
  'card',
  'comp',
  'custom',
  'refundsPaidOut',
  'cashExpected',
  'paymentCount',
];

describe('the till report', () => {
  test('every movement is in exactly one row, its seller and counter’s, oldest first', () => {
    fc.assert(
      fc.property(movementsArb, (movements) => {
        const { rows } = tillReport(movements);
        const seen = rows.flatMap((r) => r.lines.map((l) => l.paymentId));
        expect(seen.sort((a, b) => a - b)).toEqual(movements.map((m) => m.paymentId).sort((a, b) => a - b));
        const keys = new Set<string>();
        for (const row of rows) {
          const key = JSON.stringify([row.sellerId ?? row.sellerName, row.counter]);
          expect(keys.has(key)).toBe(false);
          keys.add(key);
          for (const line of row.lines) {
            expect(line.counter).toBe(row.counter);
            expect(line.sellerId).toBe(row.sellerId);
          }
          for (let i = 1; i < row.lines.length; i++)
            expect(row.lines[i - 1]!.at.getTime()).toBeLessThanOrEqual(row.lines[i]!.at.getTime());
        }
      }),
    );
  });

  test('each column is the sum of its lines of that type; refunds paid out apart; totals are the rows’ sums', () => {
    fc.assert(
      fc.property(movementsArb, (movements) => {
        const { rows, totals } = tillReport(movements);
        for (const row of rows) {
          const taken = row.lines.filter((l) => l.amount >= 0);
          const refunds = row.lines.filter((l) => l.amount < 0);
          const sumOf = (ls: readonly TillMovement[]) => ls.reduce((s, l) => s + l.amount, 0);
          for (const column of ['cash', 'check', 'card', 'comp', 'custom'] as const)
            expect(row[column]).toBe(sumOf(taken.filter((l) => tillColumnOf(l.paymentType) === column)));
          expect(row.refundsPaidOut).toBe(0 - sumOf(refunds));
          expect(row.cashExpected).toBe(
            row.cash + sumOf(refunds.filter((l) => tillColumnOf(l.paymentType) === 'cash')),
          );
          expect(row.paymentCount).toBe(taken.length);
          expect(row.cash + row.check + row.card + row.comp + row.custom - row.refundsPaidOut).toBe(
            sumOf(row.lines),
          );
        }
        for (const figure of FIGURES) expect(totals[figure]).toBe(rows.reduce((s, r) => s + r[figure], 0));
        expect(totals).toEqual(sumFigures(movements));
        for (const figure of FIGURES) expect(Number.isInteger(totals[figure])).toBe(true);
      }),
    );
  });

  test('a day with no counter payments has no rows and zero totals', () => {
    expect(tillReport([])).toEqual({
      rows: [],
      totals: {
        cash: 0,
        check: 0,
        card: 0,
        comp: 0,
        custom: 0,
        refundsPaidOut: 0,
        cashExpected: 0,
        paymentCount: 0,
      },
    });
  });

  test('a cash sale with change, a card, a custom voucher and a cash refund', () => {
    const base = { orderId: 1, orderName: 'F0000001', sellerId: 7, sellerName: 'Ann', counter: 'Window 1' };
    const at = new Date('2026-12-01T15:00:00Z');
    const report = tillReport([
      { ...base, paymentId: 1, paymentType: 'Cash', paymentMethodName: 'Cash', amount: 4500, at },
      {
        ...base,
        paymentId: 2,
        paymentType: 'CreditCard',
        paymentMethodName: 'Credit card',
        amount: 9000,
        at,
      },
      { ...base, paymentId: 3, paymentType: 'Custom', paymentMethodName: 'Voucher', amount: 2000, at },
      { ...base, paymentId: 4, paymentType: 'Cash', paymentMethodName: 'Cash', amount: -1500, at },
    ]);
    expect(report.totals).toEqual({
      cash: 4500,
      check: 0,
      card: 9000,
      comp: 0,
      custom: 2000,
      refundsPaidOut: 1500,
      cashExpected: 3000,
      paymentCount: 3,
    });
  });
});

describe('the till day', () => {
  test('a day in the venue’s zone covers its local instants, 23 to 25 hours', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2020-01-01T00:00:00Z'),
          max: new Date('2030-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom('America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'UTC'),
        (instant, zone) => {
          const day = parseTillDate(localDay(instant, zone))!;
          const { from, to } = tillDay(day, zone);
          expect(from.getTime()).toBeLessThanOrEqual(instant.getTime());
          expect(instant.getTime()).toBeLessThan(to.getTime());
          expect(localDay(from, zone)).toBe(localDay(instant, zone));
          expect(localDay(new Date(to.getTime() - 1), zone)).toBe(localDay(instant, zone));
          expect(localDay(to, zone)).not.toBe(localDay(instant, zone));
          const hours = (to.getTime() - from.getTime()) / 3_600_000;
          expect(hours).toBeGreaterThanOrEqual(23);
          expect(hours).toBeLessThanOrEqual(25);
        },
      ),
    );
  });

  test('the spring-forward day in New York has 23 hours', () => {
    const { from, to } = tillDay(parseTillDate('2026-03-08')!, 'America/New_York');
    expect(from.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(to.toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });

  test('only real days parse', () => {
    expect(parseTillDate('2026-02-29')).toBeNull();
    expect(parseTillDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseTillDate('2026-13-01')).toBeNull();
    expect(parseTillDate('26-1-1')).toBeNull();
  });
});
