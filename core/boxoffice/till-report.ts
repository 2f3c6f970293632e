import { Effect } from 'effect';
import { currentTime } from '../catalogue/current-time.ts';
import { localCalendarDate, type CalendarDate } from '../catalogue/local-time.ts';
import { NotFound } from '../shared/errors.ts';
import { PaymentMethodSettings, TillMovements, type VenueTill } from './ports.ts';
import { tillDay, tillReport, type TillReport } from './till.ts';

export interface TillRequest {
  /** The venue's local day; 'today': today on the venue's clock. */
  readonly date: CalendarDate | 'today';
  /** null: the first venue (the house). */
  readonly venueId: number | null;
  readonly sellerId?: number;
  readonly counter?: string;
}

export interface TillAnswer {
  /** The local day reported (today's, when asked for 'today'). */
  readonly date: CalendarDate;
  readonly venue: VenueTill;
  readonly report: TillReport;
  /** Counter payments of the day in another currency (another venue's till). */
  readonly otherCurrencyPayments: number;
}

/** The till of one local day of the venue, for a seller and/or a counter. */
export const tillForDay = (request: TillRequest) =>
  Effect.gen(function* () {
    const venue = yield* (yield* PaymentMethodSettings).venue(request.venueId);
    if (!venue)
      return yield* Effect.fail(new NotFound({ entity: 'Venue', id: String(request.venueId ?? '') }));
    const date =
      request.date === 'today' ? localCalendarDate(yield* currentTime, venue.timeZone) : request.date;
    const { from, to } = tillDay(date, venue.timeZone);
    const query = {
      from,
      to,
      currency: venue.currency,
      ...(request.sellerId === undefined ? {} : { sellerId: request.sellerId }),
      ...(request.counter === undefined ? {} : { counter: request.counter }),
    };
    const movements = yield* TillMovements;
    const [rows, otherCurrencyPayments] = yield* Effect.all([
      movements.read(query),
      movements.otherCurrencies(query),
    ]);
    return { date, venue, report: tillReport(rows), otherCurrencyPayments } satisfies TillAnswer;
  });
