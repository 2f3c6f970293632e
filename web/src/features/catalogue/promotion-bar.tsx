import { useTranslation } from 'react-i18next';
import type { AppliedPromotion } from './use-applied-promotion.ts';

/** The promotion in force, with Remove; or an invitation to enter a code. */
export function PromotionBar(props: {
  applied: AppliedPromotion;
  onEnterCode: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { applied } = props;
  if (applied.status === 'checking')
    return (
      <div className="promo-bar" role="status">
        <span className="loading__spinner promo-bar__spinner" aria-hidden="true" />
        {t('promo.checking', { code: applied.code })}
      </div>
    );
  if (applied.status === 'applied') {
    const { promotion } = applied;
    return (
      <div className="promo-bar promo-bar--applied" role="status">
        <span className="promo-bar__check" aria-hidden="true">
          ✓
        </span>
        <span className="promo-bar__text">
          <strong>{promotion.DisplayName}</strong>{' '}
          {applied.automatic
            ? t('promo.appliedAutomatically')
            : t('promo.appliedWithCode', { code: promotion.Code ?? '' })}
        </span>
        {applied.automatic ? (
          <button type="button" className="link-button" onClick={props.onEnterCode}>
            {t('promo.haveCode')}
          </button>
        ) : (
          <button type="button" className="button button--small button--secondary" onClick={props.onRemove}>
            {t('promo.remove')}
            <span className="visually-hidden"> {promotion.DisplayName}</span>
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="promo-bar">
      <span className="promo-bar__text">{t('promo.invite')}</span>
      <button type="button" className="button button--small button--secondary" onClick={props.onEnterCode}>
        {t('promo.enterCode')}
      </button>
    </div>
  );
}
