import { accessibilityIcon } from '../accessibility.ts';
import {
  inventoryVersion,
  mapGaSection,
  type EventGaSection,
  type MapGASection,
} from '../event-inventory.ts';
import {
  maySellHold,
  type EventSeatStatus,
  type HoldSubclassRule,
  type ViewedSeatStatus,
} from '../seat-status.ts';

// The box office's seat map (the clerk's staff seat map): every seat as the
// consumer map has it, plus what only staff see: holds by subclass, seats in other people's
// baskets (Reserved, never whose basket), the order a sold seat went to, and which hold
// subclasses this clerk may sell from.

/** The box office's own sales channel code (sales_channels.code, lower case). */
export const BOX_OFFICE_CHANNEL = 'boxoffice';

/** A hold subclass with the names staff read on the map. */
export interface NamedHoldSubclass extends HoldSubclassRule {
  readonly name: string;
  readonly className: string;
}

/** One seat of an event as staff see it. */
export interface StaffSeat {
  readonly key: string;
  readonly sectionName: string;
  readonly row: string;
  readonly number: string;
  readonly priceLevelId: number;
  readonly status: EventSeatStatus;
  readonly holdSubclassId: number | null;
  /** A live basket (anyone's) holds the seat. */
  readonly liveBasketHold: boolean;
  /** The order's name (F0000012) when the seat is sold. */
  readonly orderName: string | null;
  readonly adaType: string | null;
  readonly seatAlertId: number | null;
  readonly isGa: boolean;
}

export interface BoxOfficeSnapshot {
  readonly eventId: number;
  readonly venueConfigurationId: number;
  readonly seats: readonly StaffSeat[];
  readonly gaSections: readonly EventGaSection[];
  readonly holdSubclasses: readonly NamedHoldSubclass[];
  readonly priceLevels: ReadonlyMap<number, string>;
}

/** The clerk: whether their role manages holds, and the subclasses they ask to sell from. */
export interface BoxOfficeViewer {
  readonly manageHolds: boolean;
  readonly requested: ReadonlySet<number>;
}

/**
 * Whether this clerk may sell seats of a hold subclass at all: never a kill; a role that manages
 * holds may release any other subclass; anyone else only those allowed to the box office channel.
 */
export const staffMaySellFrom = (rule: HoldSubclassRule | undefined, manageHolds: boolean): boolean => {
  if (rule === undefined || rule.isKill) return false;
  if (manageHolds) return true;
  return maySellHold(rule, {
    salesChannel: BOX_OFFICE_CHANNEL,
    isAdminChannel: true,
    holdSubclassIds: new Set([rule.id]),
  });
};

/** The status the staff map draws for a seat. */
export const boxOfficeSeatStatus = (
  seat: Pick<StaffSeat, 'status' | 'holdSubclassId' | 'liveBasketHold'>,
  rule: HoldSubclassRule | undefined,
  viewer: BoxOfficeViewer,
): ViewedSeatStatus => {
  // In a live basket: reserved for whoever is buying it, whose basket is not said.
  if (seat.liveBasketHold) return 'Reserved';
  if (seat.status !== 'Hold') return seat.status;
  return seat.holdSubclassId !== null &&
    viewer.requested.has(seat.holdSubclassId) &&
    staffMaySellFrom(rule, viewer.manageHolds)
    ? 'Open'
    : 'Hold';
};

export interface BoxOfficeSeat {
  Key: string;
  PriceKey: string;
  seatStatus: ViewedSeatStatus;
  IsGASeat?: true;
  ADAType?: string;
  accessibilityIcon?: string;
  seatAlertId?: number;
  HoldSubclassID?: number;
  /** The seat-info popover's fields. */
  SectionName: string;
  Row: string;
  Seat: string;
  PriceLevelName: string;
  HoldSubclassName?: string;
  OrderName?: string;
}

export interface BoxOfficeHoldSubclass {
  ID: number;
  Name: string;
  HoldClassName: string;
  IsKill: boolean;
  /** This clerk may sell from it (asked for with holdSubclassIds). */
  Sellable: boolean;
  /** Asked for and sellable: its seats are Open on this map. */
  Selected: boolean;
  /** Seats of this event held in it now (not in a basket). */
  SeatCount: number;
}

export interface BoxOfficeInventoryView {
  EventID: number;
  VenueConfigurationID: number;
  Version: string;
  MapSeats: BoxOfficeSeat[];
  MapGASections: MapGASection[];
  HoldSubclasses: BoxOfficeHoldSubclass[];
}

const seatOf = (
  seat: StaffSeat,
  rule: NamedHoldSubclass | undefined,
  viewer: BoxOfficeViewer,
  priceLevels: ReadonlyMap<number, string>,
): BoxOfficeSeat => {
  const out: BoxOfficeSeat = {
    Key: seat.key,
    PriceKey: String(seat.priceLevelId),
    seatStatus: boxOfficeSeatStatus(seat, rule, viewer),
    SectionName: seat.sectionName,
    Row: seat.row,
    Seat: seat.number,
    PriceLevelName: priceLevels.get(seat.priceLevelId) ?? '',
  };
  if (seat.isGa) out.IsGASeat = true;
  if (seat.adaType) {
    out.ADAType = seat.adaType;
    const icon = accessibilityIcon(seat.adaType);
    if (icon) out.accessibilityIcon = icon;
  }
  if (seat.seatAlertId !== null) out.seatAlertId = seat.seatAlertId;
  if (seat.holdSubclassId !== null && !seat.liveBasketHold) {
    out.HoldSubclassID = seat.holdSubclassId;
    if (rule) out.HoldSubclassName = rule.name;
  }
  if (seat.status === 'Sold' && seat.orderName) out.OrderName = seat.orderName;
  return out;
};

export const viewBoxOfficeInventory = (
  snapshot: BoxOfficeSnapshot,
  viewer: BoxOfficeViewer,
): BoxOfficeInventoryView => {
  const rules = new Map(snapshot.holdSubclasses.map((rule) => [rule.id, rule]));
  const held = new Map<number, number>();
  const MapSeats = snapshot.seats.map((seat) => {
    if (seat.status === 'Hold' && seat.holdSubclassId !== null && !seat.liveBasketHold)
      held.set(seat.holdSubclassId, (held.get(seat.holdSubclassId) ?? 0) + 1);
    return seatOf(
      seat,
      seat.holdSubclassId === null ? undefined : rules.get(seat.holdSubclassId),
      viewer,
      snapshot.priceLevels,
    );
  });
  const MapGASections = snapshot.gaSections.map(mapGaSection);
  const HoldSubclasses = snapshot.holdSubclasses.map((rule): BoxOfficeHoldSubclass => {
    const sellable = staffMaySellFrom(rule, viewer.manageHolds);
    return {
      ID: rule.id,
      Name: rule.name,
      HoldClassName: rule.className,
      IsKill: rule.isKill,
      Sellable: sellable,
      Selected: sellable && viewer.requested.has(rule.id),
      SeatCount: held.get(rule.id) ?? 0,
    };
  });
  return {
    EventID: snapshot.eventId,
    VenueConfigurationID: snapshot.venueConfigurationId,
    // The requested subclasses change what is Open: they are part of the version.
    Version: `${inventoryVersion(MapSeats, MapGASections)}-${[...viewer.requested].sort((a, b) => a - b).join('.')}`,
    MapSeats,
    MapGASections,
    HoldSubclasses,
  };
};
