import { formsOneBlock, type SeatLayout } from '../seat-layout.ts';
import type { Candidates } from './candidates.ts';
import { leavesOrphanSeat } from './orphans.ts';

// What a best-available search answers: the stage that found the seats, and the seats.

/** 1-4: seats found by that stage; 5: places in a general-admission section. */
export type SearchStage = 1 | 2 | 3 | 4 | 5;

export interface PickedSeat {
  readonly key: string;
  readonly section: string;
  /** The section's name, as the basket names it; its code when the layout has no name. */
  readonly sectionName: string;
  readonly row: string;
  readonly number: string;
  readonly priceLevelId: number;
  readonly adaType: string | null;
  readonly qualityRank: number;
}

export interface PickedGa {
  readonly key: string;
  readonly name: string;
  readonly priceLevelId: number;
  readonly quantity: number;
}

export interface BestAvailableResult {
  /** null: nothing fits the request (never fewer seats than asked). */
  readonly stage: SearchStage | null;
  /** The seats are one block of adjacent seats (or places in one GA section). */
  readonly together: boolean;
  /** In canonical order: section, row, seat number. */
  readonly seats: readonly PickedSeat[];
  readonly ga: PickedGa | null;
  /** Taking the seats leaves a single free seat stranded beside them. */
  readonly leavesOrphan: boolean;
}

export const NOTHING: BestAvailableResult = {
  stage: null,
  together: false,
  seats: [],
  ga: null,
  leavesOrphan: false,
};

const picked = (layout: SeatLayout, c: Candidates, indices: readonly number[]): PickedSeat[] =>
  [...indices]
    .sort((a, b) => a - b)
    .map((i) => {
      const seat = layout.seats[i]!;
      return {
        key: seat.key,
        section: seat.section,
        sectionName: layout.sectionNames.get(seat.section) ?? seat.section,
        row: seat.row,
        number: seat.number,
        priceLevelId: c.priceLevel[i]!,
        adaType: seat.adaType,
        qualityRank: seat.qualityRank,
      };
    });

/** The answer for the seats a stage found (layout indices). */
export const seatsResult = (
  layout: SeatLayout,
  c: Candidates,
  stage: SearchStage,
  indices: readonly number[],
): BestAvailableResult => ({
  stage,
  together: formsOneBlock(layout, indices),
  seats: picked(layout, c, indices),
  ga: null,
  leavesOrphan: leavesOrphanSeat(layout, c.free, indices),
});

/** The answer for places in a general-admission section. */
export const gaResult = (ga: PickedGa): BestAvailableResult => ({
  stage: 5,
  together: true,
  seats: [],
  ga,
  leavesOrphan: false,
});
