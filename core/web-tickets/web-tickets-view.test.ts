import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { OrderRecord, OrderTicket } from '../orders/order.ts';
import { webTicketsView } from './web-tickets-view.ts';

const TOKEN = 'ab'.repeat(32);

const ticket = (id: number, eventId: number): OrderTicket => ({
  id,
  eventId,
  key: `STALLS-A-${id}`,
  sectionName: 'Stalls',
  row: 'A',
  seatNumber: String(id),
  isGa: false,
  priceTypeName: 'Adult',
  priceLevelName: 'Zone A',
  price: 2500,
  feeTotal: 250,
  barcode: `CODE${id}`,
});

const order = (tickets: OrderTicket[]): OrderRecord =>
  ({
    id: 9,
    name: 'F0000009',
    events: [1, 2, 3].map((eventId) => ({
      eventId,
      name: `Night ${eventId}`,
      startsAt: new Date(`2026-12-0${eventId}T19:30:00Z`),
      venueName: 'The Grand',
      venueTimeZone: 'Europe/London',
    })),
    tickets,
  }) as unknown as OrderRecord;

describe('the web tickets of one performance', () => {
  test("shows that performance's tickets only, in the order's order, and links every performance with tickets", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 12 }),
        fc.integer({ min: 1, max: 3 }),
        (events, eventId) => {
          const record = order(events.map((e, i) => ticket(i + 1, e)));
          const view = webTicketsView(record, eventId, TOKEN);
          const mine = record.tickets.filter((t) => t.eventId === eventId);
          if (mine.length === 0) {
            expect(view).toBeNull();
            return;
          }
          expect(view!.Tickets.map((t) => t.Barcode)).toEqual(mine.map((t) => t.barcode));
          expect(view!.Event.ID).toBe(eventId);
          expect(view!.Path).toBe(`/tickets/bundle/${TOKEN}/event/${eventId}`);
          expect(view!.Events.map((e) => e.ID)).toEqual([...new Set(events)].sort());
          expect(view!.Event.LocalDate).toBe(`2026-12-0${eventId}T19:30:00`);
        },
      ),
    );
  });
});
