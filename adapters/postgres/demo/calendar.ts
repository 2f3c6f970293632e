import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

/** A date on the venue's wall calendar, YYYY-MM-DD. */
export type LocalDate = string;

export const localDateOf = (instant: Date, timeZone: string): LocalDate =>
  formatInTimeZone(instant, timeZone, 'yyyy-MM-dd');

const parts = (date: LocalDate): [number, number, number] => {
  const [y, m, d] = date.split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined) throw new Error(`not a date: ${date}`);
  return [y, m, d];
};

// Calendar arithmetic on the date itself (not on instants), so a DST change never shifts a show.
export const addDays = (date: LocalDate, days: number): LocalDate => {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/** 0 = Sunday ... 6 = Saturday. */
export const weekday = (date: LocalDate): number => {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
};

/** The instant a venue's clock shows `time` (HH:mm) on `date`: what starts_at stores, in UTC. */
export const wallClock = (date: LocalDate, time: string, timeZone: string): Date =>
  fromZonedTime(`${date}T${time}:00`, timeZone);

export const addMinutes = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * 60_000);
