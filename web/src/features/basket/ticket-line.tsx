import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketItem } from '../../../../adapters/http/contract/basket.ts';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import type { PricingData } from './basket-api.ts';
import { itemNameOf } from './item-names.ts';

export interface PriceTypeOption {
  readonly id: number;
  readonly label: string;
}

/** The ticket types a line may change to: its level's price maps, else the basket's price types. */
export const priceTypeOptions = (
  item: TicketItem,
  pricing: PricingData | undefined,
  fallback: readonly { ID: number; Name: string }[],
  locale: string,
): PriceTypeOption[] => {
  const maps = pricing?.PriceMaps.filter((m) => m.PriceLevelID === item.PriceLevelID) ?? [];
  const order = new Map(pricing?.PriceTypes.map((t, i) => [t.ID, i]) ?? []);
  const options: PriceTypeOption[] =
    maps.length > 0
      ? [...maps]
          .sort((a, b) => (order.get(a.PriceTypeID) ?? 99) - (order.get(b.PriceTypeID) ?? 99))
          .map((m) => ({
            id: m.PriceTypeID,
            // A package seat is priced by its package: the level's single-ticket price would mislead.
            label:
              item.packageId === null
                ? `${m.Label} · ${formatMoney(m.DiscountedPrice ?? m.Price, locale)}`
                : m.Label,
          }))
      : fallback.map((t) => ({ id: t.ID, label: t.Name }));
  // The line's own type is always there, even when no longer offered.
  if (!options.some((o) => o.id === item.PriceTypeID))
    options.unshift({ id: item.PriceTypeID, label: item.PriceTypeName });
  return options;
};

export function TicketLine(props: {
  item: TicketItem;
  locale: string;
  levelColour: string | undefined;
  options: readonly PriceTypeOption[];
  shownPriceTypeId: number;
  hideFees: boolean;
  hideFullPrice: boolean;
  error: string | undefined;
  /** Its removal is on its way. */
  removing: boolean;
  onPriceType: (priceTypeId: number) => void;
  onRemove: () => void;
  /** Staff basket: the line's tick box for the bulk edits, before the swatch. */
  select?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { item } = props;
  const money = (minor: number) => formatMoney(minor, props.locale);
  const name = itemNameOf(item);
  const label = t(name.key, name.values);
  const unitPrice = item.PackagePrice ?? item.Price;
  const unitFees = item.PackageFees ?? item.FeeTotal;
  const discounted =
    !props.hideFullPrice &&
    item.PromotionID !== null &&
    item.FaceValue > item.Price &&
    item.packageId === null;
  const details = [
    // A GA section and its price level often share a name: say it once.
    item.PriceLevelName === item.Section ? null : item.PriceLevelName,
    item.ADADescription,
    item.SeatAlertName,
    item.packageId !== null ? t('basket.item.package') : null,
  ].filter((d): d is string => Boolean(d));

  const swatch = (
    <span
      className="swatch basket-line__swatch"
      style={{ background: props.levelColour }}
      aria-hidden="true"
    />
  );

  return (
    <li className="basket-line" data-item-id={item.ID}>
      {props.select ? (
        <span className="basket-line__lead">
          {props.select}
          {swatch}
        </span>
      ) : (
        swatch
      )}
      <div className="basket-line__what">
        <span className="basket-line__name" id={`${id}-name`}>
          {label}
        </span>
        <span className="basket-line__muted">{details.join(' · ')}</span>
        {item.PromoCode && (
          <span className="basket-line__code">{t('basket.item.code', { code: item.PromoCode })}</span>
        )}
      </div>
      <div className="basket-line__type">
        <label className="visually-hidden" htmlFor={`${id}-type`}>
          {t('basket.item.priceTypeFor', { item: label })}
        </label>
        <select
          id={`${id}-type`}
          value={props.shownPriceTypeId}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${id}-error` : undefined}
          onChange={(event) => props.onPriceType(Number(event.target.value))}
        >
          {props.options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div className="basket-line__price">
        {discounted && (
          <s className="basket-line__was">
            <span className="visually-hidden">{t('basket.item.fullPrice')} </span>
            {money(item.FaceValue)}
          </s>
        )}
        <strong>
          {item.Quantity > 1
            ? t('basket.item.times', { count: item.Quantity, price: money(unitPrice) })
            : money(unitPrice)}
        </strong>
        {!props.hideFees && unitFees > 0 && (
          <span className="basket-line__muted">
            {t(item.Quantity > 1 ? 'basket.item.feesEach' : 'basket.item.fees', { amount: money(unitFees) })}
          </span>
        )}
      </div>
      <button
        type="button"
        className="basket-line__remove"
        aria-label={t('basket.item.remove', { item: label })}
        title={t('basket.item.remove', { item: label })}
        disabled={props.removing}
        onClick={props.onRemove}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z"
            fill="currentColor"
          />
        </svg>
      </button>
      {props.error && (
        <p className="field-error basket-line__error" id={`${id}-error`} role="alert">
          {props.error}
        </p>
      )}
    </li>
  );
}
