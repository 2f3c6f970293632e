import { useTranslation } from 'react-i18next';
import { formatLocalDate, formatLocale } from './local-date.ts';

export const useDateFormat = () => {
  const { i18n } = useTranslation();
  const locale = formatLocale(i18n.language);
  return {
    locale,
    /** Tue 1 Dec, with the year only when it is not this year's */
    day: (local: string) =>
      formatLocalDate(local, locale, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        ...(local.startsWith(String(new Date().getFullYear())) ? {} : { year: 'numeric' }),
      }),
    /** Tuesday 1 December 2026 */
    longDay: (local: string) =>
      formatLocalDate(local, locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
    /** 7:30 PM */
    time: (local: string) => formatLocalDate(local, locale, { hour: 'numeric', minute: '2-digit' }),
    /** December 2026 */
    month: (local: string) => formatLocalDate(local, locale, { month: 'long', year: 'numeric' }),
    /** Parts of a date tile: Tue / 1 / Dec */
    tile: (local: string) => ({
      weekday: formatLocalDate(local, locale, { weekday: 'short' }),
      day: formatLocalDate(local, locale, { day: 'numeric' }),
      month: formatLocalDate(local, locale, { month: 'short' }),
    }),
  };
};
