import { useTranslation } from 'react-i18next';
import type { SeriesPromotion } from '../../../../adapters/http/contract/catalogue.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';

/**
 * Before the sale date and without a presale, an overlay covers the dates
 * with when tickets go on sale and the presale promotions that open them earlier.
 */
export function OnSaleOverlay(props: {
  onSaleDate: string | null;
  presales: readonly SeriesPromotion[];
  onEnterCode: (promotion: SeriesPromotion) => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const format = useDateFormat();
  return (
    <div className="on-sale-overlay">
      <section className="on-sale-overlay__panel" aria-labelledby="on-sale-title">
        <p className="eyebrow">{t('onSale.eyebrow')}</p>
        <h3 id="on-sale-title" className="on-sale-overlay__title">
          {props.onSaleDate
            ? t('onSale.title', {
                date: format.longDay(props.onSaleDate),
                time: format.time(props.onSaleDate),
              })
            : t('onSale.titleNoDate')}
        </h3>
        {props.presales.length > 0 ? (
          <>
            <p>{t('onSale.presaleBody')}</p>
            <ul className="on-sale-overlay__presales">
              {props.presales.map((promotion) => (
                <li key={promotion.ID}>
                  <div>
                    <p className="on-sale-overlay__presale-name">{promotion.DisplayName}</p>
                    {promotion.InstructionText && (
                      <p className="on-sale-overlay__presale-text">{promotion.InstructionText}</p>
                    )}
                  </div>
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => props.onEnterCode(promotion)}
                  >
                    {t('offers.enterPresaleCode')}
                    <span className="visually-hidden"> {promotion.DisplayName}</span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>{t('onSale.body')}</p>
        )}
        <button type="button" className="link-button on-sale-overlay__dismiss" onClick={props.onDismiss}>
          {t('onSale.browse')}
        </button>
      </section>
    </div>
  );
}
