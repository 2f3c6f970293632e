import { instantOfLocal, isLocalDate, isLocalTime } from './local-instant.ts';

// A date and time typed on a staff screen, 'YYYY-MM-DDTHH:mm' on the venue's clock.

/** The instant, or null when the text is not a real date and time. */
export const readLocalDateTime = (text: string, timeZone: string): Date | null => {
  const [date = '', time = ''] = text.split('T');
  if (!isLocalDate(date) || !isLocalTime(time.slice(0, 5)) || time.length !== 5) return null;
  return instantOfLocal(date, time, timeZone);
};
