// A comp type may limit how many tickets one order gives away (MaxCompQuantity; null: no limit).
// A comp payment comps the order's tickets, so the order's ticket count is what is counted. Pure.

export interface CompType {
  readonly id: number;
  readonly name: string;
  readonly maxCompQuantity: number | null;
  readonly isActive: boolean;
}

export type CompCheck =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: 'Inactive' }
  | { readonly ok: false; readonly reason: 'TooMany'; readonly max: number };

export const checkComp = (type: CompType, ticketCount: number): CompCheck => {
  if (!type.isActive) return { ok: false, reason: 'Inactive' };
  if (type.maxCompQuantity !== null && ticketCount > type.maxCompQuantity)
    return { ok: false, reason: 'TooMany', max: type.maxCompQuantity };
  return { ok: true };
};

export const compMessage = (type: CompType, check: Exclude<CompCheck, { ok: true }>): string =>
  check.reason === 'Inactive'
    ? `The comp type ${type.name} is no longer in use.`
    : `${type.name} comps are limited to ${check.max} ticket${check.max === 1 ? '' : 's'} per order.`;
