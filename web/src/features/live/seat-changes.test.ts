import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SeatChangeEvent } from '../../../../adapters/http/contract/basket.ts';
import { applySeatChanges, changesGaSection } from './seat-changes.ts';

const inventory = {
  EventID: 3,
  Version: 'v1',
  VenueConfigurationID: 1,
  MapSeats: [
    { Key: 'STALLS-A-1', PriceKey: '10', seatStatus: 'Open' as const },
    { Key: 'STALLS-A-2', PriceKey: '10', seatStatus: 'Open' as const },
    { Key: 'STALLS-A-3', PriceKey: '10', seatStatus: 'Unavailable' as const },
  ],
  MapGASections: [{ Key: 'FLOOR', Name: 'Floor', PriceKey: '20', Capacity: 50, MaxAvailable: 50 }],
};

const change = (keys: string[], status: SeatChangeEvent['status'], eventId = 3): SeatChangeEvent => ({
  eventId,
  keys,
  status,
  at: '2026-11-22T12:00:00Z',
});

describe('live seat changes on a seat map', () => {
  it('turns another buyer’s held seats unavailable and released ones open', () => {
    const { inventory: next, changedKeys } = applySeatChanges(inventory, [
      change(['STALLS-A-1'], 'Unavailable'),
      change(['STALLS-A-3'], 'Open'),
    ]);
    expect(next.MapSeats.map((s) => s.seatStatus)).toEqual(['Unavailable', 'Open', 'Open']);
    expect(changedKeys).toEqual(['STALLS-A-1', 'STALLS-A-3']);
    expect(inventory.MapSeats[0]!.seatStatus).toBe('Open'); // the old inventory is left as it was
  });

  it('shows a sold seat as unavailable', () => {
    expect(
      applySeatChanges(inventory, [change(['STALLS-A-2'], 'Sold')]).inventory.MapSeats[1]!.seatStatus,
    ).toBe('Unavailable');
  });

  it('keeps the same inventory object when nothing changed, and ignores other events', () => {
    expect(applySeatChanges(inventory, [change(['STALLS-A-1'], 'Open')]).inventory).toBe(inventory);
    expect(applySeatChanges(inventory, [change(['STALLS-A-1'], 'Unavailable', 4)]).inventory).toBe(inventory);
    expect(applySeatChanges(inventory, [change(['NOT-A-SEAT'], 'Unavailable')]).inventory).toBe(inventory);
  });

  it('asks for GA counts again when a GA section changed', () => {
    const result = applySeatChanges(inventory, [change(['FLOOR'], 'Unavailable')]);
    expect(result.gaChanged).toBe(true);
    expect(result.inventory).toBe(inventory);
    expect(changesGaSection(inventory, [change(['FLOOR'], 'Open')])).toBe(true);
    expect(changesGaSection(inventory, [change(['STALLS-A-1'], 'Open')])).toBe(false);
  });

  it('ends each seat on the last status streamed for it, whatever the batching', () => {
    const statuses = fc.constantFrom<SeatChangeEvent['status']>('Open', 'Unavailable', 'Hold', 'Sold');
    const keys = fc.subarray(
      inventory.MapSeats.map((s) => s.Key),
      { minLength: 1 },
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(keys, statuses), { maxLength: 12 }),
        fc.integer({ min: 1, max: 5 }),
        (stream, size) => {
          const changes = stream.map(([k, s]) => change(k, s));
          // All at once, or in batches as the stream delivers them: the same map.
          const atOnce = applySeatChanges(inventory, changes).inventory;
          let batched = inventory;
          for (let i = 0; i < changes.length; i += size)
            batched = applySeatChanges(batched, changes.slice(i, i + size)).inventory;
          expect(batched.MapSeats).toEqual(atOnce.MapSeats);
          for (const seat of atOnce.MapSeats) {
            const last = changes.filter((c) => c.keys.includes(seat.Key)).at(-1);
            const before = inventory.MapSeats.find((s) => s.Key === seat.Key)!.seatStatus;
            expect(seat.seatStatus).toBe(
              last ? (last.status === 'Sold' ? 'Unavailable' : last.status) : before,
            );
          }
        },
      ),
    );
  });
});
