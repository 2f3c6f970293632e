import { describe, expect, it } from 'vitest';
import { buildSeatModel, hasSellableInventory, seatStatusOf, splitKey } from './seat-model.ts';
import { seatPaint, SELECTED_PAINT, STATUS_PAINT } from './seat-colour.ts';

describe('the seat model', () => {
  it('splits keys, trusting the map’s own section codes', () => {
    expect(splitKey('STALLS-C-12')).toEqual({ section: 'STALLS', row: 'C', seat: '12' });
    expect(splitKey('BOX-L-A-3', ['BOX-L', 'STALLS'])).toEqual({ section: 'BOX-L', row: 'A', seat: '3' });
    expect(splitKey('101-AA-25', ['101'])).toEqual({ section: '101', row: 'AA', seat: '25' });
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
