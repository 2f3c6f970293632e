import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { failuresFrom, KEPT_FAULTS, retryPlan } from './bridge-print-state.ts';

const ids = fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 20 });
const fault = fc.option(
  fc.constantFrom('paper-out', 'paper-jam', 'cutter-jam', 'cover-open', 'no-answer', 'unreachable'),
);

describe('printing on the bridge stops at the first failure and tries again without printing twice', () => {
  it('counts the failed ticket and every one after it, the first with the words', () => {
    fc.assert(
      fc.property(ids, fc.nat(), fault, (tickets, at, f) => {
        const index = at % tickets.length;
        const failures = failuresFrom(tickets, index, 'Out of paper', f);
        expect(failures.map((x) => x.ticketId)).toEqual(tickets.slice(index));
        expect(failures[0]!.message).toBe('Out of paper');
        expect(failures.slice(1).every((x) => x.message === null && !x.kept)).toBe(true);
        expect(failures[0]!.kept).toBe(f !== null && KEPT_FAULTS.has(f));
      }),
    );
  });

  it('marks what the printer kept, sends the rest again, each ticket once', () => {
    fc.assert(
      fc.property(ids, fc.nat(), fault, (tickets, at, f) => {
        const failures = failuresFrom(tickets, at % tickets.length, 'words', f);
        const plan = retryPlan(failures);
        expect([...plan.mark, ...plan.send].sort((a, b) => a - b)).toEqual(
          failures.map((x) => x.ticketId).sort((a, b) => a - b),
        );
        expect(plan.mark.filter((id) => plan.send.includes(id))).toEqual([]);
        // The tickets sent again keep their order.
        expect(plan.send).toEqual(failures.filter((x) => !x.kept).map((x) => x.ticketId));
      }),
    );
  });

  it('keeps a ticket the printer holds after paper out and jams only', () => {
    expect(failuresFrom([7, 8], 0, 'w', 'paper-out')[0]!.kept).toBe(true);
    expect(failuresFrom([7, 8], 0, 'w', 'cover-open')[0]!.kept).toBe(false);
    expect(failuresFrom([7, 8], 0, 'w', null)[0]!.kept).toBe(false);
    expect(retryPlan(failuresFrom([7, 8, 9], 0, 'w', 'paper-jam'))).toEqual({ mark: [7], send: [8, 9] });
  });
});
