import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { WebTickets } from '../../../../adapters/http/contract/web-tickets.ts';
import { savedTickets, savedTicketsKey, saveTickets } from './saved-tickets.ts';

/** Storage as the browser's: strings by key (this page needs nothing more of it). */
const memoryStore = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
};

const tickets = (barcodes: string[]): WebTickets => ({
  Order: { ID: 7, Name: 'F0000007' },
  Event: { ID: 3, Name: 'Hamlet', LocalDate: '2026-12-01T19:30:00', VenueName: 'The Grand' },
  Tickets: barcodes.map((Barcode, i) => ({
    ID: i + 1,
    Barcode,
    Section: 'Stalls',
    Row: 'A',
    Seat: String(i + 1),
    IsGeneralAdmission: false,
    PriceTypeName: 'Adult',
  })),
  Events: [],
  Path: `/tickets/bundle/${'a'.repeat(64)}/event/3`,
});

describe("the page's saved copy of the tickets", () => {
  test('what was saved for a bundle and performance is what is read back, whatever the case of the id', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[A-Z2-7]{26}$/), { maxLength: 8 }),
        fc.integer({ min: 1 }),
        (codes, eventId) => {
          const store = memoryStore();
          saveTickets(store, 'AB'.repeat(32), eventId, tickets(codes));
          expect(savedTickets(store, 'ab'.repeat(32), eventId)).toEqual(tickets(codes));
          expect(savedTickets(store, 'ab'.repeat(32), eventId + 1)).toBeNull();
        },
      ),
    );
  });

  test('a damaged copy is ignored, and a refusing store does not break the page', () => {
    const store = memoryStore();
    store.setItem(savedTicketsKey('42', 3), '{"Order": 1');
    expect(savedTickets(store, '42', 3)).toBeNull();
    store.setItem(savedTicketsKey('42', 3), '{"Order": 1}');
    expect(savedTickets(store, '42', 3)).toBeNull();
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => saveTickets(full, '42', 3, tickets(['A'.repeat(26)]))).not.toThrow();
  });
});
