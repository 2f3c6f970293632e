import { isAfterOffSale, isBeforeSaleDate } from '../../catalogue/sale-timing.ts';
import type { Basket } from '../basket.ts';
import { BasketRuleViolation } from '../errors.ts';

// When an event's tickets may go in a basket: on sale, or in a presale with its code; a basket
// with tickets for more than one event is for staff only.

export interface SaleTiming {
  readonly id: number;
  readonly startsAt: Date;
  readonly onSaleAt: Date;
  /** When the storefront stops selling (null: at the start); the counter sells on. */
  readonly offSaleAt?: Date | null;
  readonly isCancelled: boolean;
}

/**
 * Null when the event sells now: not cancelled, not started, and on sale (or before its sale
 * date with a presale promotion the buyer unlocked).
 */
export const checkOnSale = (
  event: SaleTiming,
  now: Date,
  presaleUnlocked: boolean,
  staffChannel = false,
): BasketRuleViolation | null => {
  if (event.isCancelled)
    return new BasketRuleViolation({
      rule: 'EventCancelled',
      message: 'This performance has been cancelled.',
    });
  if (event.startsAt.getTime() <= now.getTime())
    return new BasketRuleViolation({ rule: 'EventOver', message: 'This performance has already started.' });
  if (isBeforeSaleDate(event.onSaleAt, now) && !presaleUnlocked)
    return new BasketRuleViolation({
      rule: 'NotOnSale',
      message: 'Tickets for this performance are not on sale yet. Enter a presale code if you have one.',
    });
  if (!staffChannel && isAfterOffSale(event.offSaleAt, now))
    return new BasketRuleViolation({
      rule: 'NotOnSale',
      message: 'Online sales for this performance have closed. Please contact the box office.',
    });
  return null;
};

/** A consumer basket holds one event's tickets at a time; staff may mix events. */
export const checkOneEvent = (
  basket: Pick<Basket, 'tickets'>,
  eventId: number,
  isAdminChannel: boolean,
): BasketRuleViolation | null =>
  isAdminChannel || basket.tickets.every((t) => t.eventId === eventId)
    ? null
    : new BasketRuleViolation({
        rule: 'OtherEventInBasket',
        message: 'Your basket holds tickets for another performance. Remove them before choosing these.',
      });
