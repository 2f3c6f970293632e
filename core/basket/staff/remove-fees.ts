import type { TicketItem } from '../basket.ts';
import { AdminBasketRefused } from './errors.ts';
import { chosenTickets } from './override-price.ts';
import { ticketUnitFees } from '../totals.ts';

// Remove fees (bulk edit, staff with the bulkEdit permission): the chosen tickets carry no
// per-ticket fees any more (their fee lines, FeeTotal and a package seat's fee). Prices are
// untouched; totals stay the sum of their parts (totals.ts).

export interface FeesRemoved {
  readonly tickets: readonly TicketItem[];
  /** What the fees came to before, over the quantities (for the audit). */
  readonly removed: number;
}

export const removeFees = (
  tickets: readonly TicketItem[],
  itemIds: readonly number[],
): FeesRemoved | AdminBasketRefused => {
  const chosen = chosenTickets(tickets, itemIds);
  if (chosen instanceof AdminBasketRefused) return chosen;
  return {
    tickets: chosen.map((t) => ({
      ...t,
      fees: [],
      feeTotal: 0,
      packageFeeTotal: t.packageFeeTotal === null ? null : 0,
    })),
    removed: chosen.reduce((sum, t) => sum + ticketUnitFees(t) * t.quantity, 0),
  };
};
