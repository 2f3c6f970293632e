import type { BoxOfficeInventory } from '../../../../adapters/http/contract/staff-inventory.ts';
import type { HoldSubclassView } from '../../../../adapters/http/contract/holds.ts';

// The Holds page's map: every seat drawn as the storefront draws it, coloured by what it is on
// this page: open, on a hold subclass (one colour per subclass), or taken (sold, in a basket).
// The storefront's map colours by price level, so each subclass is given a level of its own.

/** The level of open seats; a subclass's is SUBCLASS_LEVEL + its id. */
export const OPEN_LEVEL = 0;
const SUBCLASS_LEVEL = 1_000_000_000;
export const levelOfSubclass = (id: number) => SUBCLASS_LEVEL + id;

export const OPEN_COLOUR = '#c7d0dc';
const PALETTE = [
  '#d1495b',
  '#2e86ab',
  '#edae49',
  '#66a182',
  '#8e5572',
  '#f18f01',
  '#3d5a80',
  '#a44a3f',
  '#00798c',
  '#6a4c93',
];

/** By id, so a subclass keeps its colour when another is added. */
export const subclassColours = (subclasses: readonly HoldSubclassView[]): Map<number, string> =>
  new Map(subclasses.map((s) => [s.ID, PALETTE[s.ID % PALETTE.length]!]));

/** What a seat is on this page: open, held on a subclass, or taken (left alone by holds). */
export type FloorState =
  | { readonly kind: 'open' }
  | { readonly kind: 'held'; readonly subclassId: number }
  | { readonly kind: 'taken' };

export const floorStateOf = (seat: BoxOfficeInventory['MapSeats'][number]): FloorState => {
  if (seat.seatStatus === 'Hold' && seat.HoldSubclassID !== undefined)
    return { kind: 'held', subclassId: seat.HoldSubclassID };
  if (seat.seatStatus === 'Open') return { kind: 'open' };
  return { kind: 'taken' };
};

/** The inventory as the storefront's map reads it, recoloured for holds. */
export const holdsMapInventory = (inventory: BoxOfficeInventory) => ({
  MapSeats: inventory.MapSeats.map((seat) => {
    const state = floorStateOf(seat);
    return {
      Key: seat.Key,
      PriceKey: String(state.kind === 'held' ? levelOfSubclass(state.subclassId) : OPEN_LEVEL),
      seatStatus: state.kind === 'taken' ? ('Unavailable' as const) : ('Open' as const),
    };
  }),
});

export interface FloorCounts {
  readonly open: number;
  readonly taken: number;
  readonly held: ReadonlyMap<number, number>;
}

export const floorCounts = (inventory: BoxOfficeInventory): FloorCounts => {
  let open = 0;
  let taken = 0;
  const held = new Map<number, number>();
  for (const seat of inventory.MapSeats) {
    const state = floorStateOf(seat);
    if (state.kind === 'open') open++;
    else if (state.kind === 'taken') taken++;
    else held.set(state.subclassId, (held.get(state.subclassId) ?? 0) + 1);
  }
  return { open, taken, held };
};
