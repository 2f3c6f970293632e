import { Effect } from 'effect';
import { InvalidRequest, NotFound } from '../shared/errors.ts';
import { currentTime } from './current-time.ts';
import { describeEvent, type EventView } from './event.ts';
import { monthOf, monthRange, parseRequestedTime } from './month-range.ts';
import { Catalogue } from './ports.ts';
import { seriesTimeZone } from './series.ts';

export interface EventsByMonthView {
  readonly Year: number;
  readonly Month: number;
  readonly Events: EventView[];
}

/**
 * The storefront's calendar month: every show of the series whose local start falls in the month of
 * the requested time, read in the venue's time zone (past shows of that month included).
 */
export const eventsByMonth = (query: {
  readonly seriesCode: string;
  readonly requestedTime: string;
}): Effect.Effect<EventsByMonthView, NotFound | InvalidRequest, Catalogue> =>
  Effect.gen(function* () {
    const requested = parseRequestedTime(query.requestedTime);
    if (!requested)
      return yield* new InvalidRequest({
        field: 'requestedTime',
        reason: 'must be a date: MM-DD-YYYY, YYYY-MM-DD or an ISO 8601 time',
      });
    const catalogue = yield* Catalogue;
    const series = yield* catalogue.series(query.seriesCode);
    if (!series) return yield* new NotFound({ entity: 'Series', id: query.seriesCode });
    const timeZone = seriesTimeZone(series);
    const month = monthOf(requested, timeZone);
    const { start, end } = monthRange(month, timeZone);
    const events = yield* catalogue.seriesEventsBetween(series.id, start, end);
    const now = yield* currentTime;
    return { Year: month.year, Month: month.month, Events: events.map((e) => describeEvent(e, now)) };
  });
