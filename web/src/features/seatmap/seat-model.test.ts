import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSeatModel, hasSellableInventory, keySplitter, seatStatusOf, splitKey } from './seat-model.ts';
import { seatPaint, SELECTED_PAINT, STATUS_PAINT } from './seat-colour.ts';

// Keys and section codes made of a few parts, hyphens included, empty parts too.
const part = fc.constantFrom('A', 'B', 'BOX', 'L', '1', '12', 'AA', '');
const key = fc.array(part, { minLength: 1, maxLength: 5 }).map((parts) => parts.join('-'));
const code = fc
  .array(fc.constantFrom('A', 'B', 'BOX', 'L', '1'), { minLength: 1, maxLength: 3 })
  .map((p) => p.join('-'));

describe('the seat model', () => {
  it('splits keys, trusting the map’s own section codes', () => {
    expect(splitKey('STALLS-C-12')).toEqual({ section: 'STALLS', row: 'C', seat: '12' });
    expect(splitKey('BOX-L-A-3', ['BOX-L', 'STALLS'])).toEqual({ section: 'BOX-L', row: 'A', seat: '3' });
    expect(splitKey('101-AA-25', ['101'])).toEqual({ section: '101', row: 'AA', seat: '25' });
  });

  it('splits every key as trying each section code, longest first, would', () => {
    const byTryingEach = (key: string, sectionCodes: readonly string[]) => {
      const codes = [...sectionCodes].sort((a, b) => b.length - a.length);
      const section = codes.find((code) => key.startsWith(`${code}-`));
      const parts = (section === undefined ? key : key.slice(section.length + 1)).split('-');
      if (section !== undefined && parts.length >= 2)
        return { section, row: parts.slice(0, -1).join('-'), seat: parts[parts.length - 1]! };
      const all = key.split('-');
      if (all.length >= 3)
        return { section: all.slice(0, -2).join('-'), row: all[all.length - 2]!, seat: all[all.length - 1]! };
      return { section: all[0] ?? key, row: all[1] ?? '', seat: all[2] ?? '' };
    };
    fc.assert(
      fc.property(key, fc.array(code, { maxLength: 6 }), (k, codes) => {
        expect(keySplitter(codes)(k)).toEqual(byTryingEach(k, codes));
      }),
    );
  });

  it('names every seat of a model as splitting its key alone would', () => {
    fc.assert(
      fc.property(fc.uniqueArray(key, { maxLength: 30 }), fc.array(code, { maxLength: 6 }), (keys, codes) => {
        const model = buildSeatModel(
          keys.map((k, i) => ({ key: k, x: i, y: 0, viewFromSeatRow: null, focalLengthFactor: null })),
          { MapSeats: keys.map((k) => ({ Key: k, PriceKey: '1', seatStatus: 'Open' as const })) },
          codes,
        );
        expect(model.seats.map((s) => ({ section: s.section, row: s.row, seat: s.seat }))).toEqual(
          keys.map((k) => splitKey(k, codes)),
        );
      }),
    );
  });

  it('joins seats listed in a different order from the geometry by key', () => {
    const model = buildSeatModel(
      [
        { key: 'A-1-1', x: 1, y: 1, viewFromSeatRow: null, focalLengthFactor: null },
        { key: 'A-1-2', x: 2, y: 1, viewFromSeatRow: null, focalLengthFactor: null },
        { key: 'A-1-3', x: 3, y: 1, viewFromSeatRow: null, focalLengthFactor: null },
      ],
      {
        MapSeats: [
          { Key: 'A-1-3', PriceKey: '1', seatStatus: 'Open' },
          { Key: 'A-1-1', PriceKey: '1', seatStatus: 'Hold' },
          { Key: 'A-1-3', PriceKey: '1', seatStatus: 'Open' },
        ],
      },
      ['A'],
    );
    expect(model.seats.map((s) => [s.index, s.key, s.x, s.status])).toEqual([
      [0, 'A-1-3', 3, 'Open'],
      [1, 'A-1-1', 1, 'Hold'],
    ]);
    expect(model.withoutGeometry).toBe(0);
  });

  it('joins geometry and inventory by key, leaving out seats without a place', () => {
    const model = buildSeatModel(
      [
        { key: 'STALLS-A-1', x: 10, y: 20, viewFromSeatRow: 1, focalLengthFactor: 1.2 },
        { key: 'STALLS-A-2', x: 30, y: 20, viewFromSeatRow: 1, focalLengthFactor: 1.2 },
      ],
      {
        MapSeats: [
          {
            Key: 'STALLS-A-1',
            PriceKey: '4',
            seatStatus: 'Open',
            ADAType: 'Wheelchair',
            accessibilityIcon: 'wheelchair',
          },
          { Key: 'STALLS-A-2', PriceKey: '4', seatStatus: 'Sold' },
          { Key: 'STALLS-Z-9', PriceKey: '4', seatStatus: 'Open' },
        ],
      },
      ['STALLS'],
    );
    expect(model.seats.map((s) => [s.key, s.status, s.priceLevelId, s.x])).toEqual([
      ['STALLS-A-1', 'Open', 4, 10],
      ['STALLS-A-2', 'Unavailable', 4, 30],
    ]);
    expect(model.seats[0]).toMatchObject({ adaType: 'Wheelchair', icon: 'wheelchair', row: 'A', number: 1 });
    expect(model.withoutGeometry).toBe(1);
    expect(model.byKey.get('STALLS-A-2')?.index).toBe(1);
  });

  it('calls anything it does not know Unavailable', () => {
    expect(seatStatusOf('Open')).toBe('Open');
    expect(seatStatusOf('Hold')).toBe('Hold');
    expect(seatStatusOf('Sold')).toBe('Unavailable');
    expect(seatStatusOf('Whatever')).toBe('Unavailable');
  });

  it('knows when nothing can be bought', () => {
    expect(hasSellableInventory([{ status: 'Unavailable' }], [{ MaxAvailable: 0 }])).toBe(false);
    expect(hasSellableInventory([], [{ MaxAvailable: 3 }])).toBe(true);
    expect(hasSellableInventory([{ status: 'Open' }], [])).toBe(true);
  });

  it('paints open seats in their price colour and the rest by status', () => {
    expect(seatPaint('Open', '#b03a2e', false).fill).toBe('#b03a2e');
    expect(seatPaint('Open', 'javascript:alert(1)', false).fill).toBe('#5b6475');
    expect(seatPaint('Open', '#b03a2e', true)).toBe(SELECTED_PAINT);
    expect(seatPaint('Hold', '#b03a2e', false)).toBe(STATUS_PAINT.Hold);
    // An open accessible seat keeps its price colour, ringed.
    expect(seatPaint('Open', '#b03a2e', false, true)).toEqual({
      fill: '#b03a2e',
      stroke: '#1f4e8c',
      weight: 2,
    });
    expect(seatPaint('Unavailable', '#b03a2e', false, true)).toBe(STATUS_PAINT.Unavailable);
    const fills = new Set(Object.values(STATUS_PAINT).map((p) => p.fill));
    expect(fills.size).toBe(4);
  });
});
