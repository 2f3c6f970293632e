import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../ui/coming-soon.tsx';

/** /account/login, /account/register, /account/details, /v2/account/details, /Account/AccountDeletedConfirmation */
export function AccountScreen() {
  const { t } = useTranslation();
  return <ComingSoon title={t('comingSoon.account')} />;
}
