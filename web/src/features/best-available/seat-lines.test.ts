import { describe, expect, it } from 'vitest';
import { seatLines } from './seat-lines.ts';

const seat = (section: string, sectionName: string, row: string, number: string) => ({
  Key: `${section}-${row}-${number}`,
  Section: section,
  SectionName: sectionName,
  Row: row,
  Seat: number,
  PriceKey: '1',
  PriceLevelID: 1,
});

describe('the best-available seat lines', () => {
  it('names the section as the basket does, not by its code', () => {
    expect(
      seatLines([seat('BOXL', 'Boxes (left)', 'C', '1'), seat('BOXL', 'Boxes (left)', 'C', '2')]),
    ).toEqual([{ section: 'Boxes (left)', row: 'C', seats: '1–2', count: 2 }]);
  });

  it('groups by section and row, a run as a range and the rest as a list', () => {
    expect(
      seatLines([
        seat('STALLS', 'Stalls', 'F', '14'),
        seat('STALLS', 'Stalls', 'F', '12'),
        seat('STALLS', 'Stalls', 'F', '13'),
        seat('STALLS', 'Stalls', 'G', '3'),
        seat('STALLS', 'Stalls', 'G', '7'),
        seat('DRESS', 'Dress Circle', 'A', '1'),
      ]),
    ).toEqual([
      { section: 'Stalls', row: 'F', seats: '12–14', count: 3 },
      { section: 'Stalls', row: 'G', seats: '3, 7', count: 2 },
      { section: 'Dress Circle', row: 'A', seats: '1', count: 1 },
    ]);
  });
});
