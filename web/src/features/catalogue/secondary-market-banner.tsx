import { useTranslation } from 'react-i18next';
import type { Event } from '../../../../adapters/http/contract/catalogue.ts';
import type { PerformanceContext } from './performance-context.ts';
import { showsSecondaryMarketBanner } from './secondary-market.ts';

/** Few seats left: where else tickets may be found. */
export function SecondaryMarketBanner({ event, context }: { event: Event; context: PerformanceContext }) {
  const { t } = useTranslation();
  const option = context.series.SecondaryMarketOption;
  // The series screen is never best-available selection.
  if (!showsSecondaryMarketBanner({ option, bestAvailable: false, event })) return null;
  return (
    <p className="secondary-market">
      <span className="secondary-market__icon" aria-hidden="true">
        ⇄
      </span>
      <span>
        <strong>{t('secondaryMarket.title')}</strong>{' '}
        {option === 'TicketExchange'
          ? t('secondaryMarket.exchange', { id: event.SecondaryMarketEventId })
          : t('secondaryMarket.resale')}
      </span>
    </p>
  );
}
