import { formatInTimeZone } from 'date-fns-tz';
import { instantOfLocal } from './local-instant.ts';

// A run of performances ("Tue–Sat 19:30, Sun 14:00, from 8 to 20 December") expanded to the
// instants they start, in the venue's time zone (local-instant.ts decides the two odd days a year).

/** ISO weekday: 1 Monday ... 7 Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface RunSlot {
  readonly weekday: Weekday;
  /** 'HH:mm' on the venue's clock. */
  readonly time: string;
}

export interface Run {
  /** 'YYYY-MM-DD', first and last day, both included. */
  readonly from: string;
  readonly to: string;
  readonly slots: readonly RunSlot[];
  readonly timeZone: string;
}

export interface RunStart {
  readonly startsAt: Date;
  /** 'YYYY-MM-DD' of the day it was asked for. */
  readonly day: string;
  readonly time: string;
  /** A performance of the template already starts then: it is skipped, not doubled. */
  readonly exists: boolean;
}

/** At most a year of days: a run longer than that is a typing mistake. */
export const MAX_RUN_DAYS = 366;
const DAY = 86_400_000;

const dayNumber = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY;
};

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export const runLength = (from: string, to: string): number =>
  Math.max(0, dayNumber(to) - dayNumber(from) + 1);

/** ISO weekday of a calendar day. */
export const weekdayOf = (day: string): Weekday => {
  const w = new Date(dayNumber(day) * DAY).getUTCDay();
  return (w === 0 ? 7 : w) as Weekday;
};

const isoDayOf = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);

/**
 * Every start of the run, in time order, each instant once (two slots on the same day and time
 * are one performance); `existing` starts are marked, so the caller skips them.
 */
export const expandRun = (run: Run, existing: readonly Date[]): RunStart[] => {
  const taken = new Set(existing.map((d) => d.getTime()));
  const seen = new Set<number>();
  const starts: RunStart[] = [];
  const first = dayNumber(run.from);
  const days = Math.min(runLength(run.from, run.to), MAX_RUN_DAYS);
  for (let n = first; n < first + days; n++) {
    const day = isoDayOf(n);
    const weekday = weekdayOf(day);
    for (const slot of run.slots) {
      if (slot.weekday !== weekday) continue;
      const startsAt = instantOfLocal(day, slot.time, run.timeZone);
      if (seen.has(startsAt.getTime())) continue;
      seen.add(startsAt.getTime());
      starts.push({ startsAt, day, time: slot.time, exists: taken.has(startsAt.getTime()) });
    }
  }
  return starts.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
};

/** The wall-clock 'HH:mm' and ISO weekday an instant shows in `timeZone`. */
export const localClockOf = (instant: Date, timeZone: string) => ({
  day: formatInTimeZone(instant, timeZone, 'yyyy-MM-dd'),
  time: formatInTimeZone(instant, timeZone, 'HH:mm'),
  weekday: Number(formatInTimeZone(instant, timeZone, 'i')) as Weekday,
});
