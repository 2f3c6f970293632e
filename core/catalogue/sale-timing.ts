// When an event can be bought and how soon it starts. `now` is always passed in.

/** Before the sale date an on-sale overlay shows (presale codes aside). */
export const isBeforeSaleDate = (onSaleAt: Date, now: Date): boolean => now.getTime() < onSaleAt.getTime();

/** After its off-sale instant (if it has one) the storefront no longer sells a performance. */
export const isAfterOffSale = (offSaleAt: Date | null | undefined, now: Date): boolean =>
  offSaleAt != null && now.getTime() >= offSaleAt.getTime();

/** Whole hours until the start, rounded down; negative once the event has started. */
export const hoursToEvent = (startsAt: Date, now: Date): number =>
  Math.floor((startsAt.getTime() - now.getTime()) / 3_600_000);
