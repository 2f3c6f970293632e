import type { PickedGa } from './search-result.ts';
import type { BestAvailableRequest, SearchInventory } from './search-input.ts';

/**
 * Stage 5: places in a general-admission section that has enough left and matches the price
 * levels, zones and sections asked for; of several, the first by key.
 */
export const generalAdmission = (
  inventory: SearchInventory,
  request: BestAvailableRequest,
): PickedGa | null => {
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
