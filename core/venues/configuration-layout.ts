import { planSvg } from './plan-drawing.ts';
import type { AccessibleType, PlanSeat, Point, SeatPlan } from './seat-plan.ts';

// What a seat plan becomes in the database: one new venue configuration with its sections, seat
// notices (seat_alerts) and seats (migrations/20261122000100_catalogue.ts), worked out here so the
// store only writes it (adapters/postgres/venues/venue-imports.ts).

export interface LayoutSection {
  readonly code: string;
  readonly name: string;
  /** Set only for a general-admission section. */
  readonly gaCapacity: number | null;
  /** A GA section's price zone; null for a seated one (its seats carry theirs). */
  readonly zone: string | null;
  readonly labelX: number;
  readonly labelY: number;
  readonly displayOrder: number;
}

export interface LayoutAlert {
  readonly name: string;
  readonly message: string;
  readonly requiresAcknowledgement: boolean;
}

export interface LayoutSeat {
  readonly section: string;
  readonly row: string;
  readonly number: string;
  readonly key: string;
  readonly x: number;
  readonly y: number;
  readonly viewFromSeatRow: number;
  readonly focalLengthFactor: number;
  readonly zone: string;
  readonly qualityRank: number;
  readonly adaType: AccessibleType | null;
  /** Index into the layout's alerts; null: no notice. */
  readonly alert: number | null;
}

export interface ConfigurationLayout {
  readonly svg: string;
  /** Whole units: the configuration's width and height are integers. */
  readonly width: number;
  readonly height: number;
  readonly focalX: number;
  readonly focalY: number;
  readonly sections: readonly LayoutSection[];
  readonly alerts: readonly LayoutAlert[];
  readonly seats: readonly LayoutSeat[];
}

/** A tag that says the view is cut: the seat ranks as if 1.4 times as far, and the buyer must agree. */
export const RESTRICTED_VIEW = /restricted|obstructed|limited view|partial view/i;
const RESTRICTED_PENALTY = 1.4;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Best available takes seats by quality_rank, so ranks come from geometry, as the demo's do
 * (adapters/postgres/demo/venue-plan.ts): distance to the focal point, worsened for a restricted
 * view; unique, 1 the best, ties broken by key. The seat-view photo zooms with distance: a focal
 * length factor of 1 at the focal point, 2.5 for the farthest seat.
 */
export const rankSeats = (
  seats: readonly PlanSeat[],
  focal: Point,
): { readonly qualityRank: number; readonly focalLengthFactor: number }[] => {
  const distance = seats.map((s) => Math.hypot(s.x - focal.x, s.y - focal.y));
  const score = seats.map(
    (s, i) => distance[i]! * (s.tags.some((t) => RESTRICTED_VIEW.test(t)) ? RESTRICTED_PENALTY : 1),
  );
  const order = seats.map((_, i) => i);
  order.sort(
    (a, b) =>
      score[a]! - score[b]! || (seats[a]!.key < seats[b]!.key ? -1 : seats[a]!.key > seats[b]!.key ? 1 : 0),
  );
  const rank = new Array<number>(seats.length);
  order.forEach((seat, i) => (rank[seat] = i + 1));
  const farthest = distance.reduce((most, d) => (d > most ? d : most), 1);
  return seats.map((_, i) => ({
    qualityRank: rank[i]!,
    focalLengthFactor: round(1 + (1.5 * distance[i]!) / farthest, 2),
  }));
};

/** One notice per distinct set of tags ("Restricted view, Limited legroom"): a seat has at most one. */
const noticeOf = (tags: readonly string[]): LayoutAlert => {
  const name = tags.join(', ');
  return {
    name,
    message: `${name.charAt(0).toUpperCase()}${name.slice(1)}.`,
    requiresAcknowledgement: tags.some((t) => RESTRICTED_VIEW.test(t)),
  };
};

export const configurationLayout = (plan: SeatPlan): ConfigurationLayout => {
  const ranks = rankSeats(plan.seats, plan.focal);
  const alerts: LayoutAlert[] = [];
  const alertIndex = new Map<string, number>();
  const seats = plan.seats.map((s, i): LayoutSeat => {
    let alert: number | null = null;
    if (s.tags.length > 0) {
      const id = JSON.stringify(s.tags);
      alert = alertIndex.get(id) ?? null;
      if (alert === null) {
        alert = alerts.push(noticeOf(s.tags)) - 1;
        alertIndex.set(id, alert);
      }
    }
    return {
      section: s.section,
      row: s.row,
      number: s.number,
      key: s.key,
      x: s.x,
      y: s.y,
      viewFromSeatRow: s.rowIndex,
      focalLengthFactor: ranks[i]!.focalLengthFactor,
      zone: s.priceLevel,
      qualityRank: ranks[i]!.qualityRank,
      adaType: s.accessible,
      alert,
    };
  });
  return {
    svg: planSvg(plan),
    width: Math.ceil(plan.width),
    height: Math.ceil(plan.height),
    focalX: plan.focal.x,
    focalY: plan.focal.y,
    sections: plan.sections.map((s, i) => ({
      code: s.code,
      name: s.name,
      gaCapacity: s.generalAdmission?.capacity ?? null,
      zone: s.generalAdmission?.priceLevel ?? null,
      labelX: s.label.x,
      labelY: s.label.y,
      displayOrder: i + 1,
    })),
    alerts,
    seats,
  };
};
