import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import type { BasketViewModelData } from '../basket/basket-api.ts';
import { groupByEvent } from '../basket/group-by-event.ts';
import { itemNameOf } from '../basket/item-names.ts';

/** What is being bought, in short: each performance, when, and its seats with their ticket types. */
export function BasketLines(props: { vm: BasketViewModelData }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const id = useId();
  const { Basket: basket, Events } = props.vm;
  const groups = groupByEvent(basket, Events);
  return (
    <section className="basket-panel checkout-lines" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="basket-panel__title">
        {t('checkout.lines.title')}
      </h2>
      {groups.map((group) => (
        <div key={group.eventId ?? 'extras'} className="checkout-lines__event">
          <h3>{group.event ? group.event.Name : t('basket.event.extras')}</h3>
          {group.event && (
            <p className="checkout-lines__when">
              <time dateTime={group.event.LocalDate}>
                {format.longDay(group.event.LocalDate)} · {format.time(group.event.LocalDate)}
              </time>
              <br />
              {group.event.Venue.DisplayName}
            </p>
          )}
          <ul>
            {group.tickets.map((item) => {
              const name = itemNameOf(item);
              return (
                <li key={item.ID}>
                  <span>
                    {t(name.key, name.values)}
                    <span className="checkout-lines__type"> · {item.PriceTypeName}</span>
                  </span>
                  <span className="checkout-lines__price">
                    {formatMoney(item.LineTotal, basket.CurrencyLocale)}
                  </span>
                </li>
              );
            })}
            {group.products.map((product) => (
              <li key={product.ID}>
                <span>
                  {product.Name} × {product.Quantity}
                </span>
                <span className="checkout-lines__price">
                  {formatMoney(product.LineTotal, basket.CurrencyLocale)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
