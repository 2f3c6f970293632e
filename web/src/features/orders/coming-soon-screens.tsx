import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../ui/coming-soon.tsx';

/** /tickets/bundle/{bundleId}/event/{eventId} */
export function WebTicketsScreen() {
  const { t } = useTranslation();
  return <ComingSoon title={t('comingSoon.webTickets')} />;
}
