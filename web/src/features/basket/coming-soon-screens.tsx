import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../ui/coming-soon.tsx';

/** /checkout/basket, /basket and /shop/checkout/basket */
export function BasketScreen() {
  const { t } = useTranslation();
  return <ComingSoon title={t('comingSoon.basket')} />;
}
