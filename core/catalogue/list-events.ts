import { Effect } from 'effect';
import { InvalidRequest, NotFound } from '../shared/errors.ts';
import { currentTime } from './current-time.ts';
import { describeEvent, type EventView } from './event.ts';
import { Catalogue } from './ports.ts';
import { parseUrlDate } from './url-date.ts';

export interface ListEvents {
  readonly seriesCode?: string;
  /** MM-DD-YYYY: events starting on or after this local day; default today. */
  readonly startDate?: string;
  readonly limit: number;
  readonly offset: number;
  readonly perSeries?: number;
}

/** The storefront's event list: the events on sale from a day on, in start order, a page at a time. */
export const listEvents = (query: ListEvents) =>
  Effect.gen(function* () {
    const catalogue = yield* Catalogue;
    const now = yield* currentTime;
    let from: { date: NonNullable<ReturnType<typeof parseUrlDate>> } | { today: Date } = { today: now };
    if (query.startDate !== undefined) {
      const date = parseUrlDate(query.startDate);
      if (!date)
        return yield* new InvalidRequest({ field: 'StartDate', reason: 'must be a real day as MM-DD-YYYY' });
      from = { date };
    }
    const page = yield* catalogue.events({
      ...(query.seriesCode === undefined ? {} : { seriesCode: query.seriesCode }),
      ...(query.perSeries === undefined ? {} : { perSeries: query.perSeries }),
      from,
      limit: query.limit,
      offset: query.offset,
    });
    return { Items: page.events.map((e) => describeEvent(e, now)), HasMore: page.hasMore };
  });

/** The storefront's event page: one event, cancelled ones included (IsCancelled says so). */
export const eventDetails = (id: number): Effect.Effect<EventView, NotFound, Catalogue> =>
  Effect.gen(function* () {
    const catalogue = yield* Catalogue;
    const event = yield* catalogue.event(id);
    if (!event) return yield* new NotFound({ entity: 'Event', id: String(id) });
    return describeEvent(event, yield* currentTime);
  });
