import { useEffect, useState } from 'react';
import { validatePromoCode } from '../catalogue/catalogue-api.ts';
import { fetchBasketPromotion, type BasketViewModelData } from './basket-api.ts';

export interface AppliedPromotion {
  readonly code: string;
  readonly name: string;
  readonly hideFullPrice: boolean;
}

/**
 * The promo code on the basket's tickets (when they all carry the same one) and its promotion:
 * the basket's own promotion when it is that code, else the series' offer of the code.
 */
export const useBasketPromotion = (vm: BasketViewModelData) => {
  const basket = vm.Basket;
  const tickets = basket.TicketItems;
  const codes = new Set(tickets.map((i) => i.PromoCode ?? ''));
  const appliedCode = codes.size === 1 && tickets[0]?.PromoCode ? tickets[0].PromoCode : null;
  const [promotion, setPromotion] = useState<AppliedPromotion | null>(null);

  const seriesCode = vm.Events.find((e) => e.ID === tickets[0]?.EventID)?.EventTemplateCode;
  useEffect(() => {
    if (!appliedCode) return setPromotion(null);
    const controller = new AbortController();
    const lookup =
      basket.PromoCode?.toUpperCase() === appliedCode.toUpperCase()
        ? fetchBasketPromotion(controller.signal)
        : seriesCode
          ? validatePromoCode({ promoCode: appliedCode, seriesCode }, controller.signal)
          : Promise.resolve(null);
    lookup.then(
      (found) =>
        setPromotion(
          found
            ? { code: appliedCode, name: found.DisplayName, hideFullPrice: found.HideFullRetailPriceOnWeb }
            : null,
        ),
      () => {
        if (!controller.signal.aborted) setPromotion(null);
      },
    );
    return () => controller.abort();
  }, [appliedCode, basket.PromoCode, seriesCode]);

  return { appliedCode, promotion };
};
