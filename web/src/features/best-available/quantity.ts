// The best-available quantity: digits only, capped at the ticket limit (default
// 12) with the limit warning, at least 1 (or the plan's minimum) with a warning.

export const DEFAULT_TICKET_LIMIT = 12;

export interface QuantityRules {
  /** OrderTicketLimit; a missing or nonsensical one is 12. */
  readonly limit?: number | null;
  /** A plan's minQuantity; 1 without a plan. */
  readonly minimum?: number | null;
}

export type QuantityWarning = 'AboveLimit' | 'BelowMinimum' | null;

export interface Quantity {
  readonly value: number;
  readonly warning: QuantityWarning;
}

const whole = (n: number | null | undefined, fallback: number) =>
  n !== null && n !== undefined && Number.isSafeInteger(n) && n > 0 ? n : fallback;

/** What the field shows while typing: digits only, and no more than the limit's digits allow. */
export const digitsOnly = (typed: string): string =>
  typed
    .replace(/\D+/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 3);

/** The quantity to search for, clamped into [minimum, limit], with the warning to show. */
export const clampQuantity = (typed: string, rules: QuantityRules = {}): Quantity => {
  const limit = whole(rules.limit, DEFAULT_TICKET_LIMIT);
  const minimum = Math.min(whole(rules.minimum, 1), limit);
  const digits = digitsOnly(typed);
  const asked = digits === '' ? 0 : Number(digits);
  if (asked > limit) return { value: limit, warning: 'AboveLimit' };
  if (asked < minimum) return { value: minimum, warning: 'BelowMinimum' };
  return { value: asked, warning: null };
};
