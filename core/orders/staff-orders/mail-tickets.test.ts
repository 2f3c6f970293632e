import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { withTicketsOnly } from './mail-tickets.ts';
import { orderDocumentFactory, ticketFactory } from '../test-factories.ts';

describe('the tickets a resent e-mail carries', () => {
  test('only the Active tickets named, and only the events they are for', () => {
    const doc = orderDocumentFactory();
    const tickets = [101, 101, 202, 202, 202].map((eventId, i) =>
      ticketFactory({ ticketId: 500 + i, eventId, barcode: `CODE${i}` }),
    );
    const full = { ...doc, tickets };
    fc.assert(
      fc.property(fc.subarray(tickets.map((t) => t.ticketId)), (kept) => {
        const sent = withTicketsOnly(full, kept);
        expect(sent.tickets.map((t) => t.ticketId)).toEqual(
          tickets.map((t) => t.ticketId).filter((id) => kept.includes(id)),
        );
        const events = new Set(sent.tickets.map((t) => t.eventId));
        expect(sent.events.map((e) => e.eventId)).toEqual(
          full.events.map((e) => e.eventId).filter((id) => events.has(id)),
        );
        expect(sent.orderId).toBe(full.orderId);
      }),
    );
  });
});
