import { isLive, type Basket } from '../basket.ts';

// Saved baskets: a clerk saves the basket of a phone customer, and any clerk resumes it later
// (the basket is the box office's, not one clerk's). A saved basket keeps its seats until the
// saved-basket hold runs out (SAVED_BASKET_HOLD_HOURS from the save, configurable), but never
// past the start of the earliest event it holds tickets for, and never less than it already had.
// The basket's expiry and its holds move together (adapters/postgres/basket/staff/saved-baskets.ts), so
// the expiry job and the sweep, which judge the basket's expiry and its holds, leave it alone
// until then.

/** How long a saved basket keeps its seats by default. */
export const SAVED_BASKET_HOLD_HOURS = 48;

export const SAVED_NAME_MAX = 100;

/** Spec: saving a basket needs CanSaveBasket true. */
export const EXTERNAL_PURCHASING_MESSAGE = 'External purchasing is not supported for this basket.';

/**
 * Until when a saved basket keeps its seats: `holdHours` from now, cut at the earliest event
 * start, never earlier than the basket's current expiry (saving never shortens a hold).
 */
export const savedHoldUntil = (input: {
  readonly now: Date;
  readonly currentExpiry: Date;
  readonly eventStarts: readonly Date[];
  readonly holdHours: number;
}): Date => {
  const hold = input.now.getTime() + Math.max(0, input.holdHours) * 3_600_000;
  const firstStart = Math.min(...input.eventStarts.map((d) => d.getTime()));
  const until = Math.min(hold, firstStart);
  return new Date(Math.max(until, input.currentExpiry.getTime()));
};

/** The name a clerk gave the basket: trimmed; blank is no name. */
export const savedName = (name: string | undefined | null): string | null => {
  const trimmed = (name ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

export type SaveRefusal = 'NotLive' | 'CannotSave' | 'Empty';

/** The basket's lines of every kind (tickets, products, gift certificates, memberships). */
export const basketLineCount = (
  basket: Pick<Basket, 'tickets' | 'products' | 'giftCertificates' | 'memberships'>,
): number =>
  basket.tickets.length +
  basket.products.length +
  (basket.giftCertificates?.length ?? 0) +
  (basket.memberships?.length ?? 0);

/** Why this basket may not be saved, or null. */
export const saveRefusal = (
  basket: Pick<
    Basket,
    'status' | 'secondsLeft' | 'canSaveBasket' | 'tickets' | 'products' | 'giftCertificates' | 'memberships'
  >,
): SaveRefusal | null => {
  if (!isLive(basket)) return 'NotLive';
  if (!basket.canSaveBasket) return 'CannotSave';
  // A basket holding any line (a gift certificate or membership alone too) is not empty.
  if (basketLineCount(basket) === 0) return 'Empty';
  return null;
};

/** What the clerk's current basket (the cookie's) is, as the 'handle existing unsaved basket' modal needs it. */
export interface CurrentBasket {
  readonly id: string;
  readonly live: boolean;
  readonly saved: boolean;
  readonly ticketCount: number;
  readonly productCount: number;
}

export interface ExistingBasketAnswer {
  /** Whether to warn: activating the target would leave this basket behind. */
  readonly hasExistingBasket: boolean;
  readonly existingBasketId: string | null;
  readonly ticketCount: number;
  readonly isSaved: boolean;
}

/**
 * Activating basket `targetId` would leave the clerk's current basket behind: warn when it is
 * live, holds something, is not saved (a saved one stays in the list) and is not the target.
 */
export const existingBasket = (current: CurrentBasket | null, targetId: string): ExistingBasketAnswer => {
  if (!current || !current.live || current.id === targetId)
    return { hasExistingBasket: false, existingBasketId: null, ticketCount: 0, isSaved: false };
  const hasItems = current.ticketCount + current.productCount > 0;
  return {
    hasExistingBasket: hasItems && !current.saved,
    existingBasketId: current.id,
    ticketCount: current.ticketCount,
    isSaved: current.saved,
  };
};

/** A page of a list: 1-based page, at most 100 a page. */
export const pageOf = (page: number | undefined, pageSize: number | undefined) => {
  const size = Math.min(100, Math.max(1, Math.trunc(pageSize ?? 25)));
  const number = Math.max(1, Math.trunc(page ?? 1));
  return { limit: size, offset: (number - 1) * size };
};
