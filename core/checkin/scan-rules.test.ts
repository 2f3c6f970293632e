import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { doorName, normaliseBarcode, verdictOf, type TicketFacts } from './scan-rules.ts';

const date = fc.date({
  min: new Date('2026-01-01T00:00:00Z'),
  max: new Date('2028-01-01T00:00:00Z'),
  noInvalidDate: true,
});

const ticket: fc.Arbitrary<TicketFacts> = fc.record({
  ticketId: fc.integer({ min: 1, max: 1_000_000 }),
  eventId: fc.integer({ min: 1, max: 20 }),
  eventName: fc.string({ minLength: 1, maxLength: 30 }),
  eventStartsAt: date,
  eventCancelled: fc.boolean(),
  status: fc.constantFrom('Active', 'Cancelled', 'Exchanged', 'Refunded'),
  orderCancelled: fc.boolean(),
  admittedAt: fc.option(date, { nil: null }),
  admittedDoor: fc.option(fc.string({ minLength: 1, maxLength: 20 }), { nil: null }),
});
const doorEvent = fc.integer({ min: 1, max: 20 });

const counts = (t: TicketFacts) => t.status === 'Active' && !t.orderCancelled && !t.eventCancelled;

describe('the door verdict', () => {
  it('answers unknown for a barcode no ticket has, whatever the door', () => {
    fc.assert(
      fc.property(doorEvent, (e) => {
        expect(verdictOf(e, null)).toEqual({ result: 'unknown' });
      }),
    );
  });

  it('admits exactly an Active ticket of the door event, in a live order and event, not yet admitted', () => {
    fc.assert(
      fc.property(doorEvent, ticket, (e, t) => {
        const admits = verdictOf(e, t).result === 'admit';
        expect(admits).toBe(counts(t) && t.eventId === e && t.admittedAt === null);
      }),
    );
  });

  it('refuses a cancelled, exchanged or refunded ticket, or one of a cancelled order or event, as cancelled, saying why', () => {
    fc.assert(
      fc.property(doorEvent, ticket, (e, t) => {
        const v = verdictOf(e, t);
        expect(v.result === 'cancelled').toBe(!counts(t));
        if (v.result === 'cancelled')
          expect(v.because).toBe(t.status !== 'Active' ? 'ticket' : t.orderCancelled ? 'order' : 'event');
      }),
    );
  });

  it("names the ticket's own event and date when it is for another event", () => {
    fc.assert(
      fc.property(doorEvent, ticket, (e, t) => {
        const v = verdictOf(e, t);
        expect(v.result === 'wrongEvent').toBe(counts(t) && t.eventId !== e);
        if (v.result === 'wrongEvent') {
          expect(v.eventId).toBe(t.eventId);
          expect(v.eventName).toBe(t.eventName);
          expect(v.eventStartsAt).toBe(t.eventStartsAt);
        }
      }),
    );
  });

  it('tells when and at which door a ticket already went in, and never lets it in again', () => {
    fc.assert(
      fc.property(doorEvent, ticket, date, fc.string({ minLength: 1 }), (e, t, at, door) => {
        const admitted = { ...t, admittedAt: at, admittedDoor: door };
        const v = verdictOf(e, admitted);
        expect(v.result).not.toBe('admit');
        if (counts(t) && t.eventId === e) expect(v).toEqual({ result: 'alreadyScanned', at, door });
      }),
    );
  });
});

describe('what a scanner typed', () => {
  it('drops every space and line end and keeps the rest as it is', () => {
    const code = fc.stringMatching(/^[A-Za-z0-9]{1,40}$/);
    const blank = fc.constantFrom(' ', '\n', '\r\n', '\t', '');
    fc.assert(
      fc.property(code, blank, blank, (c, before, after) => {
        expect(normaliseBarcode(`${before}${c}${after}`)).toBe(c);
        expect(normaliseBarcode(`${c.slice(0, 4)} ${c.slice(4)}`)).toBe(c);
      }),
    );
  });
});

describe("a door's name", () => {
  it('is what was typed, trimmed and with single spaces, from 1 to 60 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (typed) => {
        const name = doorName(typed);
        const tidy = typed.trim().replace(/\s+/g, ' ');
        expect(name).toBe(tidy.length >= 1 && tidy.length <= 60 ? tidy : null);
      }),
    );
    expect(doorName('  Main   entrance ')).toBe('Main entrance');
    expect(doorName('   ')).toBeNull();
  });
});
