import { describe, expect, it } from 'vitest';
import type { BoxOfficeSeat } from '../../../../adapters/http/contract/staff-inventory.ts';
import { openSeatsBySection, seatPlaceAmong, seatPlaceOf } from './open-seats.ts';

const seat = (section: string, row: string, number: string, status: BoxOfficeSeat['seatStatus'] = 'Open') =>
  ({
    Key: `${section}-${row}-${number}`,
    PriceKey: '1',
    seatStatus: status,
    SectionName: section,
    Row: row,
    Seat: number,
    PriceLevelName: 'A',
  }) as BoxOfficeSeat;

describe('the open seats a house-seat request may keep', () => {
  it('groups open seats by section then row, in the order of the house', () => {
    const sections = openSeatsBySection([
      seat('Stalls', '10', '2'),
      seat('Stalls', '9', '12'),
      seat('Stalls', '9', '3'),
      seat('Circle', 'A', '1'),
      seat('Stalls', '9', '4', 'Sold'),
      seat('Stalls', '9', '5', 'Hold'),
    ]);
    expect(sections).toEqual([
      {
        section: 'Stalls',
        rows: [
          {
            row: '9',
            seats: [
              { key: 'Stalls-9-3', seat: '3' },
              { key: 'Stalls-9-12', seat: '12' },
            ],
          },
          { row: '10', seats: [{ key: 'Stalls-10-2', seat: '2' }] },
        ],
      },
      { section: 'Circle', rows: [{ row: 'A', seats: [{ key: 'Circle-A-1', seat: '1' }] }] },
    ]);
  });

  it('leaves out sections with no open seat, and says where a chosen seat is', () => {
    const sections = openSeatsBySection([seat('Box', '1', '1', 'Sold'), seat('Stalls', 'C', '5')]);
    expect(sections.map((s) => s.section)).toEqual(['Stalls']);
    expect(seatPlaceOf(sections, 'Stalls-C-5')).toEqual({ section: 'Stalls', row: 'C', seat: '5' });
    expect(seatPlaceOf(sections, 'Box-1-1')).toBeNull();
  });

  it('names a held seat of the performance by its key, for the request once made', () => {
    const seats = [seat('Stalls', 'C', '5', 'Hold'), seat('Stalls', 'C', '6')];
    expect(seatPlaceAmong(seats, 'Stalls-C-5')).toEqual({ section: 'Stalls', row: 'C', seat: '5' });
    expect(seatPlaceAmong(seats, 'Circle-A-1')).toBeNull();
  });
});
