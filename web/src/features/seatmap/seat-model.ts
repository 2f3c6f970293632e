import type { SvgSeatRow } from '../../../../adapters/http/contract/catalogue.ts';
import type { EventInventory } from '../../../../adapters/http/contract/inventory.ts';
import type { z } from 'zod';

// The seat map's seats: the cacheable geometry (svgdata) joined with this event's live
// inventory. Pure, so the rules and the drawing share one model.

/** What the map shows; a consumer sees Sold as Unavailable (core/inventory/seat-status.ts). */
export type SeatStatus = 'Open' | 'Hold' | 'Inquiry' | 'Reserved' | 'Unavailable';

export interface MapSeat {
  /** Position in the model's array: the drawing and the indexes refer to seats by it. */
  readonly index: number;
  readonly key: string;
  readonly section: string;
  readonly row: string;
  /** The seat's number as printed ('12'). */
  readonly seat: string;
  readonly number: number;
  readonly x: number;
  readonly y: number;
  readonly priceLevelId: number;
  readonly status: SeatStatus;
  readonly adaType?: string;
  readonly icon?: string;
  readonly alertId?: number;
  readonly holdSubclassId?: number;
  readonly packageIds?: readonly number[];
  readonly lockedPromotionIds?: readonly number[];
  readonly focalLengthFactor: number | null;
}

const STATUSES = new Set<string>(['Open', 'Hold', 'Inquiry', 'Reserved']);
export const seatStatusOf = (wire: string): SeatStatus =>
  STATUSES.has(wire) ? (wire as SeatStatus) : 'Unavailable';

/**
 * A key splitter for one map: 'STALLS-C-12' -> STALLS, C, 12. Section codes are matched against
 * the map's own codes first (the longest that fits), so a code with hyphens in it ('BOX-L')
 * still splits right. A code that fits ends where the key has a hyphen, so only those few places
 * are looked up (a map has dozens of sections; a key has two or three hyphens).
 */
export const keySplitter = (sectionCodes: readonly string[] = []) => {
  const codes = new Set(sectionCodes);
  return (key: string): { section: string; row: string; seat: string } => {
    let cut = key.lastIndexOf('-');
    while (cut > 0 && !codes.has(key.slice(0, cut))) cut = key.lastIndexOf('-', cut - 1);
    if (cut > 0) {
      // key = section-rest; a rest of row-seat (the row may have hyphens of its own).
      const last = key.lastIndexOf('-');
      if (last > cut)
        return { section: key.slice(0, cut), row: key.slice(cut + 1, last), seat: key.slice(last + 1) };
    }
    const all = key.split('-');
    if (all.length >= 3)
      return { section: all.slice(0, -2).join('-'), row: all[all.length - 2]!, seat: all[all.length - 1]! };
    return { section: all[0] ?? key, row: all[1] ?? '', seat: all[2] ?? '' };
  };
};

/** One key split (keySplitter splits many with the same codes). */
export const splitKey = (
  key: string,
  sectionCodes: readonly string[] = [],
): { section: string; row: string; seat: string } => keySplitter(sectionCodes)(key);

export interface SeatModel {
  readonly seats: readonly MapSeat[];
  readonly byKey: ReadonlyMap<string, MapSeat>;
  /** Inventory seats the geometry has no place for: not drawn. */
  readonly withoutGeometry: number;
}

type SvgRow = z.infer<typeof SvgSeatRow>;
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Joins geometry rows and inventory seats by key; seats without a place on the map are left out.
 * One pass, no object per seat but the seat itself: 20,000 seats lie between the data and the
 * first drawing (bench/seatmap.ts). The server sends both lists in the same order, so the row
 * at the same position is tried before the lookup by key (built only when one does not match).
 */
export const buildSeatModel = (
  rows: readonly SvgRow[],
  inventory: Pick<EventInventory, 'MapSeats'>,
  sectionCodes: readonly string[] = [],
): SeatModel => {
  let geometry: Map<string, SvgRow> | undefined;
  const placeOf = (key: string, at: number): SvgRow | undefined => {
    const same = rows[at];
    if (same?.key === key) return same;
    if (!geometry) {
      geometry = new Map();
      for (const row of rows) geometry.set(row.key, row);
    }
    return geometry.get(key);
  };
  const split = keySplitter(sectionCodes);
  // A row's seats share everything before the key's last hyphen: split once per row. Only keys
  // of three parts or more: a two-part key is a section and a row, and no seat.
  const rowsOf = new Map<string, { section: string; row: string }>();
  const seats: MapSeat[] = [];
  const byKey = new Map<string, MapSeat>();
  let withoutGeometry = 0;
  const wires = inventory.MapSeats;
  for (let at = 0; at < wires.length; at++) {
    const wire = wires[at]!;
    const place = placeOf(wire.Key, at);
    if (!place || byKey.has(wire.Key)) {
      if (!place) withoutGeometry++;
      continue;
    }
    const key = wire.Key;
    const last = key.lastIndexOf('-');
    const byRow = last > 0 && key.lastIndexOf('-', last - 1) !== -1;
    const known = byRow ? rowsOf.get(key.slice(0, last)) : undefined;
    let section: string, row: string, seat: string;
    if (known) {
      section = known.section;
      row = known.row;
      seat = key.slice(last + 1);
    } else {
      ({ section, row, seat } = split(key));
      if (byRow) rowsOf.set(key.slice(0, last), { section, row });
    }
    const mapSeat: Mutable<MapSeat> = {
      index: seats.length,
      key: wire.Key,
      section,
      row,
      seat,
      number: Number.parseInt(seat, 10) || 0,
      x: place.x,
      y: place.y,
      priceLevelId: Number(wire.PriceKey),
      status: seatStatusOf(wire.seatStatus),
      focalLengthFactor: place.focalLengthFactor,
    };
    if (wire.ADAType) mapSeat.adaType = wire.ADAType;
    if (wire.accessibilityIcon) mapSeat.icon = wire.accessibilityIcon;
    if (wire.seatAlertId !== undefined) mapSeat.alertId = wire.seatAlertId;
    if (wire.HoldSubclassID !== undefined) mapSeat.holdSubclassId = wire.HoldSubclassID;
    if (wire.PossiblePackageIDs?.length) mapSeat.packageIds = wire.PossiblePackageIDs;
    if (wire.LockedPromotionIDs?.length) mapSeat.lockedPromotionIds = wire.LockedPromotionIDs;
    seats.push(mapSeat);
    byKey.set(wire.Key, mapSeat);
  }
  return { seats, byKey, withoutGeometry };
};

/** Whether a buyer could take any place at all: an open seat, or a GA section with room. */
export const hasSellableInventory = (
  seats: readonly Pick<MapSeat, 'status'>[],
  gaSections: readonly { MaxAvailable: number }[],
): boolean => seats.some((s) => s.status === 'Open') || gaSections.some((g) => g.MaxAvailable > 0);
