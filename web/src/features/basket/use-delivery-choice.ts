import { useState } from 'react';
import { changeDeliveryMethod, type BasketData, type BasketViewModelData } from './basket-api.ts';

/**
 * The delivery method: the one being chosen shows at once, and `missing` marks the panel when
 * the buyer went to checkout without one.
 */
export const useDeliveryChoice = (input: {
  readonly vm: BasketViewModelData;
  /** A change whose failure shows in the page's banner. */
  readonly change: (run: () => Promise<BasketData>) => Promise<boolean>;
}) => {
  const { vm } = input;
  const [choosing, setChoosing] = useState<number | null>(null);
  const [missing, setMissing] = useState(false);

  const choose = async (id: number) => {
    setMissing(false);
    setChoosing(id);
    await input.change(() => changeDeliveryMethod(id));
    setChoosing(null);
  };

  const chosenId = choosing ?? vm.Basket.DeliveryMethodID;
  return {
    chosenId,
    chosen: vm.DeliveryMethods.find((m) => m.ID === chosenId),
    missing,
    /** Checkout found none chosen. */
    markMissing: () => setMissing(true),
    choose,
  };
};
