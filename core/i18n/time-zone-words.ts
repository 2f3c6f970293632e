import { formatInTimeZone } from 'date-fns-tz';
import { zoneWords } from './time-zone-name.ts';

// A time as a person reads it: on the venue's clock, with the zone named in words ('7:30 PM New
// York time'), never as an IANA name ('America/New_York') or in UTC. English, like the command
// line and the e-mails; the day is ISO (YYYY-MM-DD). The zone's words are time-zone-name.ts. Pure.

const LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/**
 * '2026-12-05 7:30 PM New York time': a wall-clock time of `timeZone` (YYYY-MM-DDTHH:mm[:ss], as
 * the venue's local times are kept) with its zone in words.
 */
export const localTimeWords = (local: string, timeZone: string): string => {
  const match = LOCAL.exec(local);
  if (!match) throw new RangeError(`Not a local time YYYY-MM-DDTHH:mm: ${local}`);
  const hour = Number(match[2]);
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${match[3]} ${hour < 12 ? 'AM' : 'PM'}`;
  return `${match[1]} ${clock} ${zoneWords(timeZone)}`;
};

/** '2026-12-05 7:30 PM New York time': `instant` on the clock of `timeZone`. */
export const instantWords = (instant: Date, timeZone: string): string =>
  localTimeWords(formatInTimeZone(instant, timeZone, "yyyy-MM-dd'T'HH:mm:ss"), timeZone);
