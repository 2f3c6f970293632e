/**
 * A venue as the demo describes it before it reaches the database: pure data, built by
 * grand-theatre.ts, riverside-arena.ts and studio.ts and written by load-venue.ts.
 */
export type AdaType = 'Wheelchair' | 'Companion' | 'AisleTransfer' | 'HearingLoop';

export interface PlannedSection {
  readonly code: string;
  readonly name: string;
  readonly gaCapacity: number | null; // set only for a general-admission section
  readonly zone: string | null; // price zone of a GA section
  readonly labelX: number;
  readonly labelY: number;
}

export interface PlannedSeat {
  readonly section: string;
  readonly row: string;
  readonly number: number;
  readonly x: number;
  readonly y: number;
  readonly zone: string;
  readonly adaType: AdaType | null;
  readonly alert: string | null; // key of a PlannedAlert
  readonly viewFromSeatRow: number;
}

export interface RankedSeat extends PlannedSeat {
  readonly key: string;
  readonly qualityRank: number;
  readonly focalLengthFactor: number;
}

export interface PlannedAlert {
  readonly key: string;
  readonly name: string;
  readonly message: string;
  readonly requiresAcknowledgement: boolean;
}

/** How a venue names and colours its price zones; every event gets one price level per zone. */
export interface PriceZone {
  readonly zone: string;
  readonly label: string;
  readonly description: string;
  readonly color: string;
}

export interface VenuePlan {
  readonly venue: {
    readonly name: string;
    readonly displayName: string;
    readonly country: string;
    readonly timeZone: string;
    readonly isoCurrencyCode: string;
    readonly currencyLocale: string;
    readonly address: string;
  };
  readonly configuration: {
    readonly name: string;
    readonly svg: string;
    readonly width: number;
    readonly height: number;
    readonly focalX: number;
    readonly focalY: number;
  };
  readonly alerts: readonly PlannedAlert[];
  readonly sections: readonly PlannedSection[];
  readonly seats: readonly RankedSeat[];
  readonly zones: readonly PriceZone[];
}

/** Row letters as theatres print them: no I, which reads as 1 on a ticket. */
export const ROW_LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

export const rowLetter = (index: number): string => {
  const letter = ROW_LETTERS[index];
  if (letter === undefined) throw new Error(`no row letter for index ${index}`);
  return letter;
};

export const seatKey = (section: string, row: string, number: number) => `${section}-${row}-${number}`;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Best-available picks by quality_rank, so ranks come from geometry: distance to the stage
 * centre, worsened by `penalty` (a restricted view is never as good as its distance says).
 * Ranks are unique (ties broken by key) so "best N seats" is never ambiguous.
 */
export const rankSeats = (
  seats: readonly PlannedSeat[],
  focal: { readonly x: number; readonly y: number },
  penalty: (seat: PlannedSeat) => number = () => 1,
): RankedSeat[] => {
  const measured = seats.map((seat) => {
    const distance = Math.hypot(seat.x - focal.x, seat.y - focal.y);
    return {
      seat,
      key: seatKey(seat.section, seat.row, seat.number),
      distance,
      score: distance * penalty(seat),
    };
  });
  const farthest = Math.max(1, ...measured.map((m) => m.distance));
  const order = [...measured].sort(
    (a, b) => a.score - b.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  const rankOf = new Map(order.map((m, i) => [m.key, i + 1]));
  return measured.map((m) => ({
    ...m.seat,
    x: round(m.seat.x, 1),
    y: round(m.seat.y, 1),
    key: m.key,
    qualityRank: rankOf.get(m.key) ?? 0,
    // The seat-view photo is zoomed in for seats far from the stage: 1 at the stage, 2.5 at the back.
    focalLengthFactor: round(1 + (1.5 * m.distance) / farthest, 2),
  }));
};

/** The `count` middle seats of a row: where house seats, press seats and camera kills go. */
export const middleOfRow = (plan: VenuePlan, section: string, row: string, count: number): string[] => {
  const seats = plan.seats
    .filter((s) => s.section === section && s.row === row)
    .sort((a, b) => a.number - b.number);
  if (seats.length < count) throw new Error(`${section} row ${row} has fewer than ${count} seats`);
  const start = Math.floor((seats.length - count) / 2);
  return seats.slice(start, start + count).map((s) => s.key);
};
