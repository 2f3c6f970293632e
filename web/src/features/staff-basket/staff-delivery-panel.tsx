import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BasketViewModelData } from '../basket/basket-api.ts';
import { DeliveryPanel } from '../basket/delivery-panel.tsx';
import { fetchCounterDelivery } from './staff-basket-api.ts';

type DeliveryMethod = BasketViewModelData['DeliveryMethods'][number];

/** The counter's hand-over delivery (core/basket/staff/counter-delivery.ts), once read. */
export const useCounterDeliveryId = (): number | null => {
  const [id, setId] = useState<number | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchCounterDelivery().then(
      (answer) => !controller.signal.aborted && setId(answer.DeliveryMethodID),
      // Without it the methods read as the web describes them.
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return id;
};

/**
 * How the tickets reach the buyer, at the counter: the basket's delivery panel, with the counter's
 * hand-over said for what it is (given to the buyer there and then, nothing asked of them) rather
 * than as a collection later.
 */
export function StaffDeliveryPanel(props: {
  methods: readonly DeliveryMethod[];
  chosenId: number | null;
  counterId: number | null;
  locale: string;
  /** Take payment found none chosen. */
  missing: boolean;
  onChoose: (id: number) => void;
}) {
  const { t } = useTranslation('admin');
  const { counterId, ...panel } = props;
  return (
    <DeliveryPanel
      {...panel}
      hintOf={(method) => (method.ID === counterId ? t('staffBasket.delivery.handOver') : null)}
    />
  );
}
