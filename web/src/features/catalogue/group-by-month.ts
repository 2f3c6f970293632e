import type { Event } from '../../../../adapters/http/contract/catalogue.ts';
import { localMonthKey } from '../../i18n/local-date.ts';

/** Date-sorted events in runs of one local month (the venue's month, not the reader's). */
export const groupByMonth = (events: readonly Event[]) => {
  const months: { key: string; events: Event[] }[] = [];
  for (const event of events) {
    const key = localMonthKey(event.LocalDate);
    const last = months.at(-1);
    if (last?.key === key) last.events.push(event);
    else months.push({ key, events: [event] });
  }
  return months;
};
