import { acrossSections } from './across-sections.ts';
import { adjacentBlocks } from './adjacent-blocks.ts';
import { candidatesOf } from './candidate-memo.ts';
import { generalAdmission } from './general-admission.ts';
import { sameSection } from './same-section.ts';
import type { BestAvailableRequest, SearchInventory } from './search-input.ts';
import { gaResult, NOTHING, seatsResult, type BestAvailableResult } from './search-result.ts';
import { withUnavailable } from './unavailable-seats.ts';

// Best-available search: the seats a buyer who asked for "the best N" gets, found the way
// seat-map services do it, each stage only when the one before found nothing:
//   1. N adjacent seats in one row that leave no single orphan seat, best by quality rank
//      (best-available/adjacent-blocks.ts);
//   2. N adjacent seats in one row, orphans allowed (the same file);
//   3. the N best seats of one section in as few rows as possible (best-available/same-section.ts);
//   4. the N best seats across sections (best-available/across-sections.ts);
//   5. N places in a general-admission section (best-available/general-admission.ts).
// Which seats count, and as an ordinary, accessible or companion seat: best-available/candidates.ts.
// Pure and deterministic: the same inventory gives the same seats whatever order it comes in.

export type { BestAvailableRequest, LiveGaSection, LiveSeat, SearchInventory } from './search-input.ts';
export type { BestAvailableResult, PickedGa, PickedSeat, SearchStage } from './search-result.ts';

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
    if (ga) return gaResult(ga);
    return NOTHING;
  });
};
