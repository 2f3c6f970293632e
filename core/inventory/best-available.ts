import type { AccessibleSearchType } from './accessible-search.ts';
import type { EventSeat } from './event-inventory.ts';
import { formsOneBlock, type SeatLayout } from './seat-layout.ts';
import { isSellable, type HoldSubclassRule, type SeatViewer } from './seat-status.ts';

// Best-available search (issue 6; spec 000 section 4: best-available states). Staged as seat-map
// services do it, each stage only when the one before found nothing:
//   1. N adjacent seats in one row that leave no single orphan seat, best by quality rank;
//   2. N adjacent seats in one row, orphans allowed;
//   3. the N best seats of one section in as few rows as possible;
//   4. the N best seats across sections;
//   5. N places in a general-admission section.
// Pure and deterministic: the same inventory gives the same seats whatever order it comes in.

/** What the search needs of an event seat's live state (core/inventory/event-inventory.ts). */
export type LiveSeat = Pick<
  EventSeat,
  'key' | 'priceLevelId' | 'status' | 'holdSubclassId' | 'liveBasketHold'
>;

export interface LiveGaSection {
  readonly key: string;
  readonly name: string;
  readonly priceLevelId: number;
  /** Places left: capacity less sold less live basket holds. */
  readonly maxAvailable: number;
}

export interface SearchInventory {
  readonly layout: SeatLayout;
  /** A layout seat with no live seat here is not for sale at this event. */
  readonly seats: readonly LiveSeat[];
  readonly gaSections: readonly LiveGaSection[];
  readonly holdSubclasses: readonly HoldSubclassRule[];
  /** The event's price levels: id -> zone, for a search by zone. */
  readonly priceLevelZones: ReadonlyMap<number, string>;
}

export interface BestAvailableRequest {
  /** How many seats; an accessible search asks for its seats plus companions instead. */
  readonly quantity: number;
  /** Who asks: the sales channel and the hold subclasses it sells from. */
  readonly viewer: SeatViewer;
  /** Empty or missing: any. */
  readonly priceLevelIds?: readonly number[];
  readonly zones?: readonly string[];
  readonly sections?: readonly string[];
  /** Checked by accessibleSearch() first (core/inventory/accessible-search.ts). */
  readonly accessible?: {
    readonly type: AccessibleSearchType;
    readonly seats: number;
    readonly companions: number;
  };
  /** Seats to treat as taken: lost in a race a moment ago, or being reserved by another call. */
  readonly unavailableKeys?: Iterable<string>;
}

export type SearchStage = 1 | 2 | 3 | 4 | 5;

export interface PickedSeat {
  readonly key: string;
  readonly section: string;
  /** The section's name, as the basket names it; its code when the layout has no name. */
  readonly sectionName: string;
  readonly row: string;
  readonly number: string;
  readonly priceLevelId: number;
  readonly adaType: string | null;
  readonly qualityRank: number;
}

export interface PickedGa {
  readonly key: string;
  readonly name: string;
  readonly priceLevelId: number;
  readonly quantity: number;
}

export interface BestAvailableResult {
  /** null: nothing fits the request (never fewer seats than asked). */
  readonly stage: SearchStage | null;
  /** The seats are one block of adjacent seats (or places in one GA section). */
  readonly together: boolean;
  /** In canonical order: section, row, seat number. */
  readonly seats: readonly PickedSeat[];
  readonly ga: PickedGa | null;
  /** Taking the seats leaves a single free seat stranded beside them. */
  readonly leavesOrphan: boolean;
}

const NOTHING: BestAvailableResult = {
  stage: null,
  together: false,
  seats: [],
  ga: null,
  leavesOrphan: false,
};

// Seat kinds a search asks for: ordinary seats, or accessible seats and their companions.
const NONE = 0;
const FIRST = 1;
const SECOND = 2;

/** Free: sellable to this caller. Kind: which of the two asked-for kinds the seat can be. */
interface Candidates {
  readonly free: Uint8Array;
  readonly kind: Uint8Array;
  readonly priceLevel: Int32Array;
  /** Seats asked for of kind FIRST and SECOND. */
  readonly need: readonly [number, number];
}

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

const sellableCandidates = (inventory: SearchInventory, request: BestAvailableRequest): Candidates => {
  const { layout } = inventory;
  const n = layout.seats.length;
  const free = new Uint8Array(n);
  const kind = new Uint8Array(n);
  const priceLevel = new Int32Array(n);
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
      if (place.adaType === accessible.type) kind[i] = FIRST;
      else if (place.adaType === 'Companion') kind[i] = SECOND;
    } else if (place.adaType === null || !ORDINARY_EXCLUDED.has(place.adaType)) kind[i] = FIRST;
  }
  const need: [number, number] = accessible
    ? [accessible.seats, accessible.companions]
    : [request.quantity, 0];
  return { free, kind, priceLevel, need };
};

// The candidates before unavailableKeys, kept per (layout, seat list, hold rules) and per what
// the request filters on: at an on-sale hundreds of searches a second share one read of the
// event's seats and ask the same thing, so each pays only for its own unavailable keys. A memo
// of a pure function: same answers (a search marks its unavailable seats in the arrays and puts
// them back before it returns, see withUnavailable).
const candidateMemo = new WeakMap<
  SeatLayout,
  WeakMap<readonly LiveSeat[], WeakMap<readonly HoldSubclassRule[], Map<string, Candidates>>>
>();
const MEMO_PER_READ = 16;

const askSignature = (inventory: SearchInventory, request: BestAvailableRequest): string =>
  JSON.stringify([
    request.quantity,
    request.viewer.salesChannel,
    request.viewer.isAdminChannel,
    [...request.viewer.holdSubclassIds].sort((a, b) => a - b),
    request.priceLevelIds ?? null,
    request.zones ?? null,
    request.zones?.length ? [...inventory.priceLevelZones] : null,
    request.sections ?? null,
    request.accessible ?? null,
  ]);

const memoFor = (inventory: SearchInventory): Map<string, Candidates> => {
  let bySeats = candidateMemo.get(inventory.layout);
  if (!bySeats) candidateMemo.set(inventory.layout, (bySeats = new WeakMap()));
  let byRules = bySeats.get(inventory.seats);
  if (!byRules) bySeats.set(inventory.seats, (byRules = new WeakMap()));
  let memo = byRules.get(inventory.holdSubclasses);
  if (!memo) byRules.set(inventory.holdSubclasses, (memo = new Map()));
  return memo;
};

const candidatesOf = (inventory: SearchInventory, request: BestAvailableRequest): Candidates => {
  const memo = memoFor(inventory);
  const signature = askSignature(inventory, request);
  let base = memo.get(signature);
  if (!base) {
    if (memo.size >= MEMO_PER_READ) memo.clear();
    base = sellableCandidates(inventory, request);
    memo.set(signature, base);
  }
  return base;
};

/**
 * Runs `search` with the unavailable seats marked not free and not a candidate, then puts the
 * arrays back as they were. Marking in place, not on a copy: at an on-sale every reserve call
 * searches with the seats other calls are holding, and two 20,000-seat copies per search were
 * most of what the search allocated. The search is synchronous, so no other search sees the marks.
 */
const withUnavailable = <T>(
  layout: SeatLayout,
  c: Candidates,
  unavailableKeys: Iterable<string> | undefined,
  search: () => T,
): T => {
  if (!unavailableKeys) return search();
  const marked: number[] = [];
  const kinds: number[] = [];
  for (const key of unavailableKeys) {
    const i = layout.indexByKey.get(key);
    if (i === undefined || c.free[i] === 0) continue;
    marked.push(i);
    kinds.push(c.kind[i]!);
    c.free[i] = 0;
    c.kind[i] = NONE;
  }
  try {
    return search();
  } finally {
    for (let m = 0; m < marked.length; m++) {
      c.free[marked[m]!] = 1;
      c.kind[marked[m]!] = kinds[m]!;
    }
  }
};

/** A free seat beside the taken ones whose other neighbour is not free (or is the run's end). */
export const leavesOrphanSeat = (layout: SeatLayout, free: Uint8Array, taken: readonly number[]): boolean => {
  const takenSet = new Set(taken);
  const isFree = (i: number) => free[i] === 1 && !takenSet.has(i);
  return taken.some((i) => {
    const start = layout.runStart[i]!;
    const end = layout.runEnd[i]!;
    const stranded = (seat: number, away: number) =>
      seat >= start && seat <= end && isFree(seat) && !(away >= start && away <= end && isFree(away));
    return stranded(i - 1, i - 2) || stranded(i + 1, i + 2);
  });
};

interface Block {
  readonly start: number;
  readonly score: number;
}

/** Lexicographic (score, start): the first of equal blocks in canonical order wins. */
const better = (score: number, start: number, than: Block | undefined) =>
  !than || score < than.score || (score === than.score && start < than.start);

/**
 * The runs long enough for `size` adjacent seats, ordered by the best score any window of the
 * run could have (every seat free): static per layout and size, so it is built once.
 */
interface RunOrder {
  readonly starts: Int32Array;
  readonly bounds: Float64Array;
}

const runOrderMemo = new WeakMap<SeatLayout, Map<number, RunOrder>>();

const runOrder = (layout: SeatLayout, size: number): RunOrder => {
  let bySize = runOrderMemo.get(layout);
  if (!bySize) runOrderMemo.set(layout, (bySize = new Map()));
  let order = bySize.get(size);
  if (order) return order;
  const runs: { start: number; bound: number }[] = [];
  const n = layout.seats.length;
  for (let start = 0; start < n; start = layout.runEnd[start]! + 1) {
    const end = layout.runEnd[start]!;
    if (end - start + 1 < size) continue;
    // The same running sum as the search, so a window's score is never below its run's bound.
    let score = 0;
    let bound = Infinity;
    for (let j = start; j <= end; j++) {
      score += layout.seats[j]!.qualityRank;
      const first = j - size + 1;
      if (first > start) score -= layout.seats[first - 1]!.qualityRank;
      if (first >= start && score < bound) bound = score;
    }
    runs.push({ start, bound });
  }
  runs.sort((a, b) => a.bound - b.bound || a.start - b.start);
  order = {
    starts: Int32Array.from(runs, (r) => r.start),
    bounds: Float64Array.from(runs, (r) => r.bound),
  };
  bySize.set(size, order);
  return order;
};

/**
 * Stages 1 and 2: the best window of adjacent candidate seats, orphan-free and overall (`any` is
 * exact only when there is no clean block: stage 2 needs it only then). Runs are visited
 * best-possible first, and the visit stops once no later run could beat the clean block found,
 * so a search on an arena with free blocks left looks at a few rows, not all 20,000 seats.
 */
const adjacentBlocks = (layout: SeatLayout, c: Candidates): { clean?: Block; any?: Block } => {
  const size = c.need[0] + c.need[1];
  const { starts, bounds } = runOrder(layout, size);
  let clean: Block | undefined;
  let any: Block | undefined;
  const counts = [0, 0, 0];
  for (let r = 0; r < starts.length; r++) {
    // A clean block wins over any other: once found, only a run that could beat it matters.
    if (clean && bounds[r]! > clean.score) break;
    const start = starts[r]!;
    const end = layout.runEnd[start]!;
    counts[0] = counts[1] = counts[2] = 0;
    let score = 0;
    for (let j = start; j <= end; j++) {
      counts[c.kind[j]!]!++;
      score += layout.seats[j]!.qualityRank;
      const first = j - size + 1;
      if (first > start) {
        counts[c.kind[first - 1]!]!--;
        score -= layout.seats[first - 1]!.qualityRank;
      }
      if (first < start || counts[NONE] !== 0 || counts[FIRST] !== c.need[0] || counts[SECOND] !== c.need[1])
        continue;
      if (better(score, first, any)) any = { start: first, score };
      if (!better(score, first, clean)) continue;
      const left = first - 1;
      const right = j + 1;
      const strandedLeft =
        left >= start && c.free[left] === 1 && (left - 1 < start || c.free[left - 1] !== 1);
      const strandedRight =
        right <= end && c.free[right] === 1 && (right + 1 > end || c.free[right + 1] !== 1);
      if (!strandedLeft && !strandedRight) clean = { start: first, score };
    }
  }
  return { clean, any };
};

/** Candidate seats of one row by kind, best first. */
const rowCandidates = (layout: SeatLayout, c: Candidates, start: number, end: number) => {
  const byKind: [number[], number[]] = [[], []];
  for (let i = start; i < end; i++) {
    const k = c.kind[i]!;
    if (k !== NONE) byKind[k - 1]!.push(i);
  }
  const byRank = (a: number, b: number) =>
    layout.seats[a]!.qualityRank - layout.seats[b]!.qualityRank || a - b;
  byKind[0].sort(byRank);
  byKind[1].sort(byRank);
  return byKind;
};

interface SectionPick {
  readonly rows: number;
  readonly score: number;
  readonly seats: number[];
}

/**
 * Stage 3 for one section: the seats that use the fewest rows, and of those the best by quality
 * rank. A small dynamic programme over rows and how many of each kind are still wanted, so the
 * answer is exact (a greedy pick can need a row more).
 */
const bestInSection = (
  layout: SeatLayout,
  c: Candidates,
  rowStart: number,
  rowEnd: number,
): SectionPick | null => {
  const [need0, need1] = c.need;
  const width = need1 + 1;
  const states = (need0 + 1) * width;
  const rowCount = rowEnd - rowStart;
  let rowsUsed = new Int32Array(states).fill(-1);
  let score = new Float64Array(states);
  rowsUsed[0] = 0;
  const from = new Int32Array(rowCount * states).fill(-1);
  const rowSeats: [number[], number[]][] = [];
  for (let r = 0; r < rowCount; r++) {
    const row = layout.rows[rowStart + r]!;
    const byKind = rowCandidates(layout, c, row.start, row.end);
    rowSeats.push(byKind);
    const nextRows = rowsUsed.slice();
    const nextScore = score.slice();
    const layer = r * states;
    for (let s = 0; s < states; s++) from[layer + s] = rowsUsed[s]! >= 0 ? s : -1;
    if (byKind[0].length + byKind[1].length > 0) {
      const prefix = byKind.map((seats) => {
        const sums = [0];
        for (const i of seats) sums.push(sums[sums.length - 1]! + layout.seats[i]!.qualityRank);
        return sums;
      });
      for (let s = 0; s < states; s++) {
        if (rowsUsed[s]! < 0) continue;
        const have0 = Math.floor(s / width);
        const have1 = s % width;
        const most0 = Math.min(byKind[0].length, need0 - have0);
        const most1 = Math.min(byKind[1].length, need1 - have1);
        for (let t0 = 0; t0 <= most0; t0++)
          for (let t1 = t0 === 0 ? 1 : 0; t1 <= most1; t1++) {
            const target = (have0 + t0) * width + have1 + t1;
            const rows = rowsUsed[s]! + 1;
            const total = score[s]! + prefix[0]![t0]! + prefix[1]![t1]!;
            const known = nextRows[target]!;
            if (known < 0 || rows < known || (rows === known && total < nextScore[target]!)) {
              nextRows[target] = rows;
              nextScore[target] = total;
              from[layer + target] = s;
            }
          }
      }
    }
    rowsUsed = nextRows;
    score = nextScore;
  }
  const goal = states - 1;
  if (rowsUsed[goal]! < 0) return null;
  const seats: number[] = [];
  let state = goal;
  for (let r = rowCount - 1; r >= 0; r--) {
    const previous = from[r * states + state]!;
    const took0 = Math.floor(state / width) - Math.floor(previous / width);
    const took1 = (state % width) - (previous % width);
    seats.push(...rowSeats[r]![0].slice(0, took0), ...rowSeats[r]![1].slice(0, took1));
    state = previous;
  }
  return { rows: rowsUsed[goal]!, score: score[goal]!, seats };
};

const sameSection = (layout: SeatLayout, c: Candidates): number[] | null => {
  let best: SectionPick | null = null;
  for (const section of layout.sections) {
    const pick = bestInSection(layout, c, section.rowStart, section.rowEnd);
    if (pick && (!best || pick.rows < best.rows || (pick.rows === best.rows && pick.score < best.score)))
      best = pick;
  }
  return best ? best.seats : null;
};

/** Stage 4: the best seats of each kind wherever they are. */
const acrossSections = (layout: SeatLayout, c: Candidates): number[] | null => {
  const taken: number[] = [];
  const counts = [0, 0, 0];
  const wanted = c.need[0] + c.need[1];
  for (const i of layout.byRank) {
    const k = c.kind[i]!;
    if (k === NONE || counts[k]! >= c.need[k - 1]!) continue;
    counts[k]!++;
    taken.push(i);
    if (taken.length === wanted) return taken;
  }
  return null;
};

const generalAdmission = (inventory: SearchInventory, request: BestAvailableRequest): PickedGa | null => {
  if (request.accessible) return null; // standing places are not accessible seats
  const levels = request.priceLevelIds?.length ? new Set(request.priceLevelIds) : null;
  const zones = request.zones?.length ? new Set(request.zones) : null;
  const sections = request.sections?.length ? new Set(request.sections) : null;
  const fits = inventory.gaSections
    .filter(
      (ga) =>
        ga.maxAvailable >= request.quantity &&
        (!levels || levels.has(ga.priceLevelId)) &&
        (!zones || zones.has(inventory.priceLevelZones.get(ga.priceLevelId) ?? '')) &&
        (!sections || sections.has(ga.key)),
    )
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const ga = fits[0];
  return ga
    ? { key: ga.key, name: ga.name, priceLevelId: ga.priceLevelId, quantity: request.quantity }
    : null;
};

const picked = (layout: SeatLayout, c: Candidates, indices: readonly number[]): PickedSeat[] =>
  [...indices]
    .sort((a, b) => a - b)
    .map((i) => {
      const seat = layout.seats[i]!;
      return {
        key: seat.key,
        section: seat.section,
        sectionName: layout.sectionNames.get(seat.section) ?? seat.section,
        row: seat.row,
        number: seat.number,
        priceLevelId: c.priceLevel[i]!,
        adaType: seat.adaType,
        qualityRank: seat.qualityRank,
      };
    });

const seatsResult = (
  layout: SeatLayout,
  c: Candidates,
  stage: SearchStage,
  indices: readonly number[],
): BestAvailableResult => ({
  stage,
  together: formsOneBlock(layout, indices),
  seats: picked(layout, c, indices),
  ga: null,
  leavesOrphan: leavesOrphanSeat(layout, c.free, indices),
});

/** The staged search. Never returns a seat the caller may not sell, nor fewer or more than asked. */
export const bestAvailable = (
  inventory: SearchInventory,
  request: BestAvailableRequest,
): BestAvailableResult => {
  const wanted = request.accessible
    ? request.accessible.seats + request.accessible.companions
    : request.quantity;
  if (!Number.isSafeInteger(wanted) || wanted < 1) return NOTHING;
  const { layout } = inventory;
  const c = candidatesOf(inventory, request);
  return withUnavailable(layout, c, request.unavailableKeys, () => {
    const { clean, any } = adjacentBlocks(layout, c);
    const block = (start: number) => Array.from({ length: wanted }, (_, k) => start + k);
    if (clean) return seatsResult(layout, c, 1, block(clean.start));
    if (any) return seatsResult(layout, c, 2, block(any.start));
    const inSection = sameSection(layout, c);
    if (inSection) return seatsResult(layout, c, 3, inSection);
    const across = acrossSections(layout, c);
    if (across) return seatsResult(layout, c, 4, across);
    const ga = generalAdmission(inventory, request);
    if (ga) return { stage: 5, together: true, seats: [], ga, leavesOrphan: false };
    return NOTHING;
  });
};
