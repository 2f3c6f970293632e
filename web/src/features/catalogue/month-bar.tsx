import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { isoDay, monthKey, type Month } from './calendar-month.ts';
import type { MonthStep } from './month-navigation.ts';

/**
 * Previous/next month, the month dropdown, and the previous/next series of the chain. A month
 * step outside the template's range goes to the neighbouring season instead (the step says so).
 */
export function MonthBar(props: {
  month: Month;
  choices: readonly Month[];
  previous: MonthStep;
  next: MonthStep;
  pastCode: string | null;
  futureCode: string | null;
  onStep: (step: MonthStep) => void;
  onMonth: (month: Month) => void;
}) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const selectId = useId();
  const label = (m: Month) => format.month(isoDay({ ...m, day: 1 }));
  const stepTitle = (step: MonthStep, fallback: string) =>
    step.kind === 'past'
      ? t('calendar.toPastSeason')
      : step.kind === 'future'
        ? t('calendar.toFutureSeason')
        : fallback;
  return (
    <div className="month-bar">
      {props.pastCode && (
        <button
          type="button"
          className="month-bar__season month-bar__season--past"
          onClick={() => props.onStep({ kind: 'past', code: props.pastCode! })}
        >
          <span aria-hidden="true">«</span> {t('calendar.previousSeries')}
        </button>
      )}
      <div className="month-bar__months">
        <button
          type="button"
          className="month-bar__step"
          disabled={props.previous.kind === 'none'}
          aria-label={stepTitle(props.previous, t('calendar.previousMonth'))}
          title={stepTitle(props.previous, t('calendar.previousMonth'))}
          onClick={() => props.onStep(props.previous)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <label htmlFor={selectId} className="visually-hidden">
          {t('calendar.month')}
        </label>
        <select
          id={selectId}
          className="month-bar__select"
          value={monthKey(props.month)}
          onChange={(e) => {
            const chosen = props.choices.find((m) => monthKey(m) === e.target.value);
            if (chosen) props.onMonth(chosen);
          }}
        >
          {props.choices.map((m) => (
            <option key={monthKey(m)} value={monthKey(m)}>
              {label(m)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="month-bar__step"
          disabled={props.next.kind === 'none'}
          aria-label={stepTitle(props.next, t('calendar.nextMonth'))}
          title={stepTitle(props.next, t('calendar.nextMonth'))}
          onClick={() => props.onStep(props.next)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      {props.futureCode && (
        <button
          type="button"
          className="month-bar__season month-bar__season--future"
          onClick={() => props.onStep({ kind: 'future', code: props.futureCode! })}
        >
          {t('calendar.nextSeries')} <span aria-hidden="true">»</span>
        </button>
      )}
    </div>
  );
}
