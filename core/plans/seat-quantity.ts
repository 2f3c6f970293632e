import { DEFAULT_ORDER_TICKET_LIMIT } from '../basket/rules/ticket-limit.ts';

// A plan's same seat quantity: how many seats the buyer takes in every slot of the plan. The
// plan screen's quantity input, the seatQty of its URL and the box office's plan basket all go
// through these rules, so a quantity outside the plan's limits is never used: it is brought
// into range, and the buyer is told the limits.

/** A plan without a minimum quantity, and no seatQty asked for, starts at 2 seats. */
export const DEFAULT_PLAN_QUANTITY = 2;

/**
 * A plan's limits; either may be absent: no minimum is 1 seat, no maximum is the order's default
 * ticket limit (core/basket/rules/ticket-limit.ts), which a basket could not go beyond anyway.
 */
export interface PlanQuantityLimits {
  readonly minQuantity?: number | null;
  readonly maxQuantity?: number | null;
}

export interface ClampedQuantity {
  /** A whole number within the limits. */
  readonly quantity: number;
  /** Set when the quantity asked for was outside the limits (and so was changed). */
  readonly message: string | null;
}

/** The range a plan allows; a maximum below the minimum is read as the minimum. */
export const quantityRange = (limits: PlanQuantityLimits): { min: number; max: number } => {
  const min = wholeAtLeastOne(limits.minQuantity) ?? 1;
  const max = wholeAtLeastOne(limits.maxQuantity);
  return { min, max: Math.max(min, max ?? DEFAULT_ORDER_TICKET_LIMIT) };
};

const wholeAtLeastOne = (value: number | null | undefined): number | null =>
  value === null || value === undefined || !Number.isFinite(value) ? null : Math.max(1, Math.floor(value));

/** 'Minimum guest quantity is 2 and maximum guest quantity is 8.' */
export const seatQuantityMessage = (limits: PlanQuantityLimits): string => {
  const { min, max } = quantityRange(limits);
  return `Minimum guest quantity is ${min} and maximum guest quantity is ${max}.`;
};

/**
 * The quantity the plan takes for `asked`: fractions round down, then the quantity is brought
 * within the plan's limits, with the limits' message when it had to be. A quantity that is not a
 * number at all becomes the minimum, with the message.
 */
export const clampSeatQuantity = (asked: number, limits: PlanQuantityLimits): ClampedQuantity => {
  const { min, max } = quantityRange(limits);
  if (!Number.isFinite(asked)) return { quantity: min, message: seatQuantityMessage(limits) };
  const whole = Math.floor(asked);
  const quantity = Math.min(max, Math.max(min, whole));
  return { quantity, message: quantity === whole ? null : seatQuantityMessage(limits) };
};

/**
 * The quantity a plan screen starts with: the URL's seatQty when it is given (digits only,
 * clamped like a typed quantity), else the plan's minimum, else DEFAULT_PLAN_QUANTITY (itself
 * brought within a maximum below it). A seatQty that is not digits is ignored, with no message.
 */
export const initialSeatQuantity = (
  seatQty: string | null | undefined,
  limits: PlanQuantityLimits,
): ClampedQuantity => {
  const text = seatQty?.trim() ?? '';
  if (/^\d+$/.test(text)) return clampSeatQuantity(Number(text), limits);
  const fallback = wholeAtLeastOne(limits.minQuantity) ?? DEFAULT_PLAN_QUANTITY;
  return { quantity: clampSeatQuantity(fallback, limits).quantity, message: null };
};

/** What the screen does when the buyer changes the same seat quantity. */
export type QuantityChange =
  /** The same quantity: nothing to do. */
  | { readonly kind: 'unchanged'; readonly quantity: number }
  /** No seats are held: the new quantity is taken at once. */
  | { readonly kind: 'apply'; readonly quantity: number }
  /**
   * Seats are held at the old quantity: the buyer must confirm releasing them (confirming clears
   * the basket and takes `to`; cancelling keeps `from`).
   */
  | { readonly kind: 'confirmRelease'; readonly from: number; readonly to: number };

/** `held`: the quantity in force and how many seats the plan's basket holds at it. */
export const quantityChange = (
  held: { readonly quantity: number; readonly seatsHeld: number },
  next: number,
): QuantityChange => {
  if (next === held.quantity) return { kind: 'unchanged', quantity: held.quantity };
  if (held.seatsHeld <= 0) return { kind: 'apply', quantity: next };
  return { kind: 'confirmRelease', from: held.quantity, to: next };
};

/** The buyer's answer to a `confirmRelease`: the quantity now in force, and whether to clear the basket. */
export const answerRelease = (
  change: Extract<QuantityChange, { kind: 'confirmRelease' }>,
  confirmed: boolean,
): { readonly quantity: number; readonly clearBasket: boolean } =>
  confirmed ? { quantity: change.to, clearBasket: true } : { quantity: change.from, clearBasket: false };
