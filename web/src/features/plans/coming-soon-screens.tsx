import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../ui/coming-soon.tsx';

/** /tickets/plans/{seriesCode}[/{slotId}] */
export function PlansScreen() {
  const { t } = useTranslation();
  return <ComingSoon title={t('comingSoon.plans')} />;
}

/** /tickets/pairedplans/{seriesCode} and /tickets/pairedPlans/{planCode} */
export function PairedPlansScreen() {
  const { t } = useTranslation();
  return <ComingSoon title={t('comingSoon.pairedPlans')} />;
}
