import { countsTowardTicketLimit } from '../../inventory/accessibility.ts';
import { defaultTicketLimitMessage } from '../../pricing/price-map.ts';
import { TicketLimitExceeded } from '../errors.ts';

// The selected seat limit is OrderTicketLimit (default 12) across the whole
// basket; accessible seats count toward it except Aisle Transfer; GA counts by quantity.

export const DEFAULT_ORDER_TICKET_LIMIT = 12;

export interface CountedTicket {
  readonly adaType: string | null;
  readonly quantity: number;
}

/** Tickets that count toward the limit. */
export const ticketLimitCount = (tickets: readonly CountedTicket[]): number =>
  tickets.reduce((sum, t) => sum + (countsTowardTicketLimit(t.adaType) ? t.quantity : 0), 0);

export interface TicketLimit {
  /** The series' OrderTicketLimit; a missing or nonsensical one falls back to 12. */
  readonly limit: number | null;
  /** The series' TicketLimitMessage; null gives the default sentence. */
  readonly message: string | null;
}

export const effectiveLimit = (limit: number | null): number =>
  limit !== null && Number.isSafeInteger(limit) && limit > 0 ? limit : DEFAULT_ORDER_TICKET_LIMIT;

/** Null when the basket may take the new tickets, else the error with the series' message. */
export const checkTicketLimit = (
  inBasket: readonly CountedTicket[],
  adding: readonly CountedTicket[],
  rule: TicketLimit,
): TicketLimitExceeded | null => {
  const limit = effectiveLimit(rule.limit);
  if (ticketLimitCount(inBasket) + ticketLimitCount(adding) <= limit) return null;
  return new TicketLimitExceeded({ limit, message: rule.message ?? defaultTicketLimitMessage(limit) });
};
