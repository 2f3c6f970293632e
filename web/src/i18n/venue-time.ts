import { zoneName } from '../../../core/i18n/time-zone-name.ts';

// An instant (a sale, a run's start, a performance given as an ISO instant) on the venue's clock,
// in the reader's language, its zone named as a place: staff screens never show the browser's own
// zone, so two screens never disagree about when something happened.

/** 'Tue, Dec 8, 2026, 7:30 PM' on the venue's clock, in the reader's `locale`. */
export const venueClock = (instant: string | Date, timeZone: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(typeof instant === 'string' ? new Date(instant) : instant);

/** The parts the admin table's 'time.inZone' sentence takes: { time, zone }. */
export const venueTimeParts = (instant: string | Date, timeZone: string, locale: string) => ({
  time: venueClock(instant, timeZone, locale),
  zone: zoneName(timeZone),
});
