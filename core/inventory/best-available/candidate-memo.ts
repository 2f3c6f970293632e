import type { SeatLayout } from '../seat-layout.ts';
import type { HoldSubclassRule } from '../seat-status.ts';
import { sellableCandidates, type Candidates } from './candidates.ts';
import type { BestAvailableRequest, LiveSeat, SearchInventory } from './search-input.ts';

// The candidates before unavailableKeys, kept per (layout, seat list, hold rules) and per what
// the request filters on: at an on-sale hundreds of searches a second share one read of the
// event's seats and ask the same thing, so each pays only for its own unavailable keys. A memo
// of a pure function: same answers (a search marks its unavailable seats in the arrays and puts
// them back before it returns, see withUnavailable in ./unavailable-seats.ts).
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

/** sellableCandidates(inventory, request), shared by the searches that ask the same of one read. */
export const candidatesOf = (inventory: SearchInventory, request: BestAvailableRequest): Candidates => {
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
