import type { SeatLayout } from '../seat-layout.ts';
import { isSellable } from '../seat-status.ts';
import type { BestAvailableRequest, LiveSeat, SearchInventory } from './search-input.ts';

// Which seats a search may pick, and as what. An ordinary search asks for one kind of seat (any
// seat but a wheelchair space or a companion seat); an accessible search asks for two: accessible
// seats of the type asked, and companion seats beside them.

/** Not a candidate: not sellable to this caller, filtered out by the request, or of no kind asked for. */
export const NOT_WANTED = 0;
/** A seat the search asks for: an ordinary seat, or in an accessible search an accessible seat of the type asked. */
export const SEAT_WANTED = 1;
/** A companion seat: only an accessible search asks for these. */
export const COMPANION_WANTED = 2;

export type SeatKind = typeof NOT_WANTED | typeof SEAT_WANTED | typeof COMPANION_WANTED;

/** How many of each kind the search asks for. */
export interface SeatsWanted {
  readonly seats: number;
  readonly companions: number;
}

/** Per layout seat index: free (sellable to this caller), what kind it can be, its price level. */
export interface Candidates {
  readonly free: Uint8Array;
  /** A SeatKind per seat. */
  readonly kind: Uint8Array;
  readonly priceLevel: Int32Array;
  readonly need: SeatsWanted;
}

/** An ordinary search never offers these: they are sold only through an accessible search. */
const ORDINARY_EXCLUDED = new Set(['Wheelchair', 'Companion']);

// Where each live seat sits in the layout: looked up once per (layout, seat list), since many
// searches share one read of the event's seats. A memo of a pure function: same answers.
const indexMemo = new WeakMap<SeatLayout, WeakMap<readonly LiveSeat[], Int32Array>>();

const layoutIndices = (layout: SeatLayout, seats: readonly LiveSeat[]): Int32Array => {
  let byList = indexMemo.get(layout);
  if (!byList) indexMemo.set(layout, (byList = new WeakMap()));
  let indices = byList.get(seats);
  if (!indices) {
    indices = new Int32Array(seats.length);
    for (let s = 0; s < seats.length; s++) indices[s] = layout.indexByKey.get(seats[s]!.key) ?? -1;
    byList.set(seats, indices);
  }
  return indices;
};

/**
 * Marks every live seat sellable to this caller free, with its price level and the kind asked
 * for it can be. The loop over the event's seats has a function of its own, with nothing after
 * it: V8 compiles a long loop on the stack (OSR) the first time it runs, before the code after
 * the loop has ever run, and kept re-entering that compiled loop only to bail out at that code
 * (the `need` object built after the loop did this), so about one search in ten ran partly
 * unoptimised.
 */
const markSeats = (
  inventory: SearchInventory,
  request: BestAvailableRequest,
  free: Uint8Array,
  kind: Uint8Array,
  priceLevel: Int32Array,
): void => {
  const { layout } = inventory;
  const subclasses = new Map(inventory.holdSubclasses.map((rule) => [rule.id, rule]));
  const levels = request.priceLevelIds?.length ? new Set(request.priceLevelIds) : null;
  const zones = request.zones?.length ? new Set(request.zones) : null;
  const sections = request.sections?.length ? new Set(request.sections) : null;
  const accessible = request.accessible;
  const indices = layoutIndices(layout, inventory.seats);
  for (let s = 0; s < inventory.seats.length; s++) {
    const seat = inventory.seats[s]!;
    const i = indices[s]!;
    if (i < 0) continue;
    if (!isSellable(seat, request.viewer, subclasses)) continue;
    free[i] = 1;
    priceLevel[i] = seat.priceLevelId;
    const place = layout.seats[i]!;
    if (levels && !levels.has(seat.priceLevelId)) continue;
    if (zones && !zones.has(inventory.priceLevelZones.get(seat.priceLevelId) ?? '')) continue;
    if (sections && !sections.has(place.section)) continue;
    if (accessible) {
      if (place.adaType === accessible.type) kind[i] = SEAT_WANTED;
      else if (place.adaType === 'Companion') kind[i] = COMPANION_WANTED;
    } else if (place.adaType === null || !ORDINARY_EXCLUDED.has(place.adaType)) kind[i] = SEAT_WANTED;
  }
};

/** Every seat's state for this request: free to the caller, and which kind asked for it can be. */
export const sellableCandidates = (inventory: SearchInventory, request: BestAvailableRequest): Candidates => {
  const n = inventory.layout.seats.length;
  const free = new Uint8Array(n);
  const kind = new Uint8Array(n);
  const priceLevel = new Int32Array(n);
  const accessible = request.accessible;
  const need: SeatsWanted = accessible
    ? { seats: accessible.seats, companions: accessible.companions }
    : { seats: request.quantity, companions: 0 };
  markSeats(inventory, request, free, kind, priceLevel);
  return { free, kind, priceLevel, need };
};
