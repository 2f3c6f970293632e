import type { LiveGaSection, LiveSeat, SearchInventory } from './best-available.ts';
import { buildSeatLayout, type LayoutSeat } from '../seat-layout.ts';
import type { HoldSubclassRule, SeatViewer } from '../seat-status.ts';

// Hand-drawn venues for the best-available tests. One line per row:
//   'L A  .x..|..'   section L, row A: seats numbered from 1 left to right.
// Seats: '.' open, 'x' sold, 'b' in someone's basket, 'h' on hold (subclass 7), 'k' killed
// (subclass 9), 'W' wheelchair space, 'T' aisle transfer seat, 'C' companion seat (all open).
// '|' is an aisle: numbering carries on across it, but the gap is three seats wide.
// The stage is above the first row, centred on the widest row: quality rank by distance.

export const PITCH = 10;
const AISLE_GAP = 3 * PITCH;

export const HOLD_SUBCLASS = 7;
export const KILL_SUBCLASS = 9;

export const holdRules: HoldSubclassRule[] = [
  { id: HOLD_SUBCLASS, isKill: false, channelCodes: new Set(['web', 'boxoffice']) },
  { id: KILL_SUBCLASS, isKill: true, channelCodes: new Set(['web', 'boxoffice']) },
];

export const web: SeatViewer = { salesChannel: 'web', isAdminChannel: false, holdSubclassIds: new Set() };

export interface DrawnVenue {
  readonly seats: LayoutSeat[];
  readonly live: LiveSeat[];
}

const ADA: Record<string, string> = { W: 'Wheelchair', T: 'AisleTransfer', C: 'Companion' };

/** Price level 1 for rows A-B, 2 behind them. */
export const levelOfRow = (row: string) => (row <= 'B' ? 1 : 2);

export const drawVenue = (drawing: string): DrawnVenue => {
  const lines = drawing
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const width = Math.max(...lines.map((l) => l.split(/\s+/)[2]!.length));
  const sectionRows = new Map<string, number>();
  const seats: LayoutSeat[] = [];
  const live: LiveSeat[] = [];
  const measured: { seat: Omit<LayoutSeat, 'qualityRank'>; distance: number }[] = [];
  const focal = { x: ((width - 1) * PITCH) / 2, y: -3 * PITCH };
  for (const line of lines) {
    const [section, row, cells] = line.split(/\s+/) as [string, string, string];
    const rowIndex = sectionRows.get(section) ?? 0;
    sectionRows.set(section, rowIndex + 1);
    let x = 0;
    let number = 0;
    for (const cell of cells) {
      if (cell === '|') {
        x += AISLE_GAP - PITCH;
        continue;
      }
      number++;
      const key = `${section}-${row}-${number}`;
      const y = rowIndex * PITCH * 2;
      const seat = { key, section, row, number: String(number), x, y, adaType: ADA[cell] ?? null };
      measured.push({ seat, distance: Math.hypot(x - focal.x, y - focal.y) });
      live.push({
        key,
        priceLevelId: levelOfRow(row),
        status: cell === 'x' ? 'Sold' : cell === 'h' || cell === 'k' ? 'Hold' : 'Open',
        holdSubclassId: cell === 'h' ? HOLD_SUBCLASS : cell === 'k' ? KILL_SUBCLASS : null,
        liveBasketHold: cell === 'b',
      });
      x += PITCH;
    }
  }
  measured
    .sort((a, b) => a.distance - b.distance || (a.seat.key < b.seat.key ? -1 : 1))
    .forEach((m, i) => seats.push({ ...m.seat, qualityRank: i + 1 }));
  return { seats, live };
};

export const inventoryOf = (drawing: string, gaSections: LiveGaSection[] = []): SearchInventory => {
  const venue = drawVenue(drawing);
  return {
    layout: buildSeatLayout(venue.seats),
    seats: venue.live,
    gaSections,
    holdSubclasses: holdRules,
    priceLevelZones: new Map([
      [1, 'A'],
      [2, 'B'],
      [3, 'GA'],
    ]),
  };
};
