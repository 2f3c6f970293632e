import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { availabilityColor, type Availability } from '../../../../core/catalogue/availability.ts';

const levels: Availability[] = ['High', 'Medium', 'Low', 'SoldOut'];

/** What the calendar's dot colours mean. */
export function AvailabilityLegend() {
  const { t } = useTranslation();
  return (
    <ul className="legend" aria-label={t('calendar.legend')}>
      {levels.map((level) => (
        <li key={level} style={{ '--dot': availabilityColor(level) } as CSSProperties}>
          <span className="legend__dot" aria-hidden="true" />
          {t(`availability.${level}`)}
        </li>
      ))}
    </ul>
  );
}
