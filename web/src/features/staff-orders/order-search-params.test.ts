import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSearching, orderSearchQuery, validateOrderSearch } from './order-search-params.ts';

describe("the order search's address", () => {
  it('keeps what is well formed and drops the rest', () => {
    expect(validateOrderSearch({ q: ' F0000123 ', eventId: '12', date: '2026-12-01', page: '2' })).toEqual({
      q: 'F0000123',
      eventId: 12,
      date: '2026-12-01',
      page: 2,
    });
    expect(validateOrderSearch({ q: '   ', eventId: 'x', date: '12-01-2026', page: '0' })).toEqual({});
    expect(isSearching({})).toBe(false);
    expect(isSearching({ page: 3 })).toBe(false);
  });

  it('reads back the same search from the query it sends', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            q: fc.string({ minLength: 1, maxLength: 100 }).filter((s) => s.trim() === s && s !== ''),
            eventId: fc.integer({ min: 1, max: 1_000_000 }),
            date: fc
              .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
              .map((d) => d.toISOString().slice(0, 10)),
            page: fc.integer({ min: 2, max: 500 }),
          },
          { requiredKeys: [] },
        ),
        (search) => {
          const params = Object.fromEntries(new URLSearchParams(orderSearchQuery(search)));
          expect(validateOrderSearch(params)).toEqual(search);
        },
      ),
    );
  });
});
