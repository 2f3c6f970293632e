import type { Event } from '../../../../adapters/http/contract/catalogue.ts';
import {
  addDays,
  dayOfLocal,
  daysInMonth,
  isoDay,
  sameMonth,
  weekdayOf,
  type Day,
  type Month,
} from './calendar-month.ts';

/** At most 6 availability colour dots per day. */
export const MAX_DOTS_PER_DAY = 6;

/** What the calendar reads of an event. */
export type CalendarEvent = Pick<Event, 'ID' | 'LocalDate' | 'AvailabilityColor' | 'linkedEvent'>;

/** One day cell of the calendar grid, with its performances. */
export interface CalendarDay<E extends CalendarEvent = CalendarEvent> {
  /** Position in the grid, 0 for the top-left cell. */
  readonly index: number;
  readonly date: Day;
  /** YYYY-MM-DD */
  readonly formattedDate: string;
  /** False for the leading and trailing days of the neighbouring months. */
  readonly isInMonth: boolean;
  /** The day's events in start order (none outside the month: each month is loaded alone). */
  readonly events: readonly E[];
  /** One dot per event, at most MAX_DOTS_PER_DAY. */
  readonly availabilityColors: readonly string[];
  /** A two-day linked event continues from the day before / onto the day after. */
  readonly isLinkedLeft: boolean;
  readonly isLinkedRight: boolean;
}

const linkedDayOf = (event: CalendarEvent): string | null => {
  const day = event.linkedEvent ? dayOfLocal(event.linkedEvent.localDate) : null;
  return day ? isoDay(day) : null;
};

/**
 * The month's grid: whole weeks starting on `weekStartsOn` (0 = Sunday), each day with its
 * events. A day is linked to its neighbour when an event on either day names the other day's
 * event as its linked event (so the highlight holds when only one side of the pair is loaded).
 */
export const buildCalendarDays = <E extends CalendarEvent>(
  month: Month,
  events: readonly E[],
  weekStartsOn = 0,
): CalendarDay<E>[] => {
  const byDay = new Map<string, E[]>();
  for (const event of [...events].sort((a, b) => a.LocalDate.localeCompare(b.LocalDate))) {
    const day = dayOfLocal(event.LocalDate);
    if (!day || !sameMonth(day, month)) continue;
    const key = isoDay(day);
    byDay.set(key, [...(byDay.get(key) ?? []), event]);
  }
  const linksTo = (from: string, to: string) =>
    (byDay.get(from) ?? []).some((event) => linkedDayOf(event) === to);

  const first = { ...month, day: 1 };
  const lead = (weekdayOf(first) - weekStartsOn + 7) % 7;
  const cells = Math.ceil((lead + daysInMonth(month.year, month.month)) / 7) * 7;
  return Array.from({ length: cells }, (_, index) => {
    const date = addDays(first, index - lead);
    const formattedDate = isoDay(date);
    const before = isoDay(addDays(date, -1));
    const after = isoDay(addDays(date, 1));
    const dayEvents = byDay.get(formattedDate) ?? [];
    return {
      index,
      date,
      formattedDate,
      isInMonth: sameMonth(date, month),
      events: dayEvents,
      availabilityColors: dayEvents.slice(0, MAX_DOTS_PER_DAY).map((e) => e.AvailabilityColor),
      isLinkedLeft: linksTo(formattedDate, before) || linksTo(before, formattedDate),
      isLinkedRight: linksTo(formattedDate, after) || linksTo(after, formattedDate),
    };
  });
};

/** The grid cut into weeks of seven days. */
export const weeksOf = <T>(days: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(days.length / 7) }, (_, w) => days.slice(w * 7, w * 7 + 7));

/** The formatted date of the day a linked event's partner plays, if the event has one. */
export const linkedPartnerDay = linkedDayOf;
