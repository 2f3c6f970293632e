import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal.tsx';

/**
 * A promotion restricted to customer tags needs a logged-in customer with a
 * matching tag: the login-required modal (401) or the unavailable modal (403).
 */
export function PromotionRestrictedModal(props: {
  kind: 'loginRequired' | 'unavailable';
  code: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const returnUrl = location.href;
  if (props.kind === 'loginRequired')
    return (
      <Modal title={t('promo.loginTitle')} onClose={props.onClose} role="alertdialog">
        <p>{t('promo.loginBody', { code: props.code })}</p>
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={props.onClose}>
            {t('common.notNow')}
          </button>
          <Link to="/account/login" search={{ returnUrl }} className="button">
            {t('promo.logIn')}
          </Link>
        </div>
      </Modal>
    );
  return (
    <Modal title={t('promo.unavailableTitle')} onClose={props.onClose} role="alertdialog">
      <p>{t('promo.unavailableBody', { code: props.code })}</p>
      <div className="modal__actions">
        <button type="button" className="button" onClick={props.onClose}>
          {t('common.ok')}
        </button>
      </div>
    </Modal>
  );
}
