// The ticket-and-fees subtotal popup (special linked events halve price and fees: the pair is
// sold as one). Integer minor units throughout.

export interface PricedTicket {
  readonly price: number;
  readonly fees: readonly { readonly Name: string; readonly Value: number }[];
}

export interface Subtotal {
  readonly tickets: number;
  readonly fees: number;
  readonly total: number;
  /** Fees by name, in first-seen order. */
  readonly feeLines: readonly { readonly name: string; readonly amount: number }[];
  readonly count: number;
}

/** Half of an amount in minor units, half a cent rounded up (5 -> 3). */
export const halve = (minor: number): number => Math.ceil(minor / 2);

export const subtotalOf = (tickets: readonly PricedTicket[], specialLinkedEvent: boolean): Subtotal => {
  const part = specialLinkedEvent ? halve : (n: number) => n;
  let price = 0;
  const fees = new Map<string, number>();
  for (const ticket of tickets) {
    price += part(ticket.price);
    for (const fee of ticket.fees) fees.set(fee.Name, (fees.get(fee.Name) ?? 0) + part(fee.Value));
  }
  const feeLines = [...fees].map(([name, amount]) => ({ name, amount }));
  const feeTotal = feeLines.reduce((sum, line) => sum + line.amount, 0);
  return { tickets: price, fees: feeTotal, total: price + feeTotal, feeLines, count: tickets.length };
};
