import type { EventRecord } from '../../catalogue/event.ts';

/**
 * A Hamlet performance for the sold-out notice tests: 00:30 UTC on 2 December is 7:30 PM on
 * Tuesday 1 December in New York.
 */
export const hamletPerformance = (overrides: Partial<EventRecord> = {}): EventRecord =>
  ({
    id: 12,
    name: 'Hamlet',
    startsAt: new Date('2026-12-02T00:30:00Z'),
    onSaleAt: new Date('2026-10-01T14:00:00Z'),
    isCancelled: false,
    useHeavyOnSale: false,
    inventory: { open: 1, total: 500 },
    series: { id: 3, code: 'HAMLET', name: 'Hamlet' },
    venue: {
      id: 1,
      name: 'Harbour Theatre',
      displayName: 'The Harbour Theatre',
      country: 'US',
      timeZone: 'America/New_York',
      isoCurrencyCode: 'USD',
      currencyLocale: 'en-US',
    },
    ...overrides,
  }) as EventRecord;
