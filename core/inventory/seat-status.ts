/**
 * What a caller may do with one seat of an event (the seatStatus the seat map shows).
 * The database row says what the seat is; this says what this sales channel sees: Open means
 * "sellable here", Unavailable means "sold or in someone's basket".
 */

/** event_seats.status */
export type EventSeatStatus = 'Open' | 'Hold' | 'Inquiry' | 'Reserved' | 'Sold';

/** What the seat map shows (the contract's SeatStatus). */
export type ViewedSeatStatus = 'Open' | 'Hold' | 'Inquiry' | 'Reserved' | 'Sold' | 'Unavailable';

export interface EventSeatState {
  readonly status: EventSeatStatus;
  /** Set exactly when status is Hold. */
  readonly holdSubclassId: number | null;
  /** A basket holds the seat and its held_until is still in the future (checked by the statement). */
  readonly liveBasketHold: boolean;
}

/** A hold subclass and the sales channels that may see and sell its seats. */
export interface HoldSubclassRule {
  readonly id: number;
  /** Killed seats (camera positions, broken seats) are never sold, whoever asks. */
  readonly isKill: boolean;
  /** Sales channel codes, lower case. */
  readonly channelCodes: ReadonlySet<string>;
}

/** Who is looking: the sales channel and the hold subclasses it asks to sell from. */
export interface SeatViewer {
  /** Lower-case sales channel code ('web', 'boxoffice'). */
  readonly salesChannel: string;
  /** Admin channels (box office) see Sold as Sold; consumers see it as Unavailable. */
  readonly isAdminChannel: boolean;
  /** The hold subclass ids the caller sells from (comma-joined on the wire). */
  readonly holdSubclassIds: ReadonlySet<number>;
}

/**
 * A held seat is sellable to a caller only when the subclass is not a kill, the caller's channel
 * is allowed to sell it, and the caller asked for that subclass.
 */
export const maySellHold = (rule: HoldSubclassRule | undefined, viewer: SeatViewer): boolean =>
  rule !== undefined &&
  !rule.isKill &&
  rule.channelCodes.has(viewer.salesChannel) &&
  viewer.holdSubclassIds.has(rule.id);

/** Whether the caller may see which hold subclass a held seat belongs to. */
export const maySeeHold = (rule: HoldSubclassRule | undefined, viewer: SeatViewer): boolean =>
  rule !== undefined && (viewer.isAdminChannel || rule.channelCodes.has(viewer.salesChannel));

export const viewSeatStatus = (
  seat: EventSeatState,
  viewer: SeatViewer,
  subclasses: ReadonlyMap<number, HoldSubclassRule>,
): ViewedSeatStatus => {
  // A live basket hold wins over everything: the seat is in someone's basket right now.
  if (seat.liveBasketHold) return 'Unavailable';
  switch (seat.status) {
    case 'Open':
      return 'Open';
    case 'Sold':
      return viewer.isAdminChannel ? 'Sold' : 'Unavailable';
    case 'Hold': {
      const rule = seat.holdSubclassId === null ? undefined : subclasses.get(seat.holdSubclassId);
      return maySellHold(rule, viewer) ? 'Open' : 'Hold';
    }
    case 'Inquiry':
    case 'Reserved':
      return seat.status;
  }
};

/** Whether a seat in this state can be put in this caller's basket now. */
export const isSellable = (
  seat: EventSeatState,
  viewer: SeatViewer,
  subclasses: ReadonlyMap<number, HoldSubclassRule>,
): boolean => viewSeatStatus(seat, viewer, subclasses) === 'Open';
