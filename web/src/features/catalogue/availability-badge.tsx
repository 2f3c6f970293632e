import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '../../../../adapters/http/contract/catalogue.ts';

/** Availability in words, with the calendar's dot colour beside them (never colour alone). */
export function AvailabilityBadge({ event }: { event: Event }) {
  const { t } = useTranslation();
  const style = { '--dot': event.AvailabilityColor } as CSSProperties;
  return (
    <span className={`availability availability--${event.Availability}`} style={style}>
      <span className="availability__dot" aria-hidden="true" />
      {t(`availability.${event.Availability}`)}
    </span>
  );
}
