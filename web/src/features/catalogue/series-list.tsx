import { useTranslation } from 'react-i18next';
import type { Event } from '../../../../adapters/http/contract/catalogue.ts';
import { PerformanceCard } from './performance-card.tsx';
import type { PerformanceContext } from './performance-context.ts';

/** The month's performances as a list (view=list), past ones left out. */
export function SeriesList(props: { events: readonly Event[]; context: PerformanceContext }) {
  const { t } = useTranslation();
  const upcoming = props.events.filter((e) => Date.parse(e.StartsAtUtc) > props.context.now.getTime());
  if (upcoming.length === 0) return <p className="empty-state">{t('series.noDatesThisMonth')}</p>;
  return (
    <ul className="performance-list performance-list--dates">
      {upcoming.map((event) => (
        <li key={event.ID}>
          <PerformanceCard event={event} context={props.context} showDate />
        </li>
      ))}
    </ul>
  );
}
