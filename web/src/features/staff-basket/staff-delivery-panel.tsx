import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import type { BasketViewModelData } from '../basket/basket-api.ts';
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
 * How the tickets reach the buyer, at the counter: the web's delivery methods, with the counter's
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
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const id = useId();
  return (
    <section className="basket-panel" aria-labelledby={`${id}-title`} id="basket-delivery">
      <fieldset
        className="basket-delivery"
        aria-describedby={props.missing ? `${id}-missing` : undefined}
        aria-invalid={props.missing ? true : undefined}
      >
        <legend id={`${id}-title`} className="basket-panel__title">
          {t('basket.delivery.title')}
        </legend>
        {props.missing && (
          <p className="field-error" id={`${id}-missing`} role="alert">
            {t('basket.delivery.required')}
          </p>
        )}
        {props.methods.map((method) => (
          <label
            key={method.ID}
            className={`basket-choice${props.chosenId === method.ID ? ' basket-choice--chosen' : ''}`}
          >
            <input
              type="radio"
              name={`${id}-method`}
              value={method.ID}
              checked={props.chosenId === method.ID}
              onChange={() => props.onChoose(method.ID)}
            />
            <span className="basket-choice__text">
              <span className="basket-choice__name">{method.DisplayName}</span>
              <span className="basket-choice__hint">
                {method.ID === props.counterId
                  ? ta('staffBasket.delivery.handOver')
                  : t(`basket.delivery.type.${method.DeliveryMethodType}`)}
              </span>
            </span>
            <span className="basket-choice__price">
              {method.Price === 0 ? t('basket.delivery.free') : formatMoney(method.Price, props.locale)}
            </span>
          </label>
        ))}
      </fieldset>
    </section>
  );
}
