// A wall-clock time in a venue's time zone turned into the instant it names. Two days a year the
// clock is not one-to-one:
// - spring forward: a time in the gap (02:30 when clocks jump from 02:00 to 03:00) does not exist;
//   it moves forward by the length of the gap (02:30 becomes 03:30), as a clock set the evening
//   before would show;
// - fall back: a time shown twice (01:30 when clocks go from 02:00 back to 01:00) is the first
//   of the two, before the clocks go back.

const HOUR = 3_600_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's offset from UTC at `instant`, in ms, read from the wall clock Intl shows (date-fns-tz's
 * getTimezoneOffset answers the later offset for the hour before a fall-back change).
 */
const offsetAt = (timeZone: string, instant: number): number => {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  const part = Object.fromEntries(
    format.formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)]),
  );
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
};

/** 'YYYY-MM-DD' and 'HH:mm' in `timeZone` as a UTC instant, by the rule above. */
export const instantOfLocal = (date: string, time: string, timeZone: string): Date => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The zone's offsets half a day either side: across a change they differ, else they agree.
  const before = offsetAt(timeZone, wall - 12 * HOUR);
  const after = offsetAt(timeZone, wall + 12 * HOUR);
  const candidates = [wall - before, wall - after]
    .filter((instant, i) => offsetAt(timeZone, instant) === (i === 0 ? before : after))
    .sort((a, b) => a - b);
  // None fits: the time is in the gap; the offset before the change carries it past the gap.
  return new Date(candidates[0] ?? wall - before);
};

/** Whether `date` 'YYYY-MM-DD' and `time` 'HH:mm' are well formed and real. */
export const isLocalDate = (date: string): boolean => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() + 1 === Number(m[2]) &&
    d.getUTCDate() === Number(m[3])
  );
};

export const isLocalTime = (time: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(time);
