import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { QuantityStepper } from '../../ui/quantity-stepper.tsx';
import { MAX_SHOWN_QUANTITY, type ProductCard, type VariantOffer } from './product-offers.ts';

// The add-ons panel of the basket page: each product the basket's performances offer, with its
// picture, its variants and their prices in the venue's currency, and a stepper per variant.

export function ProductsPanel(props: {
  cards: readonly ProductCard[];
  locale: string;
  /** The performance of a products-only basket (continue without tickets), else null. */
  withoutTicketsFor: string | null;
  error: string | null;
  onDismissError: () => void;
  quantityOf: (variant: VariantOffer) => number;
  onChange: (variant: VariantOffer, quantity: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="basket-panel basket-products" aria-labelledby={`${id}-title`} id="basket-products">
      <h2 id={`${id}-title`} className="basket-panel__title">
        {t('basket.products.title')}
      </h2>
      <p className="basket-products__intro">
        {props.withoutTicketsFor
          ? t('basket.products.withoutTickets', { event: props.withoutTicketsFor })
          : t('basket.products.intro')}
      </p>
      {props.error && (
        <div className="notice basket-products__error" role="alert">
          <p>{props.error}</p>
          <button type="button" className="link-button" onClick={props.onDismissError}>
            {t('common.dismiss')}
          </button>
        </div>
      )}
      <ul className="basket-products__list">
        {props.cards.map((card) => (
          <ProductCardView
            key={card.productId}
            card={card}
            locale={props.locale}
            quantityOf={props.quantityOf}
            onChange={props.onChange}
          />
        ))}
      </ul>
    </section>
  );
}

function ProductCardView(props: {
  card: ProductCard;
  locale: string;
  quantityOf: (variant: VariantOffer) => number;
  onChange: (variant: VariantOffer, quantity: number) => void;
}) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const id = useId();
  const { card } = props;
  return (
    <li className="basket-product">
      {card.imageUrl ? (
        <img
          className="basket-product__image"
          src={card.imageUrl}
          alt=""
          width={64}
          height={64}
          loading="lazy"
        />
      ) : (
        <span className="basket-product__image basket-product__image--none" aria-hidden="true">
          {card.name.slice(0, 1)}
        </span>
      )}
      <div className="basket-product__about">
        <h3 id={`${id}-name`} className="basket-product__name">
          {card.name}
        </h3>
        {card.event && (
          <p className="basket-product__for">
            {t('basket.products.forEvent', {
              event: card.event.Name,
              date: `${format.longDay(card.event.LocalDate)} · ${format.time(card.event.LocalDate)}`,
            })}
          </p>
        )}
        {card.description && <p className="basket-product__description">{card.description}</p>}
      </div>
      <ul className="basket-product__variants">
        {card.variants.map((variant) => {
          const item = variant.variantName ? `${card.name}, ${variant.variantName}` : card.name;
          return (
            <li key={variant.key} className="basket-variant">
              <span className="basket-variant__what">
                {variant.variantName && <span className="basket-variant__name">{variant.variantName}</span>}
                <span className="basket-variant__price">
                  {t('basket.products.each', { price: formatMoney(variant.price, props.locale) })}
                </span>
              </span>
              <QuantityStepper
                value={props.quantityOf(variant)}
                max={MAX_SHOWN_QUANTITY}
                labels={{
                  group: t('basket.products.quantityOf', { item }),
                  less: t('basket.products.less', { item }),
                  more: t('basket.products.more', { item }),
                }}
                onChange={(quantity) => props.onChange(variant, quantity)}
              />
            </li>
          );
        })}
      </ul>
    </li>
  );
}
