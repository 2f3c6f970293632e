import fc from 'fast-check';
import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import type { SeatChangeNotice } from '../../basket/ports.ts';
import {
  eventsWithReturnedSeats,
  performanceDate,
  seatsPageUrl,
  ticketsAvailableEmail,
  ticketsBackOnSale,
  type EventForNotice,
} from './tickets-available.ts';
import { hamletPerformance } from './test-events.ts';

// The sold-out e-mail's rules: which seat changes bring tickets back, when buyers are told, and
// what the e-mail says.

const hamlet: EventForNotice = hamletPerformance();

const status = fc.constantFrom<SeatChangeNotice['status']>('Open', 'Unavailable', 'Hold', 'Sold');
const change = fc.record({
  eventId: fc.integer({ min: 1, max: 20 }),
  keys: fc.array(fc.stringMatching(/^[A-Z]{1,2}-\d{1,2}-\d{1,2}$/), { maxLength: 3 }),
  status,
});

const zones = fc.constantFrom(
  'America/New_York',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Berlin',
  'Australia/Sydney',
  'Pacific/Auckland',
  'Asia/Kolkata',
  'UTC',
);
const instant = fc.date({
  min: new Date('2020-01-01T00:00:00Z'),
  max: new Date('2035-12-31T00:00:00Z'),
  noInvalidDate: true,
});

describe('which seat changes bring tickets back', () => {
  it('is every event with a seat or place gone back to Open, once each, in id order', () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 12 }), (changes) => {
        const events = eventsWithReturnedSeats(changes);
        const expected = new Set(
          changes.filter((c) => c.status === 'Open' && c.keys.length > 0).map((c) => c.eventId),
        );
        expect(new Set(events)).toEqual(expected);
        expect(events).toEqual([...events].sort((a, b) => a - b));
        expect(new Set(events).size).toBe(events.length);
      }),
    );
  });

  it('is nothing for holds, sales and kills', () => {
    expect(
      eventsWithReturnedSeats([
        { eventId: 1, keys: ['A-1-1'], status: 'Hold' },
        { eventId: 2, keys: ['A-1-2'], status: 'Sold' },
        { eventId: 3, keys: [], status: 'Open' },
      ]),
    ).toEqual([]);
  });
});

describe('when the buyers are told', () => {
  it('only while the performance is on sale, not cancelled, still to come and has a place open', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: -100_000_000, max: 100_000_000 }),
        fc.integer({ min: -100_000_000, max: 100_000_000 }),
        fc.boolean(),
        fc.nat({ max: 3 }),
        (now, startsIn, onSaleIn, isCancelled, open) => {
          const event = {
            startsAt: new Date(now.getTime() + startsIn),
            onSaleAt: new Date(now.getTime() + onSaleIn),
            isCancelled,
            inventory: { open, total: 10 },
          };
          expect(ticketsBackOnSale(event, now)).toBe(
            !isCancelled && startsIn > 0 && onSaleIn <= 0 && open > 0,
          );
        },
      ),
    );
  });
});

describe('the e-mail', () => {
  it('names the performance at its venue’s wall-clock time and links to its seat map', () => {
    const message = ticketsAvailableEmail('fan@example.com', hamlet, 'https://tickets.example.org/');
    expect(message.to).toBe('fan@example.com');
    expect(message.subject).toBe(
      'Tickets are available again for Hamlet on Tuesday, December 1, 2026, 7:30 PM',
    );
    expect(message.text).toContain('(EST) at The Harbour Theatre');
    expect(message.text).toContain('Choose your seats: https://tickets.example.org/tickets/series/HAMLET/12');
    expect(message.html).toContain('href="https://tickets.example.org/tickets/series/HAMLET/12"');
    expect(message.attachments).toEqual([]);
  });

  it('writes the day first where the venue’s country does, and sends heavy on-sales to best available', () => {
    const london = {
      ...hamlet,
      useHeavyOnSale: true,
      venue: { ...hamlet.venue, country: 'GB', timeZone: 'Europe/London', currencyLocale: 'en-GB' },
    };
    expect(performanceDate(london)).toBe('Wednesday 2 December 2026, 12:30 AM');
    expect(seatsPageUrl(london, 'http://localhost:3000')).toBe(
      'http://localhost:3000/tickets/series/HAMLET/12/bestAvailable',
    );
  });

  it('for any performance, venue zone and name: the subject says the local day, the name is escaped in HTML', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }),
        instant,
        zones,
        fc.constantFrom('en-US', 'en-GB', 'de-DE', 'fr-FR'),
        fc.constantFrom('https://foyer.example', 'http://localhost:3000/', 'https://a.example/box-office'),
        (name, startsAt, timeZone, currencyLocale, publicUrl) => {
          const event = { ...hamlet, name, startsAt, venue: { ...hamlet.venue, timeZone, currencyLocale } };
          const message = ticketsAvailableEmail('fan@example.com', event, publicUrl);
          expect(message.subject.startsWith(`Tickets are available again for ${name} on `)).toBe(true);
          const when = message.subject.slice(`Tickets are available again for ${name} on `.length);
          // The venue's calendar day and year, whatever the server's zone.
          expect(when).toContain(formatInTimeZone(startsAt, timeZone, 'yyyy'));
          expect(when).toContain(formatInTimeZone(startsAt, timeZone, 'EEEE'));
          expect(when).toContain(formatInTimeZone(startsAt, timeZone, 'MMMM'));
          expect(when).toMatch(new RegExp(`\\b${formatInTimeZone(startsAt, timeZone, 'd')}\\b`));
          const url = `${publicUrl.replace(/\/+$/, '')}/tickets/series/HAMLET/12`;
          expect(message.text).toContain(url);
          expect(message.html).not.toMatch(/<script/i);
          if (/[<>&"']/.test(name))
            expect(message.html).not.toContain(`<p>Tickets are available again for ${name} `);
        },
      ),
    );
  });
});
