/**
 * How many more tickets a general-admission section can sell: held plus sold never exceed
 * capacity. Live basket holds count against it; expired ones do not (the caller counts
 * only holds whose held_until is in the future).
 */
export interface GaSectionState {
  readonly capacity: number;
  readonly sold: number;
  /** Tickets held in baskets that are still live. */
  readonly liveHeld: number;
}

export const gaMaxAvailable = ({ capacity, sold, liveHeld }: GaSectionState): number =>
  Math.max(0, capacity - sold - liveHeld);
