// A plan with a special linked event setup sells each ticket as one item per linked event, each
// carrying the package's whole price and fees; the subtotal popup of one event shows half of
// each, so that the two events together show what the package costs. The charge itself is never
// halved: these figures are for the popup only.
//
// Rounding: each amount is halved on its own, in minor units, rounding down (an odd amount drops
// its half minor unit). So the halves shown for the two events never add up to more than the
// whole, and fall short of it by at most one minor unit per odd amount. `halve` gives the exact
// split (the larger half first) where the two halves must add up to the whole.

export interface SubtotalLine {
  /** Minor units, 0 or more. */
  readonly price: number;
  /** The line's fees, minor units, 0 or more. */
  readonly fees: number;
}

export interface Subtotal {
  readonly price: number;
  readonly fees: number;
  readonly total: number;
}

const assertAmount = (amount: number, what: string): void => {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new RangeError(`${what} must be a whole number of minor units, 0 or more; got ${amount}`);
};

/** [larger half, smaller half] of an amount in minor units; they add up to the amount. */
export const halve = (amount: number): readonly [number, number] => {
  assertAmount(amount, 'An amount to halve');
  const smaller = Math.floor(amount / 2);
  return [amount - smaller, smaller];
};

/** The subtotal of the lines: whole amounts, or with `special` each amount's smaller half. */
export const linkedEventSubtotal = (lines: readonly SubtotalLine[], special: boolean): Subtotal => {
  let price = 0;
  let fees = 0;
  for (const line of lines) {
    assertAmount(line.price, 'A line price');
    assertAmount(line.fees, 'A line fee');
    price += special ? halve(line.price)[1] : line.price;
    fees += special ? halve(line.fees)[1] : line.fees;
  }
  return { price, fees, total: price + fees };
};
