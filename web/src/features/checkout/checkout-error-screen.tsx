import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MessagePage } from '../../ui/message-page.tsx';

/** /checkout/error (also /Checkout/Error): where a failed sale lands. */
export function CheckoutErrorScreen() {
  const { t } = useTranslation();
  return (
    <MessagePage
      tone="warning"
      title={t('checkoutError.title')}
      body={t('checkoutError.body')}
      actions={
        <Link to="/checkout/basket" className="button">
          {t('checkoutError.basket')}
        </Link>
      }
    />
  );
}
