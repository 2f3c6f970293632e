import { halve, linkedEventSubtotal } from '../../../../core/plans/linked-event-subtotal.ts';

// The ticket-and-fees subtotal popup (special linked events halve price and fees: the pair is
// sold as one). Integer minor units throughout. The halving is core/plans/linked-event-subtotal.ts's:
// each amount (a ticket's price, each of its fees) halved on its own, rounding down, so the map
// and the plan's rules show the same figures.

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

export const subtotalOf = (tickets: readonly PricedTicket[], specialLinkedEvent: boolean): Subtotal => {
  // One line per amount: the core halves a line's price and its fees each on its own.
  const lines = tickets.flatMap((ticket) => [
    { price: ticket.price, fees: 0 },
    ...ticket.fees.map((fee) => ({ price: 0, fees: fee.Value })),
  ]);
  const sum = linkedEventSubtotal(lines, specialLinkedEvent);
  const fees = new Map<string, number>();
  for (const ticket of tickets)
    for (const fee of ticket.fees)
      fees.set(fee.Name, (fees.get(fee.Name) ?? 0) + (specialLinkedEvent ? halve(fee.Value)[1] : fee.Value));
  const feeLines = [...fees].map(([name, amount]) => ({ name, amount }));
  return { tickets: sum.price, fees: sum.fees, total: sum.total, feeLines, count: tickets.length };
};
