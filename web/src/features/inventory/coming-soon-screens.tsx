import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../ui/coming-soon.tsx';

function BackToSeries({ eventCode }: { eventCode: string }) {
  const { t } = useTranslation();
  return (
    <Link to="/tickets/series/$eventCode" params={{ eventCode }} className="button">
      {t('comingSoon.backToSeries')}
    </Link>
  );
}

/** /tickets/series/{eventCode}/{eventId}: the seat map arrives with the inventory issue. */
export function SeatSelectionScreen({ eventCode }: { eventCode: string }) {
  const { t } = useTranslation();
  return <ComingSoon title={t('comingSoon.seatSelection')} back={<BackToSeries eventCode={eventCode} />} />;
}

/** /tickets/series/{eventCode}/{eventId}/bestAvailable */
export function BestAvailableScreen({ eventCode }: { eventCode: string }) {
  const { t } = useTranslation();
  return <ComingSoon title={t('comingSoon.bestAvailable')} back={<BackToSeries eventCode={eventCode} />} />;
}
