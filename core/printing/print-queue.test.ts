import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  afterAction,
  delayBetweenTickets,
  faultMessage,
  nextItem,
  planTicketPrint,
  progressOf,
  sentTicketOutcome,
  TICKET_DELAY_MS,
  type PrintItemStatus,
  type PrintJobStatus,
} from './print-queue.ts';

const status = fc.constantFrom<PrintItemStatus>('pending', 'sent', 'acknowledged');
// Items in any order, positions distinct.
const items = fc
  .uniqueArray(fc.record({ position: fc.integer({ min: 0, max: 500 }), status }), {
    selector: (i) => i.position,
    maxLength: 30,
  })
  .chain((list) => fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }));

describe('what a job prints next', () => {
  test('the first item by position not acknowledged: everything before it was acknowledged', () => {
    fc.assert(
      fc.property(items, (list) => {
        const next = nextItem(list);
        const sorted = [...list].sort((a, b) => a.position - b.position);
        if (next === undefined) expect(list.every((i) => i.status === 'acknowledged')).toBe(true);
        else {
          expect(next.status).not.toBe('acknowledged');
          for (const before of sorted.filter((i) => i.position < next.position))
            expect(before.status).toBe('acknowledged');
        }
      }),
    );
  });

  test('a sent item not acknowledged (a worker stopped before the answer) is printed next', () => {
    expect(
      nextItem([
        { position: 2, status: 'pending' },
        { position: 0, status: 'acknowledged' },
        { position: 1, status: 'sent' },
      ])?.position,
    ).toBe(1);
  });

  test('progress counts the acknowledged items only', () => {
    fc.assert(
      fc.property(items, (list) => {
        const { printed, total } = progressOf(list);
        expect(total).toBe(list.length);
        expect(printed).toBe(list.filter((i) => i.status === 'acknowledged').length);
      }),
    );
  });
});

describe('pause, resume, cancel', () => {
  const jobStatus = fc.constantFrom<PrintJobStatus>('queued', 'running', 'paused', 'done', 'cancelled');
  test('a finished job never changes; cancel ends anything unfinished; resume only a paused job', () => {
    fc.assert(
      fc.property(jobStatus, fc.constantFrom('pause', 'resume', 'cancel' as const), (from, action) => {
        const to = afterAction(from, action);
        if (from === 'done' || from === 'cancelled') expect(to).toBeNull();
        else if (action === 'cancel') expect(to).toBe('cancelled');
        else if (action === 'resume') expect(to).toBe(from === 'paused' ? 'queued' : null);
        else expect(to).toBe(from === 'paused' ? null : 'paused');
      }),
    );
  });
});

describe('reprints', () => {
  const tickets = fc.uniqueArray(
    fc.record({
      ticketId: fc.integer({ min: 1, max: 10_000 }),
      status: fc.constantFrom('Active', 'Cancelled', 'Refunded', 'Exchanged'),
      printCount: fc.nat({ max: 3 }),
    }),
    { selector: (t) => t.ticketId, maxLength: 20 },
  );

  test('without a reprint a ticket printed before is never printed again', () => {
    fc.assert(
      fc.property(tickets, (list) => {
        const plan = planTicketPrint(list, false);
        for (const p of plan.print) {
          const t = list.find((x) => x.ticketId === p.ticketId)!;
          expect(t.printCount).toBe(0);
          expect(p.reprint).toBe(false);
        }
        expect(plan.alreadyPrinted).toEqual(
          list.filter((t) => t.status === 'Active' && t.printCount > 0).map((t) => t.ticketId),
        );
      }),
    );
  });

  test('a reprint prints every Active ticket once, in order, and REPRINT exactly on those printed before', () => {
    fc.assert(
      fc.property(tickets, (list) => {
        const plan = planTicketPrint(list, true);
        const active = list.filter((t) => t.status === 'Active');
        expect(plan.print).toEqual(active.map((t) => ({ ticketId: t.ticketId, reprint: t.printCount > 0 })));
        expect(plan.alreadyPrinted).toEqual([]);
      }),
    );
  });

  test('a ticket no longer Active is never printed', () => {
    fc.assert(
      fc.property(tickets, fc.boolean(), (list, reprint) => {
        const plan = planTicketPrint(list, reprint);
        const inactive = list.filter((t) => t.status !== 'Active').map((t) => t.ticketId);
        expect(plan.notActive).toEqual(inactive);
        for (const p of plan.print) expect(inactive).not.toContain(p.ticketId);
      }),
    );
  });
});

describe('the pause between tickets', () => {
  test('1250 ms by default, at most 1 ms when the printer confirms each ticket, never negative', () => {
    expect(delayBetweenTickets(false)).toBe(TICKET_DELAY_MS);
    expect(delayBetweenTickets(true)).toBe(1);
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: -10, max: 5000 }), (verify, configured) => {
        const ms = delayBetweenTickets(verify, configured);
        expect(ms).toBeGreaterThanOrEqual(0);
        expect(ms).toBeLessThanOrEqual(verify ? 1 : Math.max(0, configured));
      }),
    );
  });

  test('a fault message names the printer and says what to do', () => {
    expect(faultMessage('Box 1', 'paper-out')).toBe(
      'Box 1: The printer is out of paper. Load paper, then resume the job.',
    );
  });
});

describe('a ticket a killed worker left sent, by the printer’s ticket count', () => {
  const count = fc.integer({ min: 0, max: 9_999_999 });

  test('printed only when the count went up by exactly one since it was sent', () => {
    fc.assert(
      fc.property(count, count, (before, now) => {
        const outcome = sentTicketOutcome(before, now);
        expect(outcome === 'printed').toBe(now === before + 1);
        expect(outcome === 'not-printed').toBe(now === before);
      }),
    );
  });

  test('without either count it cannot tell', () => {
    fc.assert(
      fc.property(fc.option(count), fc.option(count), (before, now) => {
        fc.pre(before === null || now === null);
        expect(sentTicketOutcome(before, now)).toBe('unknown');
      }),
    );
  });
});
