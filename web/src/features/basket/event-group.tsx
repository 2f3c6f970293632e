import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import type { EventGroup } from './group-by-event.ts';

/** One performance of the basket: where and when, its lines, and the way back to its seats. */
export function EventGroupCard(props: {
  group: EventGroup;
  locale: string;
  hideFees: boolean;
  changeSeats: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const id = useId();
  const { event } = props.group;
  const money = (minor: number) => formatMoney(minor, props.locale);
  return (
    <section className="basket-event" aria-labelledby={`${id}-title`}>
      <header className="basket-event__header">
        <div className="basket-event__title">
          {event && <p className="eyebrow">{event.Venue.DisplayName}</p>}
          <h2 id={`${id}-title`}>{event ? event.Name : t('basket.event.extras')}</h2>
          {event && (
            <p className="basket-event__when">
              <time dateTime={event.LocalDate}>
                {format.longDay(event.LocalDate)} · {format.time(event.LocalDate)}
              </time>
            </p>
          )}
        </div>
        {props.changeSeats}
      </header>
      <ul className="basket-lines">{props.children}</ul>
      <p className="basket-event__subtotal">
        <span>
          {event || props.group.ticketCount > 0
            ? t('basket.event.subtotal', { count: props.group.ticketCount })
            : t('basket.event.extrasSubtotal')}
        </span>
        <strong>
          {money(
            props.hideFees
              ? props.group.tickets.reduce((s, i) => s + (i.PackagePrice ?? i.Price) * i.Quantity, 0) +
                  props.group.products.reduce((s, p) => s + p.LineTotal, 0)
              : props.group.total,
          )}
        </strong>
      </p>
    </section>
  );
}

export function ProductLine(props: { name: string; quantity: number; lineTotal: number; locale: string }) {
  const { t } = useTranslation();
  return (
    <li className="basket-line basket-line--product">
      <span className="swatch basket-line__swatch" aria-hidden="true" />
      <div className="basket-line__what">
        <span className="basket-line__name">{props.name}</span>
        <span className="basket-line__muted">{t('basket.item.addOn', { count: props.quantity })}</span>
      </div>
      <div className="basket-line__type" />
      <div className="basket-line__price">
        <strong>{formatMoney(props.lineTotal, props.locale)}</strong>
      </div>
      <span />
    </li>
  );
}
