import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { validateBasket, type BasketViewModelData } from './basket-api.ts';
import { basketCountsOf, needsDelivery } from './totals.ts';
import { saveOptIns } from './basket-session.ts';

/**
 * The basket's Checkout button: a delivery method must be chosen first (the panel is brought
 * into view), the add-ons the buyer just set go to the basket, the server checks the basket,
 * and the chosen opt-ins are kept for the payment page, which comes next.
 */
export const useCheckoutStart = (input: {
  readonly vm: BasketViewModelData;
  readonly planCode: string | undefined;
  readonly chosenOptIns: ReadonlySet<number>;
  /** Sends the add-on quantities still waiting; settles once the server has answered. */
  readonly flushProducts: () => Promise<unknown>;
  readonly markDeliveryMissing: () => void;
  readonly dismissError: () => void;
  readonly showFailure: (error: unknown, fallbackKey?: string) => Promise<void>;
}) => {
  const navigate = useNavigate();
  const [checkingOut, setCheckingOut] = useState(false);
  const { vm } = input;

  const checkout = async () => {
    input.dismissError();
    if (
      vm.DeliveryMethods.length > 0 &&
      vm.Basket.DeliveryMethodID === null &&
      needsDelivery(basketCountsOf(vm.Basket))
    ) {
      input.markDeliveryMissing();
      const panel = document.getElementById('basket-delivery');
      panel?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      panel?.querySelector('input')?.focus({ preventScroll: true });
      return;
    }
    setCheckingOut(true);
    try {
      await input.flushProducts();
      await validateBasket();
      saveOptIns(vm.Basket.ID, [...input.chosenOptIns]);
      await navigate({ to: '/checkout/payment', search: input.planCode ? { planCode: input.planCode } : {} });
    } catch (error) {
      await input.showFailure(error, 'basket.validateFailed');
    } finally {
      setCheckingOut(false);
    }
  };

  return { checkingOut, checkout };
};
