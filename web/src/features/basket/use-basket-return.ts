import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { BasketViewModelData } from './basket-api.ts';
import { rememberBasketSeen } from './basket-session.ts';
import { isEmptyBasket } from './group-by-event.ts';
import {
  emptyBasketReturnPath,
  isLocalPath,
  rememberReturnTarget,
  returnTargetOfBasket,
  savedReturnTarget,
} from './return-target.ts';

/**
 * Where the buyer goes back to from the basket. The tab remembers it had a basket, and where its
 * seats came from; a basket left empty returns to the seat-selection page of the performance
 * whose last seat was just removed (`removedFrom` tells which), else to the one the tab saved.
 * A products-only basket (continue without tickets) stays: its add-ons are chosen here.
 */
export const useBasketReturn = (vm: BasketViewModelData, productsOnly: boolean) => {
  const navigate = useNavigate();
  const basket = vm.Basket;
  const lastRemovedFrom = useRef<number | null>(null);

  // Kept if already saved: the seat map saves the more precise target, a plan's for instance.
  useEffect(() => {
    rememberBasketSeen(basket.ID);
    if (savedReturnTarget()) return;
    const target = returnTargetOfBasket({
      planCode: basket.EventPlanCode,
      tickets: basket.TicketItems,
      events: vm.Events,
    });
    if (target) rememberReturnTarget(target);
  }, [basket.ID]);

  useEffect(() => {
    if (!isEmptyBasket(basket) || productsOnly) return;
    const event = vm.Events.find((e) => e.ID === lastRemovedFrom.current);
    const path =
      event && isLocalPath(event.SelectSeatsUrl)
        ? event.SelectSeatsUrl
        : emptyBasketReturnPath(savedReturnTarget());
    void navigate({ href: path, replace: true });
  }, [basket]);

  return {
    /** The performance an item is being removed from. */
    removedFrom: (eventId: number | null) => {
      lastRemovedFrom.current = eventId;
    },
  };
};
