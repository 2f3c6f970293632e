// The prices of a template (its defaults) or of one performance: a level per zone of the seat map
// with its label and colour, an amount per level and price type, and fees. Amounts are integer
// minor units of the venue's currency. What a save must satisfy is checked here, field by field,
// so a refusal names the first wrong cell the way the screen and the API call it.

export interface GridLevel {
  readonly zone: string;
  readonly label: string;
  /** '#rrggbb' on the seat map and its legend. */
  readonly color: string;
  readonly displayOrder: number;
}

export interface GridPrice {
  readonly zone: string;
  readonly priceTypeId: number;
  readonly amount: number;
}

export type FeeScope = 'Ticket' | 'Order';

export interface GridFee {
  /** Null: every level. */
  readonly zone: string | null;
  /** Null: every price type. */
  readonly priceTypeId: number | null;
  readonly name: string;
  readonly scope: FeeScope;
  /** Fixed part, minor units. */
  readonly amount: number;
  /** Share of face value in basis points (250 = 2.5 %). */
  readonly rateBp: number;
}

export interface PriceGrid {
  readonly levels: readonly GridLevel[];
  readonly prices: readonly GridPrice[];
  readonly fees: readonly GridFee[];
}

export interface GridProblem {
  /** The field as the API names it: 'Levels[1].Color', 'Prices[4].Amount', 'Fees[0].Name'. */
  readonly field: string;
  readonly reason: string;
}

/** The largest amount a cell takes: 99,999,999 minor units (a million less a cent). */
export const MAX_AMOUNT = 99_999_999;
export const MAX_RATE_BP = 10_000;
const COLOR = /^#[0-9a-fA-F]{6}$/;

const isAmount = (n: number) => Number.isSafeInteger(n) && n >= 0 && n <= MAX_AMOUNT;

/**
 * The grid as it will be saved (labels and names trimmed, colours lower case), or the first
 * problem. `zones` are the zones the grid may have levels for; with `allZones` every one of them
 * must have its level (a performance's seats point at its levels, so none may go).
 */
export const checkPriceGrid = (
  grid: PriceGrid,
  known: {
    readonly zones: readonly string[];
    readonly priceTypeIds: readonly number[];
    readonly allZones: boolean;
  },
): { ok: true; grid: PriceGrid } | { ok: false; problem: GridProblem } => {
  const fail = (field: string, reason: string) => ({ ok: false as const, problem: { field, reason } });
  const zones = new Set(known.zones);
  const types = new Set(known.priceTypeIds);
  const levelZones = new Set<string>();
  const levels: GridLevel[] = [];
  for (const [i, level] of grid.levels.entries()) {
    if (!zones.has(level.zone)) return fail(`Levels[${i}].Zone`, `the seat map has no zone ${level.zone}`);
    if (levelZones.has(level.zone)) return fail(`Levels[${i}].Zone`, `zone ${level.zone} has two levels`);
    levelZones.add(level.zone);
    const label = level.label.trim();
    if (label === '') return fail(`Levels[${i}].Label`, 'a price level needs a name');
    if (label.length > 60) return fail(`Levels[${i}].Label`, 'at most 60 characters');
    if (!COLOR.test(level.color)) return fail(`Levels[${i}].Color`, 'a colour is written #rrggbb');
    levels.push({
      zone: level.zone,
      label,
      color: level.color.toLowerCase(),
      displayOrder: level.displayOrder,
    });
  }
  if (known.allZones)
    for (const zone of known.zones)
      if (!levelZones.has(zone)) return fail('Levels', `zone ${zone} needs its price level`);
  const cells = new Set<string>();
  for (const [i, price] of grid.prices.entries()) {
    if (!levelZones.has(price.zone))
      return fail(`Prices[${i}].Zone`, `there is no price level for zone ${price.zone}`);
    if (!types.has(price.priceTypeId)) return fail(`Prices[${i}].PriceTypeID`, 'no such price type');
    const key = `${price.zone}\u0000${price.priceTypeId}`;
    if (cells.has(key)) return fail(`Prices[${i}]`, 'this price is given twice');
    cells.add(key);
    if (!isAmount(price.amount)) return fail(`Prices[${i}].Amount`, 'an amount of 0 or more is needed');
  }
  const fees: GridFee[] = [];
  for (const [i, fee] of grid.fees.entries()) {
    const name = fee.name.trim();
    if (name === '') return fail(`Fees[${i}].Name`, 'a fee needs a name');
    if (fee.zone !== null && !levelZones.has(fee.zone))
      return fail(`Fees[${i}].Zone`, `there is no price level for zone ${fee.zone}`);
    if (fee.priceTypeId !== null && !types.has(fee.priceTypeId))
      return fail(`Fees[${i}].PriceTypeID`, 'no such price type');
    if (fee.scope === 'Order' && (fee.zone !== null || fee.priceTypeId !== null))
      return fail(`Fees[${i}].Scope`, 'a fee per order applies to every level and price type');
    if (!isAmount(fee.amount)) return fail(`Fees[${i}].Amount`, 'an amount of 0 or more is needed');
    if (!Number.isSafeInteger(fee.rateBp) || fee.rateBp < 0 || fee.rateBp > MAX_RATE_BP)
      return fail(`Fees[${i}].RateBp`, 'a percentage from 0 to 100');
    if (fee.amount === 0 && fee.rateBp === 0)
      return fail(`Fees[${i}].Amount`, 'a fee of nothing: give an amount or a percentage');
    fees.push({ ...fee, name });
  }
  return { ok: true, grid: { levels, prices: grid.prices, fees } };
};

/**
 * A short fingerprint of a grid as stored, sent with the screen and back with the save: when it no
 * longer matches, someone else saved in between (FNV-1a over a canonical text).
 */
export const gridVersion = (grid: PriceGrid): string => {
  const text = JSON.stringify([
    [...grid.levels].map((l) => [l.zone, l.label, l.color, l.displayOrder]).sort(compare),
    [...grid.prices].map((p) => [p.zone, p.priceTypeId, p.amount]).sort(compare),
    [...grid.fees].map((f) => [f.zone, f.priceTypeId, f.name, f.scope, f.amount, f.rateBp]).sort(compare),
  ]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `${hash.toString(16).padStart(8, '0')}-${text.length.toString(36)}`;
};

const compare = (a: readonly unknown[], b: readonly unknown[]) => {
  const x = JSON.stringify(a);
  const y = JSON.stringify(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

/** The colour a zone gets when the template names no level for it: a quiet grey. */
export const UNNAMED_ZONE_COLOR = '#8a8f98';
