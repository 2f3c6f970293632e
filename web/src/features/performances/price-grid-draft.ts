import type { PriceGrid } from '../../../../adapters/http/contract/performances.ts';
import { amountText, percentText, readAmountBox, readPercent } from './money-text.ts';
import { zoneColours } from '../../../../core/venues/price-colours.ts';

// The price grid as typed on screen: a row per zone (its label and colour), a box per price type
// (empty: not sold at that type), and fees. Turned into the grid the API takes, or into the
// problems to show beside each box.

export interface FeeDraft {
  readonly name: string;
  readonly scope: 'Ticket' | 'Order';
  /** '' for every level. */
  readonly zone: string;
  /** '' for every price type. */
  readonly priceTypeId: string;
  readonly amount: string;
  readonly percent: string;
}

export interface GridDraft {
  readonly levels: readonly { readonly zone: string; readonly label: string; readonly color: string }[];
  /** Keyed by cellKey(zone, priceTypeId). */
  readonly cells: Readonly<Record<string, string>>;
  readonly fees: readonly FeeDraft[];
}

export const UNNAMED_COLOR = '#8a8f98';

export const cellKey = (zone: string, priceTypeId: number) => `${zone}|${priceTypeId}`;

/** The element id of a box, for focus and error text. */
export const cellId = (zone: string, priceTypeId: number) =>
  `price-${zone.replace(/[^A-Za-z0-9_-]/g, '_')}-${priceTypeId}`;
export const feeId = (index: number, part: 'name' | 'amount' | 'percent' | 'scope') => `fee-${index}-${part}`;
export const labelId = (zone: string) => `level-${zone.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/** The draft of a stored grid; `zones` are the rows, in order (a zone without a level is named by itself). */
export const draftOf = (grid: PriceGrid, zones: readonly string[], currencyLocale: string): GridDraft => {
  const levels = new Map(grid.Levels.map((l) => [l.Zone, l]));
  // A zone without a level yet takes a colour of the seat map's palette no other zone has, as the
  // venue's seat-map page draws it (core/venues/price-colours.ts), so a new map is not all grey.
  const colours = zoneColours(zones.map((zone) => ({ name: zone, color: levels.get(zone)?.Color ?? null })));
  return {
    levels: zones.map((zone, i) => ({
      zone,
      label: levels.get(zone)?.Label ?? zone,
      color: colours[i]?.color ?? UNNAMED_COLOR,
    })),
    cells: Object.fromEntries(
      grid.Prices.map((p) => [cellKey(p.Zone, p.PriceTypeID), amountText(p.Amount, currencyLocale)]),
    ),
    fees: grid.Fees.map((f) => ({
      name: f.Name,
      scope: f.Scope,
      zone: f.Zone ?? '',
      priceTypeId: f.PriceTypeID === null ? '' : String(f.PriceTypeID),
      amount: amountText(f.Amount, currencyLocale),
      percent: percentText(f.RateBp),
    })),
  };
};

export type DraftProblem = 'amount' | 'percent' | 'name' | 'label' | 'orderFeeScope' | 'emptyFee';

/** The grid to save, or each box's problem by element id (in the order they appear). */
export const gridOfDraft = (
  draft: GridDraft,
  priceTypeIds: readonly number[],
  currencyLocale: string,
): { ok: true; grid: PriceGrid } | { ok: false; problems: [string, DraftProblem][] } => {
  const problems: [string, DraftProblem][] = [];
  const prices: PriceGrid['Prices'] = [];
  for (const level of draft.levels) {
    if (level.label.trim() === '') problems.push([labelId(level.zone), 'label']);
    for (const typeId of priceTypeIds) {
      const read = readAmountBox(draft.cells[cellKey(level.zone, typeId)] ?? '', currencyLocale);
      if (read === null) problems.push([cellId(level.zone, typeId), 'amount']);
      else if ('amount' in read) prices.push({ Zone: level.zone, PriceTypeID: typeId, Amount: read.amount });
    }
  }
  const fees: PriceGrid['Fees'] = [];
  draft.fees.forEach((fee, i) => {
    const amount = readAmountBox(fee.amount, currencyLocale);
    const rate = readPercent(fee.percent);
    if (fee.name.trim() === '') problems.push([feeId(i, 'name'), 'name']);
    if (amount === null) problems.push([feeId(i, 'amount'), 'amount']);
    if (rate === null) problems.push([feeId(i, 'percent'), 'percent']);
    if (fee.scope === 'Order' && (fee.zone !== '' || fee.priceTypeId !== ''))
      problems.push([feeId(i, 'scope'), 'orderFeeScope']);
    const minor = amount && 'amount' in amount ? amount.amount : 0;
    if (amount !== null && rate !== null && minor === 0 && rate === 0)
      problems.push([feeId(i, 'amount'), 'emptyFee']);
    fees.push({
      Name: fee.name.trim(),
      Scope: fee.scope,
      Zone: fee.zone === '' ? null : fee.zone,
      PriceTypeID: fee.priceTypeId === '' ? null : Number(fee.priceTypeId),
      Amount: minor,
      RateBp: rate ?? 0,
    });
  });
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    grid: {
      Levels: draft.levels.map((l, i) => ({
        Zone: l.zone,
        Label: l.label.trim(),
        Color: l.color,
        DisplayOrder: i + 1,
      })),
      Prices: prices,
      Fees: fees,
    },
  };
};
