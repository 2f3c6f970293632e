// The rules of the quantity stepper (web/src/ui/quantity-stepper.tsx), whatever it counts.

/** Within 0 and `max`, a whole number. */
export const clampTo = (quantity: number, max: number): number =>
  Math.min(max, Math.max(0, Math.trunc(quantity)));

/** What the field keeps of a typed text: digits only, at most as many as `max` has. */
export const typedDigits = (typed: string, max: number): string =>
  typed.replace(/\D/g, '').slice(0, String(max).length);

/** The quantity a typed text asks for: empty is 0, never below 0 nor above `max`. */
export const quantityTyped = (typed: string, max: number): number => {
  const digits = typedDigits(typed, max);
  return digits === '' ? 0 : clampTo(Number(digits), max);
};

/** One step of the − / + buttons, within 0 and `max`. */
export const stepped = (quantity: number, step: 1 | -1, max: number): number => clampTo(quantity + step, max);
