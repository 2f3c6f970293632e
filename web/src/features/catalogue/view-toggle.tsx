import { useTranslation } from 'react-i18next';
import type { SeriesView } from './series-search.ts';

/** Calendar or list (the `view` query). */
export function ViewToggle({ view, onView }: { view: SeriesView; onView: (view: SeriesView) => void }) {
  const { t } = useTranslation();
  return (
    <div className="view-toggle" role="group" aria-label={t('calendar.viewLabel')}>
      {(['calendar', 'list'] as const).map((v) => (
        <button
          key={v}
          type="button"
          className="view-toggle__option"
          aria-pressed={view === v}
          onClick={() => onView(v)}
        >
          <span aria-hidden="true" className={`view-toggle__icon view-toggle__icon--${v}`} />
          {v === 'calendar' ? t('calendar.calendarView') : t('calendar.listView')}
        </button>
      ))}
    </div>
  );
}
