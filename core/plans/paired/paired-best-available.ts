import {
  bestAvailable,
  type BestAvailableRequest,
  type BestAvailableResult,
  type PickedSeat,
  type SearchInventory,
} from '../../inventory/best-available/best-available.ts';
import { sellableCandidates } from '../../inventory/best-available/candidates.ts';
import { NOTHING } from '../../inventory/best-available/search-result.ts';

// Best available for a paired plan: its parts are sold in the same seats, so the search runs on
// the first part with every seat that some other part cannot sell marked taken (a GA section
// counts the places left in every part), and each other part gets the same seat keys, named and
// priced as that part has them. One search for all parts: the pair is free in every part, or
// nothing is proposed.

/** The seat keys the caller may buy in this part (sellable to them, whatever the filters). */
const sellableKeys = (part: SearchInventory, request: BestAvailableRequest): Set<string> => {
  const c = sellableCandidates(part, request);
  const keys = new Set<string>();
  for (let i = 0; i < c.free.length; i++) if (c.free[i] === 1) keys.add(part.layout.seats[i]!.key);
  return keys;
};

/** The first part's seat as another part has it (its section name, its price level there). */
const sameSeatIn = (part: SearchInventory, seat: PickedSeat): PickedSeat => {
  const i = part.layout.indexByKey.get(seat.key)!;
  const place = part.layout.seats[i]!;
  const live = part.seats.find((s) => s.key === seat.key)!;
  return {
    ...seat,
    section: place.section,
    sectionName: part.layout.sectionNames.get(place.section) ?? place.section,
    row: place.row,
    number: place.number,
    priceLevelId: live.priceLevelId,
    adaType: place.adaType,
    qualityRank: place.qualityRank,
  };
};

/**
 * One answer per part, in the parts' order: the same seats (or places of the same GA section) in
 * each, all free to the caller, or NOTHING for every part.
 */
export const pairedBestAvailable = (
  parts: readonly SearchInventory[],
  request: BestAvailableRequest,
): BestAvailableResult[] => {
  const [first, ...others] = parts;
  if (!first) return [];
  const elsewhere = others.map((part) => sellableKeys(part, request));
  const unavailable = new Set(request.unavailableKeys ?? []);
  for (const seat of first.layout.seats)
    if (elsewhere.some((keys) => !keys.has(seat.key))) unavailable.add(seat.key);
  const gaLeft = (key: string, own: number) =>
    Math.min(own, ...others.map((part) => part.gaSections.find((g) => g.key === key)?.maxAvailable ?? 0));
  const searched: SearchInventory = {
    ...first,
    gaSections: first.gaSections.map((ga) => ({ ...ga, maxAvailable: gaLeft(ga.key, ga.maxAvailable) })),
  };
  const found = bestAvailable(searched, { ...request, unavailableKeys: unavailable });
  if (found.stage === null) return parts.map(() => NOTHING);
  return [
    found,
    ...others.map((part) => {
      const ga = found.ga && part.gaSections.find((g) => g.key === found.ga!.key)!;
      return {
        ...found,
        seats: found.seats.map((seat) => sameSeatIn(part, seat)),
        ga: found.ga && ga ? { ...found.ga, name: ga.name, priceLevelId: ga.priceLevelId } : null,
      };
    }),
  ];
};
