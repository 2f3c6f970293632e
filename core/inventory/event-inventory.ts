import { accessibilityIcon } from './accessibility.ts';
import { gaMaxAvailable } from './ga-availability.ts';
import {
  maySeeHold,
  viewSeatStatus,
  type EventSeatState,
  type HoldSubclassRule,
  type SeatViewer,
  type ViewedSeatStatus,
} from './seat-status.ts';

// The seat map's live layer for one caller (each seat's status, the GA sections' places). Geometry
// is not here: it is static and served by the cacheable svgdata call.

/** One seat of an event as the store knows it. */
export interface EventSeat extends EventSeatState {
  readonly key: string;
  readonly priceLevelId: number;
  readonly adaType: string | null;
  readonly seatAlertId: number | null;
  readonly isGa: boolean;
}

export interface EventGaSection {
  readonly key: string;
  readonly name: string;
  readonly priceLevelId: number;
  readonly capacity: number;
  readonly sold: number;
  /** Tickets in live baskets (held_until in the future). */
  readonly liveHeld: number;
}

/** Everything the seat map's live layer is computed from, read in one go. */
export interface EventSeatsSnapshot {
  readonly eventId: number;
  readonly venueConfigurationId: number;
  readonly seats: readonly EventSeat[];
  readonly gaSections: readonly EventGaSection[];
  readonly holdSubclasses: readonly HoldSubclassRule[];
  /** Packages that include this event and price the price level's zone. */
  readonly packageIdsByPriceLevel: ReadonlyMap<number, readonly number[]>;
}

export interface SalesChannel {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  readonly isAdmin: boolean;
}

/** Field names as the API writes them; empty optional fields are left out. */
export interface MapSeat {
  Key: string;
  PriceKey: string;
  seatStatus: ViewedSeatStatus;
  IsGASeat?: true;
  ADAType?: string;
  accessibilityIcon?: string;
  seatAlertId?: number;
  HoldSubclassID?: number;
  PossiblePackageIDs?: readonly number[];
}

export interface MapGASection {
  Key: string;
  Name: string;
  PriceKey: string;
  Capacity: number;
  MaxAvailable: number;
}

export interface EventInventoryView {
  EventID: number;
  VenueConfigurationID: number;
  Version: string;
  MapSeats: MapSeat[];
  MapGASections: MapGASection[];
}

export const mapSeat = (
  seat: EventSeat,
  viewer: SeatViewer,
  subclasses: ReadonlyMap<number, HoldSubclassRule>,
  packageIds?: readonly number[],
): MapSeat => {
  const out: MapSeat = {
    Key: seat.key,
    PriceKey: String(seat.priceLevelId),
    seatStatus: viewSeatStatus(seat, viewer, subclasses),
  };
  if (seat.isGa) out.IsGASeat = true;
  if (seat.adaType) {
    out.ADAType = seat.adaType;
    const icon = accessibilityIcon(seat.adaType);
    if (icon) out.accessibilityIcon = icon;
  }
  if (seat.seatAlertId !== null) out.seatAlertId = seat.seatAlertId;
  if (
    seat.holdSubclassId !== null &&
    !seat.liveBasketHold &&
    maySeeHold(subclasses.get(seat.holdSubclassId), viewer)
  )
    out.HoldSubclassID = seat.holdSubclassId;
  if (packageIds && packageIds.length > 0) out.PossiblePackageIDs = packageIds;
  return out;
};

export const mapGaSection = (section: EventGaSection): MapGASection => ({
  Key: section.key,
  Name: section.name,
  PriceKey: String(section.priceLevelId),
  Capacity: section.capacity,
  MaxAvailable: gaMaxAvailable(section),
});

const STATUS_CODE: Readonly<Record<ViewedSeatStatus, number>> = {
  Open: 1,
  Hold: 2,
  Inquiry: 3,
  Reserved: 4,
  Sold: 5,
  Unavailable: 6,
};

/**
 * A short fingerprint of what the caller sees (two 32-bit multiply-xor lanes, cyrb53-style):
 * equal views give equal versions, and a seat that changes status, price level or hold changes
 * it, so a client may skip re-rendering an unchanged map. Seats are hashed by position (the
 * repository returns them in seat order) with numbers only: this runs for 20,000 seats on every
 * snapshot, and string building per seat cost more than the rest of the projection.
 */
export const inventoryVersion = (seats: readonly MapSeat[], sections: readonly MapGASection[]): string => {
  let h1 = 0xdeadbeef ^ seats.length;
  let h2 = 0x41c6ce57 ^ sections.length;
  const mix = (n: number) => {
    h1 = Math.imul(h1 ^ n, 2654435761);
    h2 = Math.imul(h2 ^ n, 1597334677);
  };
  const mixText = (text: string) => {
    mix(text.length);
    for (let i = 0; i < text.length; i++) mix(text.charCodeAt(i));
  };
  for (const seat of seats) {
    mix(seat.Key.length);
    mix(seat.Key.charCodeAt(seat.Key.length - 1));
    mix(STATUS_CODE[seat.seatStatus]);
    mix(Number(seat.PriceKey));
    mix(seat.HoldSubclassID ?? 0);
  }
  for (const section of sections) {
    mixText(section.Key);
    mix(Number(section.PriceKey));
    mix(section.Capacity);
    mix(section.MaxAvailable);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
};

/** The seat map's live layer for this caller. */
export const viewEventInventory = (snapshot: EventSeatsSnapshot, viewer: SeatViewer): EventInventoryView => {
  const subclasses = new Map(snapshot.holdSubclasses.map((rule) => [rule.id, rule]));
  const MapSeats = snapshot.seats.map((seat) =>
    mapSeat(seat, viewer, subclasses, snapshot.packageIdsByPriceLevel.get(seat.priceLevelId)),
  );
  const MapGASections = snapshot.gaSections.map(mapGaSection);
  return {
    EventID: snapshot.eventId,
    VenueConfigurationID: snapshot.venueConfigurationId,
    Version: inventoryVersion(MapSeats, MapGASections),
    MapSeats,
    MapGASections,
  };
};

/** Parses the wire's comma-joined ids; a missing or malformed id is dropped. */
export const parseHoldSubclassIds = (joined: string | undefined): Set<number> =>
  new Set(
    (joined ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => /^\d+$/.test(part))
      .map(Number)
      .filter((id) => Number.isSafeInteger(id) && id > 0),
  );
