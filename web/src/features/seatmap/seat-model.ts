import type { SvgSeatRow } from '../../../../adapters/http/contract/catalogue.ts';
import type { EventInventory } from '../../../../adapters/http/contract/inventory.ts';
import type { z } from 'zod';

// The seat map's seats: the cacheable geometry (svgdata) joined with this event's live
// inventory (spec 000 section 3: Seat). Pure, so the rules and the drawing share one model.

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
 * 'STALLS-C-12' -> STALLS, C, 12. Section codes are matched against the map's own codes first
 * (longest first), so a code with hyphens in it ('BOX-L') still splits right.
 */
export const splitKey = (
  key: string,
  sectionCodes: readonly string[] = [],
): { section: string; row: string; seat: string } => {
  const section = sectionCodes.find((code) => key.startsWith(`${code}-`));
  const rest = section === undefined ? key : key.slice(section.length + 1);
  const parts = rest.split('-');
  if (section !== undefined && parts.length >= 2)
    return { section, row: parts.slice(0, -1).join('-'), seat: parts[parts.length - 1]! };
  const all = key.split('-');
  if (all.length >= 3)
    return { section: all.slice(0, -2).join('-'), row: all[all.length - 2]!, seat: all[all.length - 1]! };
  return { section: all[0] ?? key, row: all[1] ?? '', seat: all[2] ?? '' };
};

export interface SeatModel {
  readonly seats: readonly MapSeat[];
  readonly byKey: ReadonlyMap<string, MapSeat>;
  /** Inventory seats the geometry has no place for: not drawn. */
  readonly withoutGeometry: number;
}

/** Joins geometry rows and inventory seats by key; seats without a place on the map are left out. */
export const buildSeatModel = (
  rows: readonly z.infer<typeof SvgSeatRow>[],
  inventory: Pick<EventInventory, 'MapSeats'>,
  sectionCodes: readonly string[] = [],
): SeatModel => {
  const geometry = new Map<string, z.infer<typeof SvgSeatRow>>();
  for (const row of rows) geometry.set(row.key, row);
  const codes = [...sectionCodes].sort((a, b) => b.length - a.length);
  const seats: MapSeat[] = [];
  const byKey = new Map<string, MapSeat>();
  let withoutGeometry = 0;
  for (const wire of inventory.MapSeats) {
    const place = geometry.get(wire.Key);
    if (!place || byKey.has(wire.Key)) {
      if (!place) withoutGeometry++;
      continue;
    }
    const { section, row, seat } = splitKey(wire.Key, codes);
    const mapSeat: MapSeat = {
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
      ...(wire.ADAType ? { adaType: wire.ADAType } : {}),
      ...(wire.accessibilityIcon ? { icon: wire.accessibilityIcon } : {}),
      ...(wire.seatAlertId !== undefined ? { alertId: wire.seatAlertId } : {}),
      ...(wire.HoldSubclassID !== undefined ? { holdSubclassId: wire.HoldSubclassID } : {}),
      ...(wire.PossiblePackageIDs?.length ? { packageIds: wire.PossiblePackageIDs } : {}),
      ...(wire.LockedPromotionIDs?.length ? { lockedPromotionIds: wire.LockedPromotionIDs } : {}),
    };
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
