import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buyerName, cjkLanguageOfOrder, performanceTime, seatLabel, ticketsByEvent } from './ticket-text.ts';
import { orderDocumentFactory, ticketFactory } from './test-factories.ts';

const event = (localDate: string, venueTimeZone: string) => ({
  eventId: 1,
  name: 'Hamlet',
  localDate,
  venueName: 'The Grand Theatre',
  venueTimeZone,
});

describe('ticket words', () => {
  it('writes the performance time as the venue reads it, month first in the US', () => {
    expect(performanceTime(event('2026-12-01T19:30:00', 'America/New_York'), 'en-us')).toBe(
      'Tuesday, December 1, 2026, 7:30 PM EST',
    );
    expect(performanceTime(event('2026-07-01T19:30:00', 'America/New_York'), 'en-us')).toBe(
      'Wednesday, July 1, 2026, 7:30 PM EDT',
    );
    expect(performanceTime(event('2026-12-01T19:30:00', 'Europe/London'), 'en-gb')).toBe(
      'Tuesday 1 December 2026, 7:30 PM GMT',
    );
  });

  it('keeps the wall-clock time of the venue whatever the zone (property)', () => {
    const zones = ['America/New_York', 'Europe/London', 'Asia/Singapore', 'Australia/Sydney', 'Europe/Paris'];
    fc.assert(
      fc.property(
        fc.integer({ min: 2025, max: 2040 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 10, max: 22 }),
        fc.constantFrom(0, 15, 30, 45),
        fc.constantFrom(...zones),
        (year, month, day, hour, minute, zone) => {
          const p = (n: number) => String(n).padStart(2, '0');
          const text = performanceTime(
            event(`${year}-${p(month)}-${p(day)}T${p(hour)}:${p(minute)}:00`, zone),
            'en-gb',
          );
          const h12 = hour % 12 === 0 ? 12 : hour % 12;
          expect(text).toContain(` ${day} `);
          expect(text).toContain(`${year}, ${h12}:${p(minute)} ${hour < 12 ? 'AM' : 'PM'}`);
        },
      ),
    );
  });

  it('names a seat by section, row and seat, and a general admission place by its section', () => {
    expect(seatLabel(ticketFactory())).toBe('Section Stalls, Row C, Seat 12');
    expect(seatLabel(ticketFactory({ isGa: true, section: 'Floor', row: null, seat: null }))).toBe(
      'General admission: Floor',
    );
    expect(seatLabel(ticketFactory({ section: null, row: null, seat: null, key: 'BOX-1' }))).toBe('BOX-1');
  });

  it('groups tickets under their events in the order they are played', () => {
    const doc = orderDocumentFactory();
    const groups = ticketsByEvent({ ...doc, events: [...doc.events].reverse() });
    expect(groups.map((g) => [g.event.name, g.tickets.map((t) => t.ticketId)])).toEqual([
      ['Hamlet', [9001, 9002]],
      ['Winter Crossing', [9003]],
    ]);
  });

  it("writes the buyer's name as it is written in its script: family name first in CJK", () => {
    const named = (firstName: string, lastName: string) =>
      buyerName(orderDocumentFactory({ buyer: { firstName, lastName, email: 'b@example.com' } }));
    expect(named('Ada', 'Lovelace')).toBe('Ada Lovelace');
    expect(named('João', 'Conceição')).toBe('João Conceição');
    expect(named('太郎', '山田')).toBe('山田太郎');
    expect(named('민준', '김')).toBe('김민준');
    expect(named('', '')).toBe('b@example.com');
  });

  it("reads an order's Han characters by the kana, hangul and venues on it", () => {
    const doc = orderDocumentFactory();
    const zone = (venueTimeZone: string) => doc.events.map((e) => ({ ...e, venueTimeZone }));
    expect(cjkLanguageOfOrder(doc)).toBeNull();
    const kanji = { ...doc.buyer, firstName: '太郎', lastName: '山田' };
    expect(cjkLanguageOfOrder({ ...doc, buyer: kanji })).toBe('zh');
    expect(cjkLanguageOfOrder({ ...doc, buyer: kanji, events: zone('Asia/Tokyo') })).toBe('ja');
    expect(cjkLanguageOfOrder({ ...doc, tickets: [ticketFactory({ priceTypeName: 'おとな' })] })).toBe('ja');
    expect(cjkLanguageOfOrder({ ...doc, deliveryMethod: { name: '현장 수령', type: 'PointOfSale' } })).toBe(
      'ko',
    );
  });
});
