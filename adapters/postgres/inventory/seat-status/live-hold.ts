// The seat-status invariant's one home (this folder): a seat is in at most one live basket or one
// order, and a hold lives exactly as long as its basket. Every statement that takes, releases,
// sells or counts seats and general-admission places is built here, and this file is the only
// place the live-hold predicate is written. adapters/postgres/inventory/seat-status-home.test.ts
// fails when the predicate or a write of seat status appears anywhere else.
//
// A hold counts only while its held_until is in the future by the database's clock, judged in
// the statement itself: an expired hold is free at once, whether or not the expiry job has
// tidied it (adapters/queue/basket-expiry.ts only tidies and announces). Never the web node's
// clock: two nodes would disagree.

/** The held_until column of the row aliased `alias` (no alias: the bare column). */
const heldUntil = (alias: string) => (alias === '' ? 'held_until' : `${alias}.held_until`);

/**
 * The row's hold is live: a basket has it and its time has not run out. The SQL function
 * foyer_hold_live (migrations/20261209000100_seat_sale_functions.ts) is the predicate;
 * PostgreSQL inlines it, so a statement using it is planned as if the comparison were written
 * out, index conditions included.
 */
export const liveHold = (alias: string) => `foyer_hold_live(${heldUntil(alias)})`;

/** No live hold on the row: never held, or its time ran out. */
export const noLiveHold = (alias: string) => `(not foyer_hold_live(${heldUntil(alias)}))`;

/**
 * The row carries a hold whose time ran out (for tidying: the row is free already). Written as a
 * range on held_until, not as the negation of foyer_hold_live, so the expiry sweep can walk an
 * index on held_until.
 */
export const holdRanOut = (alias: string) => `${heldUntil(alias)} <= now()`;

/**
 * The places of GA section row `g` (event_ga_sections) held by live baskets, as an int;
 * `exceptBasket` (a SQL expression) leaves that basket's own holds out.
 */
export const liveGaHeld = (g: string, exceptBasket?: string) =>
  `coalesce((select sum(h.quantity) from event_ga_holds h
              where h.event_id = ${g}.event_id and h.section_id = ${g}.section_id
                and ${liveHold('h')}${exceptBasket === undefined ? '' : ` and h.basket_id <> ${exceptBasket}`}), 0)::int`;
