import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../ui/coming-soon.tsx';

/** /memberships/{etCode}[/{eventSlug}] */
export function MembershipsScreen() {
  const { t } = useTranslation();
  return <ComingSoon title={t('comingSoon.memberships')} />;
}

/** /tickets/membership/{membershipId}/customer/{customerId} */
export function MembershipCardScreen() {
  const { t } = useTranslation();
  return <ComingSoon title={t('comingSoon.membershipCard')} />;
}
