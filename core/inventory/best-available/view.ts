import type { BestAvailableResult } from './best-available.ts';

// The buyer's best-available search answered, in the casing of the other inventory calls
// (Seat.Key, PriceKey, ADAType). It carries what the heavy on-sale results screen shows: the seat
// block, its price levels, whether it is together.

export interface BestAvailableSeatView {
  Key: string;
  /** The section's code (the first part of Key). */
  Section: string;
  /** The section's name ("Boxes (left)"), as the basket's lines name it. */
  SectionName: string;
  Row: string;
  Seat: string;
  PriceKey: string;
  PriceLevelID: number;
  ADAType?: string;
}

export interface BestAvailableView {
  EventID: number;
  Found: boolean;
  /** 1-5: which stage of the search found the seats; null when none did. */
  Stage: number | null;
  Together: boolean;
  Quantity: number;
  LeavesOrphan: boolean;
  /** The accessible ask was cut to the limit (the error flag). */
  AccessibleTrimmed: boolean;
  Seats: BestAvailableSeatView[];
  GASection: { Key: string; Name: string; PriceKey: string; PriceLevelID: number; Quantity: number } | null;
}

export const bestAvailableView = (
  eventId: number,
  quantity: number,
  result: BestAvailableResult,
  accessibleTrimmed: boolean,
): BestAvailableView => ({
  EventID: eventId,
  Found: result.stage !== null,
  Stage: result.stage,
  Together: result.together,
  Quantity: quantity,
  LeavesOrphan: result.leavesOrphan,
  AccessibleTrimmed: accessibleTrimmed,
  Seats: result.seats.map((seat) => ({
    Key: seat.key,
    Section: seat.section,
    SectionName: seat.sectionName,
    Row: seat.row,
    Seat: seat.number,
    PriceKey: String(seat.priceLevelId),
    PriceLevelID: seat.priceLevelId,
    ...(seat.adaType ? { ADAType: seat.adaType } : {}),
  })),
  GASection: result.ga
    ? {
        Key: result.ga.key,
        Name: result.ga.name,
        PriceKey: String(result.ga.priceLevelId),
        PriceLevelID: result.ga.priceLevelId,
        Quantity: result.ga.quantity,
      }
    : null,
});
